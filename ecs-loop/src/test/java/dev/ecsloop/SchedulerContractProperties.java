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

    /** A control made between frames, at a simulated instant. */
    record Control(long atNanos, int kind, long value) {
    }

    @Provide
    Arbitrary<List<Control>> controls() {
        Arbitrary<Control> one = net.jqwik.api.Combinators.combine(
                Arbitraries.longs().between(0, 3_000_000_000L), Arbitraries.integers().between(0, 5),
                Arbitraries.longs().between(0, 999)).as(Control::new);
        return one.list().ofMaxSize(12).map(l -> l.stream()
                .sorted(java.util.Comparator.comparingLong(Control::atNanos)).toList());
    }

    @Property(tries = 60)
    void controlsBetweenFramesAtTheSameInstantsGiveTheSameTicksUnderAnySplit(
            @ForAll @LongRange(min = 0, max = 10_000) long seed,
            @ForAll("controls") List<Control> controls,
            @ForAll("frames") List<Long> first, @ForAll("frames") List<Long> second) {
        ChurnWorld a = scripted(seed, controls, first);
        ChurnWorld b = scripted(seed, controls, second);
        assertEquals(a.loop.simulatedNanos(), b.loop.simulatedNanos());
        assertEquals(a.log, b.log);
        assertEquals(a.hash(), b.hash());
    }

    /**
     * Drives the world to 3 s of simulated time, cutting frames from {@code frames} (repeated as needed, each
     * cut short at the next control's instant) and applying each control at its instant, as a replayer does.
     */
    private static ChurnWorld scripted(long seed, List<Control> controls, List<Long> frames) {
        ChurnWorld w = new ChurnWorld(seed, 0, DebtPolicy.KEEP, Duration.ofSeconds(5)).bind();
        int next = 0;
        int f = 0;
        long end = 3_000_000_000L;
        while (w.loop.simulatedNanos() < end || next < controls.size()) {
            while (next < controls.size() && controls.get(next).atNanos() <= w.loop.simulatedNanos()) {
                apply(w, controls.get(next++));    // a step moves simulated time: read it again
            }
            long now = w.loop.simulatedNanos();
            long until = next < controls.size() ? controls.get(next).atNanos() : end;
            if (until <= now) {
                if (next >= controls.size()) {
                    break;
                }
                continue;
            }
            // At least 1 ms of real time per frame, so that a run of zero-length frames still moves on.
            long length = Math.min(Math.max(1_000_000L, frames.get(f++ % frames.size())), until - now);
            if (w.loop.isPaused()) {
                w.frame(length);                 // paused real time: no simulated time passes
                w.loop.resume();
            } else {
                w.frame(length);
            }
        }
        return w;
    }

    private static void apply(ChurnWorld w, Control c) {
        GameLoop loop = w.loop;
        switch (c.kind()) {
            case 0 -> loop.setRate(ChurnWorld.Mixer.class, 1 + c.value() / 10.0);
            case 1 -> loop.setPhase(ChurnWorld.Spawner.class, c.value() / 1000.0);
            case 2 -> loop.pause();
            case 3 -> {
                w.step();
                loop.resume();
            }
            case 4 -> loop.setEveryFrame(ChurnWorld.Sampler.class);
            default -> loop.setRate(ChurnWorld.Sampler.class, 1 + c.value());
        }
    }

    @Property(tries = 60)
    void whateverHappensTheLogNeverGoesBackAndNoFrameReachesPastTheBound(
            @ForAll @LongRange(min = 0, max = 10_000) long seed,
            @ForAll("frames") List<Long> frames,
            @ForAll("controls") List<Control> chaos) {
        // ChurnWorld asserts both inside its tick listener; here time scale, bound and debt policy change too.
        ChurnWorld w = new ChurnWorld(seed, 3, DebtPolicy.KEEP, Duration.ofMillis(200)).bind();
        int c = 0;
        for (long f : frames) {
            if (c < chaos.size() && f % 3 == 0) {
                Control k = chaos.get(c++);
                switch (k.kind()) {
                    case 0 -> w.loop.setTimeScale(k.value() / 100.0);
                    case 1 -> w.loop.setCatchUpBound(Duration.ofMillis(1 + k.value()));
                    case 2 -> w.loop.setDebtPolicy(k.value() % 2 == 0 ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
                    case 3 -> w.step();
                    case 4 -> w.loop.resume();
                    default -> w.loop.setHorizon(w.loop.simulatedNanos() + k.value() * 1_000_000L);
                }
            }
            long before = w.loop.simulatedNanos();
            w.frame(f);
            assertTrue(w.loop.simulatedNanos() >= before, "simulated time went back");
        }
    }
}
