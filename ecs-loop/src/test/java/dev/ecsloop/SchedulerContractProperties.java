package dev.ecsloop;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scheduler's contract under random frame splits, stalls, controls from inside ticks, failures and entity
 * churn. {@link ChurnWorld} itself asserts, tick by tick, that the tick log never goes back and that no frame
 * reaches further than the catch-up bound.
 */
class SchedulerContractProperties {

    @Provide
    Arbitrary<List<Long>> frames() {
        Arbitrary<Long> frame = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Arbitraries.longs().between(0, 40_000_000L)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(40_000_000L, 2_000_000_000L)));
        return frame.list().ofMinSize(1).ofMaxSize(120);
    }

    /** {@code lengths} re-cut to cover exactly {@code total}: the same real time, other frame boundaries. */
    static long[] recut(List<Long> lengths, long total) {
        long[] out = new long[lengths.size() + 1];
        int n = 0;
        long sum = 0;
        for (long l : lengths) {
            if (sum + l >= total) {
                break;
            }
            out[n++] = l;
            sum += l;
        }
        out[n++] = total - sum;
        return java.util.Arrays.copyOf(out, n);
    }

    @Property(tries = 60)
    void theSameRealTimeCutIntoFramesDifferentlyGivesTheSameTicksAndWorld(
            @ForAll @LongRange(min = 0, max = 10_000) long seed,
            @ForAll @IntRange(min = 0, max = 9) int failEvery,
            @ForAll("frames") List<Long> first, @ForAll("frames") List<Long> second) {
        long total = first.stream().mapToLong(Long::longValue).sum();
        ChurnWorld a = run(seed, failEvery, first.stream().mapToLong(Long::longValue).toArray());
        ChurnWorld b = run(seed, failEvery, recut(second, total));
        ChurnWorld one = run(seed, failEvery, new long[] {total});
        assertEquals(total, a.loop.simulatedNanos());
        assertEquals(total, b.loop.simulatedNanos());
        assertEquals(total, one.loop.simulatedNanos());
        assertEquals(a.log, b.log);
        assertEquals(a.log, one.log);
        assertEquals(a.hash(), b.hash());
        assertEquals(a.hash(), one.hash());
    }

    private static ChurnWorld run(long seed, int failEvery, long[] frames) {
        ChurnWorld w = new ChurnWorld(seed, failEvery, DebtPolicy.KEEP, Duration.ofMillis(250)).bind();
        for (long f : frames) {
            w.frame(f);
        }
        w.drain();
        return w;
    }

    @Property(tries = 60)
    void anUnchangedRateKeepsItsExactCountUnderStallsFailuresAndDroppedTime(
            @ForAll @LongRange(min = 0, max = 10_000) long seed,
            @ForAll @IntRange(min = 0, max = 5) int failEvery,
            @ForAll boolean keepDebt,
            @ForAll("frames") List<Long> frames) {
        ChurnWorld w = new ChurnWorld(seed, failEvery, keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD,
                Duration.ofMillis(100)).bind();
        ChurnWorld.Metronome metronome = w.loop.world().getSystem(ChurnWorld.Metronome.class);
        for (long f : frames) {
            int failuresBefore = w.failures;
            w.frame(f);
            if (w.failures == failuresBefore) {
                assertEquals(ChurnWorld.expectedTicks(29.97, 0.3, w.loop.simulatedNanos()), metronome.ticks,
                        "at " + w.loop.simulatedNanos() + " ns");
            }
        }
    }

    @Property(tries = 40)
    void aRunOfFailuresNeverMakesAFrameRunMoreThanTheBound(
            @ForAll @IntRange(min = 1, max = 3) int failEvery,
            @ForAll("frames") List<Long> frames) {
        // ChurnWorld fails the test from inside the tick listener if a tick lies beyond the bound.
        ChurnWorld w = new ChurnWorld(1, failEvery, DebtPolicy.KEEP, Duration.ofMillis(250)).bind();
        for (long f : frames) {
            w.frame(f);
        }
        for (int i = 0; i < 50; i++) {
            w.frame(16_000_000L);
        }
        assertTrue(w.failures > 0, "the flaky system failed at least once");
    }
}
