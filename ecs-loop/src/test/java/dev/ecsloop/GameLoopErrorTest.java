package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * An {@link Error} from a system or listener (a failed assertion, a stack overflow in game code) escapes as it is,
 * never wrapped, but leaves the loop as consistent as a failing tick does: the frame ends at the tick's instant and
 * every system keeps ticking afterwards.
 */
class GameLoopErrorTest {

    private static final long MS = 1_000_000L;

    @TickRate(10)
    static final class Asserting extends BaseSystem {
        long runs;
        boolean fail;

        @Override
        protected void processSystem() {
            runs++;
            if (fail) {
                fail = false;
                throw new AssertionError("invariant broken");
            }
        }
    }

    @Test
    void anAssertionErrorFromATickEndsTheFrameThereAndEverySystemKeepsTicking() {
        ManualClock clock = new ManualClock();
        Asserting asserting = new Asserting();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1)).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(asserting, sixty)).build();
        asserting.fail = true;
        clock.advance(250 * MS);
        assertThrows(AssertionError.class, loop::frame);
        assertEquals(100 * MS, loop.simulatedNanos(), "the frame ends at the failed tick's instant");
        clock.advance(750 * MS);
        loop.frame();
        assertEquals(1000 * MS, loop.simulatedNanos());
        assertEquals(10, asserting.runs);
        assertEquals(60, sixty.runs);
    }

    @TickRate(10)
    static final class Recursing extends BaseSystem {
        boolean fail;

        @Override
        protected void processSystem() {
            if (fail) {
                fail = false;
                recurse(0);
            }
        }

        private static int recurse(int depth) {
            return recurse(depth + 1) + 1;
        }
    }

    @Test
    void aStackOverflowInATickLeavesTheQueueWholeForManyFramesAfter() {
        ManualClock clock = new ManualClock();
        Recursing recursing = new Recursing();
        Systems.Seven seven = new Systems.Seven();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(recursing, seven)).build();
        for (int i = 0; i < 5; i++) {
            recursing.fail = true;
            clock.advance(100 * MS);
            assertThrows(StackOverflowError.class, loop::frame);
        }
        clock.advance(1000 * MS);
        loop.frame();
        assertEquals(1500 * MS, loop.simulatedNanos());
        assertEquals(10, seven.runs, "the 7 Hz system ticks on: 1.5 s at 7 Hz");
    }

    @Test
    void anErrorFromAFrameListenerEndsTheFrameBeforeAnyTickAndTheNextFrameStaysWithinTheBound() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofMillis(250))
                .debtPolicy(DebtPolicy.KEEP).world(new WorldConfigurationBuilder().with(sixty)).build();
        boolean[] fail = {true};
        loop.addFrameListener((rs, re, ws, we, end) -> {
            if (fail[0]) {
                fail[0] = false;
                throw new AssertionError("listener invariant");
            }
        });
        clock.advance(250 * MS);
        assertThrows(AssertionError.class, loop::frame);
        assertEquals(0, loop.simulatedNanos(), "no tick ran, so simulated time stays where the frame began");
        assertEquals(0, sixty.runs);
        clock.advance(16 * MS);
        loop.frame();
        assertEquals(250 * MS, loop.simulatedNanos(), "the frame after it covers at most the bound");
        assertEquals(15, sixty.runs);
    }

    @Test
    void anErrorFromATickListenerInAStepLeavesTheLoopSteppable() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(sixty)).build();
        boolean[] fail = {true};
        loop.addTickListener((system, at) -> {
            if (fail[0]) {
                fail[0] = false;
                throw new AssertionError("tick listener invariant");
            }
        });
        assertThrows(AssertionError.class, loop::step);
        loop.step();
        loop.step();
        assertEquals(2, sixty.runs, "the failed step's tick counts as run; the next steps run 33.3 and 50 ms");
        assertEquals(50 * MS, loop.simulatedNanos());
    }

    /** Throws a checked exception without declaring it, as Kotlin or Scala code does. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    @TickRate(10)
    static final class Reading extends BaseSystem {
        long runs;
        boolean fail;

        @Override
        protected void processSystem() {
            runs++;
            if (fail) {
                fail = false;
                GameLoopErrorTest.<RuntimeException>sneakyThrow(new java.io.IOException("map file gone"));
            }
        }
    }

    @Test
    void aCheckedExceptionFromATickIsATickFailureAndTheLoopStaysWhole() {
        ManualClock clock = new ManualClock();
        Reading reading = new Reading();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1)).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(reading, sixty)).build();
        reading.fail = true;
        clock.advance(250 * MS);
        TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
        assertEquals(Reading.class, e.system());
        assertEquals(java.io.IOException.class, e.getCause().getClass());
        assertEquals(100 * MS, loop.simulatedNanos());
        clock.advance(750 * MS);
        loop.frame();
        assertEquals(10, reading.runs);
        assertEquals(60, sixty.runs);
    }

    @Test
    void aCheckedExceptionFromAFrameListenerEndsTheFrameBeforeAnyTick() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .world(new WorldConfigurationBuilder().with(sixty)).build();
        boolean[] fail = {true};
        loop.addFrameListener((rs, re, ws, we, end) -> {
            if (fail[0]) {
                fail[0] = false;
                GameLoopErrorTest.<RuntimeException>sneakyThrow(new java.io.IOException("socket closed"));
            }
        });
        clock.advance(250 * MS);
        Throwable thrown = assertThrows(Throwable.class, loop::frame);
        assertEquals(java.io.IOException.class, thrown.getClass());
        assertEquals(0, loop.simulatedNanos());
        clock.advance(16 * MS);
        loop.frame();
        assertEquals(250 * MS, loop.simulatedNanos());
        assertEquals(15, sixty.runs);
    }

    /** A failure whose description itself fails. */
    static final class Hostile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            throw new IllegalStateException("no description");
        }

        @Override
        public String getMessage() {
            throw new IllegalStateException("no message");
        }
    }

    @TickRate(10)
    static final class ThrowingHostile extends BaseSystem {
        @Override
        protected void processSystem() {
            throw new Hostile();
        }
    }

    @Test
    void aFailureThatCannotDescribeItselfIsStillATickFailureNamingTheSystem() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new ThrowingHostile())).build();
        clock.advance(100 * MS);
        TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
        assertEquals(ThrowingHostile.class, e.system());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("ThrowingHostile")
                && e.getMessage().contains(Hostile.class.getName()), e.getMessage());
    }
}
