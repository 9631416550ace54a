package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A failing system or tick listener ends the frame at its tick; failures never pile ticks up. */
class GameLoopFailureTest {

    private static final long MS = 1_000_000L;

    @TickRate(60)
    static final class AlwaysFails extends BaseSystem {
        boolean failing = true;
        long runs;

        @Override
        protected void processSystem() {
            runs++;
            if (failing) {
                throw new IllegalStateException("broken");
            }
        }
    }

    @Test
    void aRunOfFailuresNeverMakesOneFrameRunMoreThanTheBound() {
        ManualClock clock = new ManualClock();
        AlwaysFails fails = new AlwaysFails();
        Systems.B steady = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(fails, steady)).build();
        for (int f = 0; f < 150; f++) {               // 40 s of failing frames
            clock.advance(16 * MS + 250 * MS);
            assertThrows(TickFailedException.class, loop::frame);
        }
        fails.failing = false;
        long before = steady.runs;
        clock.advance(16 * MS);
        loop.frame();
        assertTrue(steady.runs - before <= 16, "one frame ran " + (steady.runs - before)
                + " ticks of a 60 Hz system; the 250 ms bound allows 15 and the one left at the failed instant");
        assertTrue(loop.debtNanos() > 0, "the undone time is debt under KEEP, paid at the bound per frame");
    }

    @Test
    void aTickListenerThatThrowsFailsTheFrameNamingTheListener() {
        ManualClock clock = new ManualClock();
        Systems.B steady = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(steady)).build();
        TickListener broken = (system, at) -> {
            throw new IllegalArgumentException("listener bug");
        };
        loop.addTickListener(broken);
        clock.advance(40 * MS);
        TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
        assertTrue(e.getMessage().startsWith("tick listener " + broken.getClass().getName()), e.getMessage());
        assertTrue(e.getMessage().contains("before B"), e.getMessage());
        assertEquals(16_666_667L, e.simulatedNanos());
        assertEquals(0, steady.runs, "the tick is consumed, its system not run");
        loop.removeTickListener(broken);
        loop.frame();
        assertEquals(16_666_667L, loop.simulatedNanos(), "the rest of the frame was dropped (DISCARD)");
        clock.advance(20 * MS);
        loop.frame();
        assertEquals(1, steady.runs, "the tick at 33.3 ms runs; the one at 16.7 ms was consumed");
    }

    @Test
    void aFailureUnderKeepOwesTheRestAsDebtAndCatchesUpWithinTheBound() {
        ManualClock clock = new ManualClock();
        AlwaysFails fails = new AlwaysFails();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP).catchUpBound(Duration.ofMillis(50))
                .world(new WorldConfigurationBuilder().with(fails)).build();
        clock.advance(40 * MS);
        assertThrows(TickFailedException.class, loop::frame);
        assertEquals(16_666_667L, loop.simulatedNanos());
        assertEquals(40 * MS - 16_666_667L, loop.debtNanos());
        fails.failing = false;
        loop.frame();
        assertEquals(40 * MS, loop.simulatedNanos());
        assertEquals(2, fails.runs);
    }

    @Test
    void aFrameListenerThatThrowsEndsTheFrameBeforeAnyTickSoNoLaterFrameRunsMoreThanTheBound() {
        ManualClock clock = new ManualClock();
        Systems.B steady = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(steady)).build();
        boolean[] failing = {true};
        loop.addFrameListener((realStart, realEnd, wantedStart, wantedEnd, simEnd) -> {
            if (failing[0]) {
                throw new IllegalStateException("listener bug");
            }
        });
        for (int f = 0; f < 10; f++) {
            clock.advance(200 * MS);
            assertThrows(IllegalStateException.class, loop::frame);
        }
        assertEquals(0, loop.simulatedNanos());
        failing[0] = false;
        clock.advance(200 * MS);
        loop.frame();
        assertEquals(200 * MS, loop.simulatedNanos());
        assertEquals(12, steady.runs, "one frame's worth of ticks, not eleven");
    }
}
