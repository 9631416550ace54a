package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the timeline records from the loop's listeners, without a window: every tick at its simulated instant with
 * its measured cost, frames with their span, bursts, cuts and debt, dropped throttled runs, pauses and steps, the
 * phase offset; and recording allocates nothing.
 */
class TickTimelineTest {

    private static final long FRAME = 1_000_000_000L / 60;
    private static final long MS = 1_000_000L;

    /** The timeline's "real" clock: systems advance it by their cost, so costs are exact. */
    private static final ManualClock COST = new ManualClock();

    @TickRate(60)
    public static final class Sixty extends BaseSystem {
        @Override
        protected void processSystem() {
            COST.advance(2 * MS);
        }
    }

    @TickRate(5)
    public static final class Five extends BaseSystem {
        @Override
        protected void processSystem() {
            COST.advance(7 * MS);
        }
    }

    @TickRate(value = 5, phase = 0.5)
    public static final class FiveHalfPhase extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(value = 4, catchUp = false)
    public static final class Throttled extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private final ManualClock clock = new ManualClock();

    private GameLoop loop(DebtPolicy debt, Duration bound) {
        return GameLoop.builder().clock(clock).catchUpBound(bound).debtPolicy(debt).world(new WorldConfigurationBuilder()
                .with(new Sixty(), new Five(), new FiveHalfPhase(), new Throttled())).build();
    }

    private int frames;

    /** One frame ending at exactly frame k's 1/60 s mark, so instants at whole 60ths are reached. */
    private void frame(GameLoop loop, TickTimeline t, ManualClock clock) {
        frames++;
        frame(loop, t, clock, frames * 1_000_000_000L / 60 - clock.nanoTime());
    }

    private static void frame(GameLoop loop, TickTimeline t, ManualClock clock, long realNanos) {
        clock.advance(realNanos);
        loop.frame();
        t.endFrame();
    }

    private static List<Long> ticksOf(TickTimeline t, int lane, boolean dropped) {
        List<Long> at = new ArrayList<>();
        for (int k = t.tickCount - 1; k >= 0; k--) {
            int i = t.tick(k);
            if (t.tickLane[i] == lane && t.tickDropped[i] == dropped) {
                at.add(t.tickAt[i]);
            }
        }
        return at;
    }

    @Test
    void eachTickIsRecordedAtItsInstantWithItsCost() {
        GameLoop loop = loop(DebtPolicy.DISCARD, Duration.ofMillis(250));
        TickTimeline t = new TickTimeline(loop, COST);
        for (int f = 0; f < 60; f++) {
            frame(loop, t, clock);
        }
        List<Long> sixty = ticksOf(t, 0, false);
        List<Long> five = ticksOf(t, 1, false);
        List<Long> half = ticksOf(t, 2, false);
        assertEquals(60, sixty.size());
        for (int k = 0; k < sixty.size(); k++) {
            assertEquals(-Math.floorDiv(-(k + 1) * 1_000_000_000L, 60), sixty.get(k), "60 Hz tick " + k);
        }
        assertEquals(List.of(200 * MS, 400 * MS, 600 * MS, 800 * MS, 1000 * MS), five);
        assertEquals(List.of(100 * MS, 300 * MS, 500 * MS, 700 * MS, 900 * MS), half,
                "phase 0.5 staggers the second 5 Hz system half a step after the first");
        for (int k = 0; k < t.tickCount; k++) {
            int i = t.tick(k);
            long expected = t.tickLane[i] == 0 ? 2 * MS : t.tickLane[i] == 1 ? 7 * MS : 0;
            assertEquals(expected, t.tickCost[i], "cost of lane " + t.tickLane[i] + " at " + t.tickAt[i]);
            assertTrue(t.tickFrame[i] > 0, "ticked inside a frame");
        }
        assertEquals(60, t.frameCount);
        int last = t.frame(0);
        assertEquals(59 * 1_000_000_000L / 60, t.frameStart[last], 1);
        assertEquals(1_000_000_000L, t.frameEnd[last], 1);
        assertFalse(t.frameCapped[last] || t.frameLong[last], "a steady frame is neither cut nor a burst");
    }

