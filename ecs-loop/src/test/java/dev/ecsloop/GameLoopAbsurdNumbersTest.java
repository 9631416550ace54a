package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The extremes the API accepts work: the fastest and slowest rates, the largest bound, the finest phase. */
class GameLoopAbsurdNumbersTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @TickRate(value = 1_000_000, catchUp = false)
    static final class Sampler extends BaseSystem {
        long runs;
        float lastDelta;

        @Override
        protected void processSystem() {
            runs++;
            lastDelta = world.getDelta();
        }
    }

    @Test
    void aThrottledMegahertzSystemSkipsAHundredYearsStallInOneRun() {
        // Skipping must not walk the 3e15 missed occurrences one by one; the timeout only guards against a hang.
        // The loop is confined to its thread, so the whole game runs in the timeout's thread.
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            ManualClock clock = new ManualClock();
            Sampler sampler = new Sampler();
            GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofDays(200L * 365))
                    .world(new WorldConfigurationBuilder().with(sampler)).build();
            clock.advance(100L * 365 * 86_400 * SECOND);
            loop.frame();
            assertEquals(1, sampler.runs, "a throttled system runs at most once per frame");
            assertEquals(100L * 365 * 86_400 * SECOND, loop.simulatedNanos());
            clock.advance(3 * MS);
            loop.frame();
            assertEquals(2, sampler.runs);
            assertEquals(0.003f, sampler.lastDelta, 1e-9f, "its delta: the simulated time since its previous run");
        });
    }

    @TickRate(value = 0.001, phase = 0.999999)
    static final class Glacial extends BaseSystem {
        long runs;
        long at;
        GameLoop loop;

        @Override
        protected void processSystem() {
            runs++;
            at = loop.tickNanos();
        }
    }

    @Test
    void theSlowestRateAtTheLatestPhaseTicksOnceAt999Point999Seconds() {
        ManualClock clock = new ManualClock();
        Glacial glacial = new Glacial();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(2_000))
                .world(new WorldConfigurationBuilder().with(glacial)).build();
        glacial.loop = loop;
        clock.advance(999_998_999_999L);
        loop.frame();
        assertEquals(0, glacial.runs);
        clock.advance(1);
        loop.frame();
        assertEquals(1, glacial.runs);
        assertEquals(999_999_000_000L, glacial.at, "(0 + 0.999999) / 0.001 Hz");
        clock.advance(1_000 * SECOND);
        loop.frame();
        assertEquals(2, glacial.runs);
    }

    @Test
    void aOneNanosecondBoundCoversOneNanosecondPerFrameAndKeepsTheRestAsDebt() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofNanos(1)).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(sixty)).build();
        clock.advance(16 * MS);
        for (int i = 0; i < 1_000; i++) {
            loop.frame();
        }
        assertEquals(1_000, loop.simulatedNanos());
        assertEquals(16 * MS - 1_000, loop.debtNanos());
        assertEquals(0, sixty.runs);
        assertTrue(loop.stats().frames() == 1_000);
    }

    @Test
    void theLargestScaleIsStillBoundedAndScaleZeroStopsTimeButNotStepsOrFrames() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        Systems.F drawing = new Systems.F();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(sixty, drawing)).build();
        loop.setTimeScale(1000);
        clock.advance(MS);
        loop.frame();
        assertEquals(250 * MS, loop.simulatedNanos(), "1 ms at 1000x is 1 s, cut to the 250 ms bound");
        assertEquals(15, sixty.runs);
        loop.setTimeScale(0);
        clock.advance(10 * SECOND);
        loop.frame();
        assertEquals(250 * MS, loop.simulatedNanos());
        loop.step();
        assertEquals(16, sixty.runs, "a step still runs the next instant");
        assertEquals(2, drawing.runs);
    }

    @Test
    void clockReadingsFromLongMinToLongMaxAdvanceOnlyTheBound() {
        long[] now = {Long.MIN_VALUE};
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(() -> now[0])
                .world(new WorldConfigurationBuilder().with(sixty)).build();
        now[0] = Long.MAX_VALUE;
        loop.frame();
        loop.frame();
        now[0] = 0;
        loop.frame();
        assertEquals(250 * MS, loop.simulatedNanos(), "one jump, cut to the bound; the clock going back adds none");
        assertEquals(15, sixty.runs);
    }

    @Test
    void aHorizonBehindTheCurrentTimeHoldsTheGameWhereItIs() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(sixty)).build();
        clock.advance(100 * MS);
        loop.frame();
        loop.setHorizon(50 * MS);
        clock.advance(100 * MS);
        loop.frame();
        assertEquals(100 * MS, loop.simulatedNanos(), "never back to the horizon, never past the current time");
        assertTrue(loop.isHeldAtHorizon());
        loop.step();
        assertEquals(6, sixty.runs, "a step past the horizon runs nothing");
        loop.resume();
        loop.clearHorizon();
        clock.advance(MS);
        loop.frame();
        assertEquals(201 * MS, loop.simulatedNanos(), "the held time was kept as debt");
        assertEquals(12, sixty.runs);
    }
}
