package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The horizon holds simulated time while frames go on: what lockstep needs while inputs are missing. */
class GameLoopHorizonTest {

    private static final long MS = 1_000_000L;

    @Test
    void simulatedTimeWaitsAtTheHorizonWhileEveryFrameSystemsKeepRunning() {
        ManualClock clock = new ManualClock();
        Systems.B physics = new Systems.B();
        Systems.F render = new Systems.F();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(physics, render)).build();
        loop.setHorizon(100 * MS);
        for (int f = 0; f < 20; f++) {
            clock.advance(10 * MS);
            loop.frame();
        }
        assertEquals(100 * MS, loop.simulatedNanos());
        assertEquals(6, physics.runs);
        assertEquals(20, render.runs, "rendering never waits");
        assertTrue(loop.isHeldAtHorizon());
        assertEquals(100 * MS, loop.debtNanos(), "held time is debt under KEEP");
        loop.setHorizon(400 * MS);
        clock.advance(10 * MS);
        loop.frame();
        assertEquals(210 * MS, loop.simulatedNanos(), "caught up within the bound");
        assertFalse(loop.isHeldAtHorizon());
        loop.clearHorizon();
        loop.frame();
        assertEquals(210 * MS, loop.simulatedNanos());
        assertEquals(0, loop.debtNanos());
    }

    @Test
    void aHorizonListenerThatLeavesTheHorizonEndsTheFrameThere() {
        ManualClock clock = new ManualClock();
        Systems.B physics = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(physics)).build();
        List<Long> calls = new ArrayList<>();
        loop.addHorizonListener(calls::add);
        loop.setHorizon(25 * MS);
        clock.advance(40 * MS);
        loop.frame();
        assertEquals(List.of(25 * MS), calls, "once, at the horizon");
        assertEquals(25 * MS, loop.simulatedNanos());
        assertEquals(15 * MS, loop.droppedNanos(), "the held time is dropped under DISCARD, as without a listener");
        assertTrue(loop.isHeldAtHorizon());
        clock.advance(10 * MS);
        loop.frame();
        assertEquals(List.of(25 * MS, 25 * MS), calls, "a frame that cannot move at all stops there too");
    }

    @Test
    void aHorizonListenerThatPausesStopsTheFrameAtTheHorizonAndItsControlsTakeEffectThere() {
        ManualClock clock = new ManualClock();
        Systems.B physics = new Systems.B();
        Systems.F render = new Systems.F();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(physics, render)).build();
        List<Long> rateAt = new ArrayList<>();
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends com.artemis.BaseSystem> system, double hz, long simNanos) {
                rateAt.add(simNanos);
            }
        });
        loop.addHorizonListener(at -> {
            loop.setRate(Systems.B.class, 30);
            loop.setHorizon(at + 100 * MS);
            loop.pause();
        });
        loop.setHorizon(25 * MS);
        clock.advance(40 * MS);
        loop.frame();
        assertEquals(List.of(25 * MS), rateAt, "a control the listener makes takes effect at the horizon");
        assertEquals(25 * MS, loop.simulatedNanos(), "paused at the horizon, the frame went no further");
        assertTrue(loop.isPaused());
        assertEquals(1, render.runs, "the every-frame systems still ran");
        assertEquals(1, physics.runs, "the tick at 16.7 ms, none past the horizon");
    }

    @Test
    void stepStopsAtTheHorizon() {
        ManualClock clock = new ManualClock();
        Systems.A ai = new Systems.A();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(ai)).build();
        loop.setHorizon(100 * MS);
        loop.step();
        loop.step();
        assertEquals(1, ai.runs, "the second 15 Hz tick (133 ms) lies past the horizon");
        assertEquals(66_666_667L, loop.simulatedNanos());
    }
}
