package dev.ecsloop.replay;

import dev.ecsloop.snapshot.SnapWorld;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recording that starts from a snapshot: run a random world for a while, capture it at that random instant,
 * restore the capture into a fresh world (as a rejoiner or a loaded game does), record from there under random
 * frames and input, and replay under another frame split: the replay restores the start snapshot, ticks exactly
 * as the recorded world did from there, verifies every hash and ends on the same hash. Seeking works within the
 * recording and refuses instants before its start.
 */
class StartSnapshotProperties {

    @Provide
    Arbitrary<List<Long>> frames() {
        Arbitrary<Long> frame = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.longs().between(1, 40_000_000L)),
                Tuple.of(1, Arbitraries.longs().between(40_000_000L, 400_000_000L)));
        return frame.list().ofMinSize(1).ofMaxSize(60);
    }

    @Property(tries = 200)
    void aRecordingFromARestoredInstantReplaysToTheSameTicksAndHash(
            @ForAll @LongRange(min = 0, max = 100_000) long seed,
            @ForAll("frames") List<Long> before,
            @ForAll("frames") List<Long> after,
            @ForAll @IntRange(min = 0, max = 3) int scheduledInputs,
            @ForAll @IntRange(min = 1, max = 2_000) int hashEveryMs,
            @ForAll @DoubleRange(min = 0, max = 1) double seekAt) throws IOException {
        SnapWorld first = new SnapWorld(seed, 0);
        int code = 0;
        for (long f : before) {
            if (Math.floorMod(SnapWorld.mix(seed + f), 3L) == 0) {
                first.post(code++);
            }
            first.frame(f);
        }
        // Input already scheduled ahead at the capture (as lockstep turns are): the snapshot holds it, and the
        // recording must not journal it a second time.
        long ahead = first.loop.simulatedNanos() + first.loop.debtNanos() + 1;
        for (int i = 0; i < scheduledInputs; i++) {
            first.input.postAtSimulated(ahead + i * 7_000_000L).set(2, 1000 + i, i, -i);
        }
        byte[] captured = first.snapshots.capture();

        SnapWorld live = new SnapWorld(seed, 0);
        live.snapshots.restore(captured);
        long start = live.loop.simulatedNanos();
        Recorder recorder = Recorder.attach(live.snapshots, live.input, "snapworld seed=" + seed,
                Duration.ofMillis(hashEveryMs));
        int logFrom = live.log().size();
        for (long f : after) {
            if (Math.floorMod(SnapWorld.mix(seed ^ f), 3L) == 0) {
                live.post(code++);
            }
            live.frame(f);
        }
        Path file = Files.createTempFile("start", ".replay");
        file.toFile().deleteOnExit();
        long endHash = recorder.save(file);
        List<String> liveTicks = new ArrayList<>(live.log().subList(logFrom, live.log().size()));

        Replay replay = Replay.read(file);
        assertTrue(replay.startsFromSnapshot());
        assertEquals(start, replay.startNanos());
        SnapWorld again = new SnapWorld(seed, 0);
        ReplayResult result = Replayer.play(replay, again.snapshots, again.clock, again.input,
                ReplaySeekProperties.split(seed + 1));
        assertTrue(result.matched(), "the replay verifies: " + result.divergence());
        assertEquals(endHash, result.finalHash());
        assertEquals(endHash, again.hash());
        assertEquals(liveTicks, again.log(), "the replay ticks as the recorded world did from its start");

        SnapWorld seeking = new SnapWorld(seed, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, seeking.snapshots, seeking.clock, seeking.input,
                ReplaySeekProperties.split(seed + 2), new Keyframes(50_000_000L, 1L << 20))) {
            assertEquals(start, seeking.loop.simulatedNanos());
            long to = start + (long) (seekAt * (replay.endNanos() - start));
            s.seek(to);
            assertEquals(to, seeking.loop.simulatedNanos());
            s.seek(start);
            assertEquals(start, seeking.loop.simulatedNanos());
            if (start > 0) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.seek(start - 1));
                assertTrue(e.getMessage().contains("covers"), e.getMessage());
                assertEquals(start, seeking.loop.simulatedNanos(), "a refused seek changes nothing");
            }
            ReplayResult rest = s.playToEnd();
            assertTrue(rest.matched(), "the rest verifies after seeks: " + rest.divergence());
            assertEquals(endHash, rest.finalHash());
        }
    }
}