    @Test
    void aStallShowsAsABurstCutByTheBoundAndTheDebtItLeaves() {
        GameLoop loop = loop(DebtPolicy.KEEP, Duration.ofMillis(250));
        TickTimeline t = new TickTimeline(loop, COST);
        for (int f = 0; f < 30; f++) {
            frame(loop, t, clock);
        }
        frame(loop, t, clock, 600 * MS);
        int stall = t.frame(0);
        assertTrue(t.frameCapped[stall], "600 ms asked, 250 ms allowed");
        assertTrue(t.frameLong[stall], "far longer than the usual frame");
        assertEquals(15, t.frameBurst[stall], "250 ms of 60 Hz ticks in one frame");
        assertEquals(350 * MS, t.frameDebt[stall], 2 * MS, "the rest is owed");
        assertEquals(250 * MS, t.frameEnd[stall] - t.frameStart[stall], 1);
    }

    @Test
    void aThrottledSystemsSkippedRunsAreMarkedDroppedAtTheirInstants() {
        GameLoop loop = loop(DebtPolicy.DISCARD, Duration.ofSeconds(2));
        TickTimeline t = new TickTimeline(loop, COST);
        for (int f = 0; f < 30; f++) {
            frame(loop, t, clock);        // to 0.5 s: runs at 0.25 and 0.5
        }
        frame(loop, t, clock, 1_000_000_000L);   // to 1.5 s in one frame: one run, three dropped
        assertEquals(List.of(250 * MS, 500 * MS, 1500 * MS), ticksOf(t, 3, false));
        assertEquals(List.of(750 * MS, 1000 * MS, 1250 * MS), ticksOf(t, 3, true));
    }

    @Test
    void pausesAndStepsAreEventsAndSteppedTicksBelongToNoFrame() {
        GameLoop loop = loop(DebtPolicy.DISCARD, Duration.ofMillis(250));
        TickTimeline t = new TickTimeline(loop, COST);
        frame(loop, t, clock);
        loop.pause();
        loop.step();
        frame(loop, t, clock);
        loop.resume();
        assertEquals(3, t.eventCount);
        assertEquals(TickTimeline.RESUME, t.eventKind[t.event(0)]);
        assertEquals(TickTimeline.STEP, t.eventKind[t.event(1)]);
        assertEquals(TickTimeline.PAUSE, t.eventKind[t.event(2)]);
        int stepped = t.tick(0);
        assertEquals(-1, t.tickFrame[stepped], "the step's tick ran outside any frame");
        long k = Math.round(t.tickAt[stepped] * 60 / 1e9);
        assertTrue(k > 0 && t.tickAt[stepped] == -Math.floorDiv(-k * 1_000_000_000L, 60),
                "the step ran a 60 Hz instant: " + t.tickAt[stepped]);
    }

    @Test
    void recordingAddsNoAllocationToTheSteadyStateFrame() {
        GameLoop plain = loop(DebtPolicy.DISCARD, Duration.ofMillis(250));
        ManualClock other = new ManualClock();
        GameLoop watched = GameLoop.builder().clock(other).world(new WorldConfigurationBuilder()
                .with(new Sixty(), new Five(), new FiveHalfPhase(), new Throttled())).build();
        TickTimeline t = new TickTimeline(watched, COST);
        long without = AllocationMeter.steadyStateBytes(() -> {
            for (int f = 0; f < 600; f++) {
                clock.advance(FRAME);
                plain.frame();
            }
        }, 5);
        long with = AllocationMeter.steadyStateBytes(() -> {
            for (int f = 0; f < 600; f++) {
                other.advance(FRAME);
                watched.frame();
                t.endFrame();
            }
        }, 5);
        assertEquals(without, with, "bytes per 600 frames without the timeline vs with it");
    }
}
