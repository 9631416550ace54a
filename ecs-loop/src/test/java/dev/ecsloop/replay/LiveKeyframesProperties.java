package dev.ecsloop.replay;

import dev.ecsloop.snapshot.SnapWorld;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keyframes kept while recording ({@link LiveKeyframes}) seek exactly as keyframes a replay builds: record a
 * random world (churn, rates and phases retuned inside ticks, input posted before frames and, now and then, right
 * after the frame that lands on a keyframe instant, so that it is journaled but not yet applied there), save the
 * replay and its live keyframes, then seek a fresh world through them to random instants in random order: each
 * seek reaches the hash a straight replay reaches, the rest verifies, and nothing was built on the way.
 */
class LiveKeyframesProperties {

    /** A recording with its live keyframes saved beside it. */
    record Recorded(Path file, int skipped, int kept) {
    }

    static Recorded record(long seed, List<Long> frames, long intervalNanos, long budgetBytes) throws IOException {
        return record(seed, frames, intervalNanos, budgetBytes, true);
    }

    /** As {@link #record(long, List, long, long)}, packing on the loop thread or off it. */
    static Recorded record(long seed, List<Long> frames, long intervalNanos, long budgetBytes, boolean packOffLoop)
            throws IOException {
        SnapWorld w = new SnapWorld(seed, 0);
        Recorder recorder = Recorder.attach(w.loop, w.input, "snapworld seed=" + seed, Duration.ofMillis(100));
        LiveKeyframes live = LiveKeyframes.start(w.snapshots, w.input, new Keyframes(intervalNanos, budgetBytes),
                packOffLoop);
        int code = 0;
        for (long f : frames) {
            if (Math.floorMod(SnapWorld.mix(seed + f), 4L) == 0) {
                w.post(code++);
            }
            long left = f;
            while (left > 0) {
                long step = Math.min(left, Math.max(1, live.nextDueNanos() - w.loop.simulatedNanos()));
                w.frame(step);
                left -= step;
                if (Math.floorMod(SnapWorld.mix(seed ^ left), 5L) == 0) {
                    w.post(code++);     // posted after the frame, before the capture: unsettled input
                }
                live.poll();
            }
        }
        Path file = Files.createTempFile("live", ".replay");
        file.toFile().deleteOnExit();
        recorder.save(file);
        Path keys = live.save(file);
        keys.toFile().deleteOnExit();
        return new Recorded(file, live.skipped(), live.keyframes().count());
    }

    @Property(tries = 200)
    void seeksThroughLiveKeyframesReachWhatAStraightReplayReaches(
            @ForAll @LongRange(min = 0, max = 100_000) long seed,
            @ForAll("frames") List<Long> frames,
            @ForAll @Size(min = 1, max = 8) List<@DoubleRange(min = 0, max = 1) Double> at,
            @ForAll @IntRange(min = 1, max = 3_000) int intervalMs,
            @ForAll @IntRange(min = 24, max = 2_048) int budgetKb) throws IOException {
        Recorded recorded = record(seed, frames, intervalMs * 1_000_000L, budgetKb * 1024L);
        Replay replay = Replay.read(recorded.file());
        List<Long> instants = at.stream().map(f -> (long) (f * replay.endNanos())).toList();
        TreeMap<Long, Long> expected = ReplaySeekProperties.straight(replay, seed, instants);
        Keyframes keyframes = Keyframes.load(Keyframes.besideReplay(recorded.file()), replay, 4);
        SnapWorld w = new SnapWorld(seed, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input,
                ReplaySeekProperties.split(seed + 1), keyframes)) {
            int loaded = keyframes.count();
            for (long t : instants) {
                s.seek(t);
                assertEquals(t, w.loop.simulatedNanos());
                assertEquals(expected.get(t), w.hash(), "hash after a seek to " + t + " through live keyframes");
            }
            ReplayResult rest = s.playToEnd();
            assertTrue(rest.matched(), "the rest verifies: " + rest.divergence());
            assertEquals(replay.endHash(), rest.finalHash());
            assertTrue(loaded >= 1 && recorded.kept() >= loaded, loaded + " of " + recorded.kept());
        }
    }

    /**
     * Packing off the loop thread keeps exactly the keyframes packing on it keeps: the same instants skipped and
     * kept, the same thinning under tiny budgets, the same bytes in the file, however the packer thread is
     * scheduled (the next due instant waits for the keyframe in flight; without that wait this fails).
     */
    @Property(tries = 200)
    void packingOffTheLoopThreadKeepsTheSameKeyframesAndBytes(
            @ForAll @LongRange(min = 0, max = 100_000) long seed,
            @ForAll("frames") List<Long> frames,
            @ForAll @IntRange(min = 1, max = 3_000) int intervalMs,
            @ForAll @IntRange(min = 24, max = 2_048) int budgetKb) throws IOException {
        Recorded off = record(seed, frames, intervalMs * 1_000_000L, budgetKb * 1024L, true);
        Recorded on = record(seed, frames, intervalMs * 1_000_000L, budgetKb * 1024L, false);
        assertEquals(on.kept(), off.kept(), "keyframes kept");
        assertEquals(on.skipped(), off.skipped(), "due instants skipped");
        org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(Keyframes.besideReplay(on.file())),
                Files.readAllBytes(Keyframes.besideReplay(off.file())), "the keyframe files");
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<Long>> frames() {
        return new ReplaySeekProperties().frames();
    }

    /** Input posted after the frame that lands on a keyframe's instant keeps that keyframe from being taken. */
    @Example
    void unsettledInputSkipsTheKeyframeAndTheSeekStillMatches() throws IOException {
        SnapWorld w = new SnapWorld(5, 0);
        Recorder recorder = Recorder.attach(w.loop, w.input, "snapworld seed=5", Duration.ofMillis(100));
        LiveKeyframes live = LiveKeyframes.start(w.snapshots, w.input, new Keyframes(200_000_000L, 1 << 20), true);
        for (int i = 0; i < 10; i++) {
            w.frame(100_000_000L);
            if (i == 3) {
                w.post(7); // at 400 ms, after the frame: it will be journaled at 400 ms or later
            }
            boolean captured = live.poll();
            assertEquals(i % 2 == 1 && i != 3, captured, "frame " + i);
        }
        assertEquals(1, live.skipped());
        assertFalse(live.keyframes().has(400_000_000L));
        Path file = Files.createTempFile("live", ".replay");
        file.toFile().deleteOnExit();
        recorder.save(file);
        Keyframes.besideReplay(live.save(file)).toFile().deleteOnExit();
        Replay replay = Replay.read(file);
        TreeMap<Long, Long> expected = ReplaySeekProperties.straight(replay, 5, List.of(450_000_000L, 600_000_000L));
        SnapWorld v = new SnapWorld(5, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, v.snapshots, v.clock, v.input, () -> 7_000_000L,
                Keyframes.load(Keyframes.besideReplay(file), replay, 1))) {
            s.seek(600_000_000L);
            assertEquals(expected.get(600_000_000L), v.hash());
            s.seek(450_000_000L);
            assertEquals(expected.get(450_000_000L), v.hash());
            assertTrue(s.playToEnd().matched());
        }
    }
}
