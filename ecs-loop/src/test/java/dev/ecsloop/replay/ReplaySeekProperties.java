package dev.ecsloop.replay;

import dev.ecsloop.snapshot.SnapWorld;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Record a random world (churn, rates and phases retuned from inside ticks, input, interpolation), then seek its
 * replay to random instants in random order, forward and backward, under random keyframe intervals and budgets
 * and another frame split: every seek reaches the hash a straight replay reaches at that instant, and the rest of
 * the replay then verifies. Keyframes saved and loaded again seek the same.
 */
class ReplaySeekProperties {

    @Provide
    Arbitrary<List<Long>> frames() {
        Arbitrary<Long> frame = Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.longs().between(1, 40_000_000L)),
                Tuple.of(1, Arbitraries.longs().between(40_000_000L, 400_000_000L)));
        return frame.list().ofMinSize(5).ofMaxSize(80);
    }

    /** Records {@code frames} of a world of {@code seed}, posting input now and then. */
    static Path record(long seed, List<Long> frames) {
        SnapWorld w = new SnapWorld(seed, 0);
        Recorder recorder = Recorder.attach(w.loop, w.input, "snapworld seed=" + seed, Duration.ofMillis(100));
        int code = 0;
        for (long f : frames) {
            if (Math.floorMod(SnapWorld.mix(seed + f), 4L) == 0) {
                w.post(code++);
            }
            w.frame(f);
        }
        try {
            Path file = Files.createTempFile("seek", ".replay");
            file.toFile().deleteOnExit();
            recorder.save(file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Frame lengths from 1 to 50 ms, by a seeded generator. */
    static LongSupplier split(long seed) {
        long[] state = {seed};
        return () -> 1 + Math.floorMod(SnapWorld.mix(state[0]++), 50_000_000L);
    }

    /** The hash a straight replay reaches at each instant, played forward once with no keyframe but 0. */
    static TreeMap<Long, Long> straight(Replay replay, long seed, List<Long> instants) throws IOException {
        TreeMap<Long, Long> hashes = new TreeMap<>();
        instants.forEach(t -> hashes.put(t, 0L));
        SnapWorld w = new SnapWorld(seed, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 16_666_667L,
                new Keyframes(Long.MAX_VALUE / 4, 1L << 30))) {
            for (long t : hashes.keySet()) {
                s.playTo(t);
                assertEquals(t, w.loop.simulatedNanos());
                hashes.put(t, w.hash());
            }
            assertTrue(s.playToEnd().matched(), "the straight replay verifies");
        }
        return hashes;
    }

    @Property(tries = 200)
    void aSeekReachesWhatAStraightReplayReachesAndTheRestVerifies(
            @ForAll @LongRange(min = 0, max = 100_000) long seed,
            @ForAll("frames") List<Long> frames,
            @ForAll @Size(min = 1, max = 8) List<@DoubleRange(min = 0, max = 1) Double> at,
            @ForAll @IntRange(min = 1, max = 3_000) int intervalMs,
            @ForAll @IntRange(min = 24, max = 2_048) int budgetKb,
            @ForAll boolean viaFile) throws IOException {
        Path file = record(seed, frames);
        Replay replay = Replay.read(file);
        List<Long> instants = at.stream().map(f -> (long) (f * replay.endNanos())).toList();
        TreeMap<Long, Long> expected = straight(replay, seed, instants);

        Keyframes keyframes = new Keyframes(intervalMs * 1_000_000L, budgetKb * 1024L);
        if (viaFile) {
            SnapWorld builder = new SnapWorld(seed, 0);
            try (ReplaySeeker s = ReplaySeeker.open(replay, builder.snapshots, builder.clock, builder.input,
                    split(seed), keyframes)) {
                assertTrue(s.playToEnd().matched());
            }
            Path keys = Keyframes.besideReplay(file);
            keys.toFile().deleteOnExit();
            keyframes.save(keys, replay);
            keyframes = Keyframes.load(keys, replay, 1);
        }
        SnapWorld w = new SnapWorld(seed, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, split(seed + 1), keyframes)) {
            for (long t : instants) {
                s.seek(t);
                assertEquals(t, w.loop.simulatedNanos());
                assertEquals(expected.get(t), w.hash(), "hash after a seek to " + t);
                Keyframes k = s.keyframes();
                assertTrue(k.bytes() <= k.budgetBytes(), "keyframes within their budget");
                for (Keyframes.Keyframe f : k.all()) {
                    assertEquals(0, f.simNanos() % k.intervalNanos(), "keyframes on the interval");
                }
            }
            ReplayResult rest = s.playToEnd();
            assertTrue(rest.matched(), "the rest verifies: " + rest.divergence());
            assertEquals(replay.endHash(), rest.finalHash());
        }
    }

    /**
     * Shrunk counterexample: keyframes built at a 1 ms interval in a 1,498 KB budget, saved, then loaded into the
     * default 1 MB budget. Loading thinned half-way through the file (the interval doubled to 2 ms) and then
     * refused the file's next keyframe, at an odd millisecond, as "not on the interval", instead of dropping it
     * as thinning does.
     */
    @Example
    void keyframesLoadedIntoASmallerBudgetThinAsTheyLoad() throws IOException {
        aSeekReachesWhatAStraightReplayReachesAndTheRestVerifies(0, List.of(3L, 1L, 1L, 1L, 1L, 3L, 1L, 1L, 1L, 1L,
                3L, 1L, 11403L, 13550L, 184L, 268120L, 5830784L, 4727L, 27L, 941L, 39999999L, 30619410L, 5784L, 1L,
                15L, 1495L, 70L, 4L, 110597L, 172390L, 395L, 133806L, 40020748L, 1067404L, 3220914L, 753L,
                40000062L, 9177L, 530831L, 2279L, 40190818L, 172042L, 2197L, 45L, 40053089L, 10L, 40493052L, 68L,
                200L, 124L, 1056L, 521886L, 31103996L, 399999999L, 40000187L, 7L, 742813L), List.of(0.11, 0.51), 1,
                1498, true);
    }
}
