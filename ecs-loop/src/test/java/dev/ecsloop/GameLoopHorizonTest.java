package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

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
