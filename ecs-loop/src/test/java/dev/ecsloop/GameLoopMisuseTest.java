package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Misuse is a clear IllegalStateException and leaves the loop as it was; arithmetic never wraps. */
class GameLoopMisuseTest {

    private static final long MS = 1_000_000L;

    @TickRate(60)
    static final class Reentrant extends BaseSystem {
        GameLoop loop;
        RuntimeException caught;

        @Override
        protected void processSystem() {
            try {
                loop.frame();
            } catch (RuntimeException e) {
                caught = e;
            }
        }
    }

    @Test
    void frameCalledFromInsideASystemIsRefused() {
        ManualClock clock = new ManualClock();
        Reentrant reentrant = new Reentrant();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(reentrant)).build();
        reentrant.loop = loop;
        clock.advance(20 * MS);
        loop.frame();
        assertInstanceOf(IllegalStateException.class, reentrant.caught);
        assertTrue(reentrant.caught.getMessage().contains("from inside"), reentrant.caught.getMessage());
        assertEquals(1, loop.stats().runs(loop.system(Reentrant.class)));
    }

    @Test
    void processingTheWorldDirectlyIsRefused() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Systems.F())).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> loop.world().process());
        assertTrue(e.getMessage().contains("loop.frame()"), e.getMessage());
        loop.frame();
        assertEquals(1, loop.world().getSystem(Systems.F.class).runs);
    }

    @Test
    void anotherThreadIsRefusedOnceTheLoopRunsAndTheLoopKeepsTicking() throws Exception {
        ManualClock clock = new ManualClock();
        Systems.Seven seven = new Systems.Seven();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(seven)).build();
        loop.frame();
        AtomicReference<Throwable> frame = new AtomicReference<>();
        AtomicReference<Throwable> rate = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                loop.frame();
            } catch (Throwable t) {
                frame.set(t);
            }
            try {
                loop.setRate(Systems.Seven.class, 1);
            } catch (Throwable t) {
                rate.set(t);
            }
        }, "intruder");
        other.start();
        other.join(10_000);
        assertFalse(other.isAlive());
        assertInstanceOf(IllegalStateException.class, frame.get());
        assertTrue(frame.get().getMessage().contains("intruder"), frame.get().getMessage());
        assertInstanceOf(IllegalStateException.class, rate.get());
        assertEquals(7.0, loop.system(Systems.Seven.class).rate());
        clock.advance(1_000 * MS);
        loop.frame();
        assertEquals(7, seven.runs, "the 7 Hz system still ticks");
    }

    @Test
    void aClockThatStepsBackAdvancesNothing() {
        long[] readings = {0, 100 * MS, 50 * MS, 150 * MS};
        int[] next = {0};
        Clock stepping = () -> readings[Math.min(next[0]++, readings.length - 1)];
        GameLoop loop = GameLoop.builder().clock(stepping).catchUpBound(Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(new Systems.B())).build();   // reads 0
        loop.frame();                                                                   // 100
        assertEquals(100 * MS, loop.simulatedNanos());
        loop.frame();                                                                   // 50: back
        assertEquals(100 * MS, loop.simulatedNanos());
        loop.frame();                                                                   // 150
        assertEquals(150 * MS, loop.simulatedNanos(), "simulated time follows the clock's high-water mark");
    }

    @Test
    void absurdClockJumpsAndTheLargestScaleAndBoundNeitherWrapNorHang() {
        long[] now = {0};
        Clock jumping = () -> now[0];
        Systems.Seven seven = new Systems.Seven();
        GameLoop loop = GameLoop.builder().clock(jumping).catchUpBound(Duration.ofDays(200L * 365))
                .world(new WorldConfigurationBuilder().with(seven)).build();
        loop.setTimeScale(1000);
        loop.setRate(Systems.Seven.class, 0.001);
        now[0] = Long.MAX_VALUE / 2;
        loop.frame();
        now[0] = Long.MAX_VALUE;
        loop.frame();
        loop.frame();
        long end = SimulatedTime.END_NANOS;
        assertEquals(end, loop.simulatedNanos(), "simulated time stops at its end instead of wrapping");
        assertTrue(seven.runs > 0 && seven.runs <= end / 1_000_000_000_000L + 1, "runs " + seven.runs);
    }

    @Test
    void boundsBeyondTheEndOfSimulatedTimeAreRefusedAndChangeNothing() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Systems.B())).build();
        assertThrows(IllegalArgumentException.class, () -> loop.setCatchUpBound(Duration.ofDays(300L * 365)));
        assertThrows(IllegalArgumentException.class,
                () -> GameLoop.builder().catchUpBound(Duration.ofDays(300L * 365)));
        assertThrows(IllegalArgumentException.class, () -> loop.setCatchUpBound(Duration.ofNanos(-1)));
        assertThrows(IllegalArgumentException.class, () -> loop.setHorizon(-5));
        assertThrows(IllegalArgumentException.class, () -> loop.setPhase(Systems.B.class, 1.0));
        assertThrows(IllegalArgumentException.class, () -> loop.setPhase(Systems.B.class, Double.NaN));
        assertEquals(Duration.ofMillis(250), loop.catchUpBound());
        assertEquals(0.0, loop.system(Systems.B.class).phase());
    }
}
