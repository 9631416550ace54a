package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Controls made from inside the loop's own systems, on themselves and on others, keep the schedule whole. */
class GameLoopReentrantControlTest {

    private static final long MS = 1_000_000L;

    /** Makes the render system every-frame on each of its ticks, though it already is. */
    @TickRate(60)
    static final class Insister extends BaseSystem {
        GameLoop loop;

        @Override
        protected void processSystem() {
            loop.setEveryFrame(TickLog.Render.class);
        }
    }

    @Test
    void makingAnEveryFrameSystemEveryFrameAgainFromATickChangesNothing() {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        Insister insister = new Insister();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(insister, new TickLog.Render(log))), log);
        insister.loop = loop;
        List<Double> told = new ArrayList<>();
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                told.add(hz);
            }
        });
        for (int i = 0; i < 10; i++) {
            clock.advance(20 * MS);
            loop.frame();
        }
        assertEquals(10, log.count("Render"), "the render system still runs once per frame");
        assertEquals(List.of(), told, "no change, so nothing to tell a recorder");
    }

    /** On each of its ticks, sets the 60 Hz system's rate and phase to what they already are. */
    @TickRate(10)
    static final class Restater extends BaseSystem {
        GameLoop loop;

        @Override
        protected void processSystem() {
            loop.setRate(Systems.B.class, 60);
            loop.setPhase(Systems.B.class, 0);
        }
    }

    @Test
    void restatingARateOrPhaseFromAnEarlierSystemAtTheSameInstantLosesNoTick() {
        ManualClock clock = new ManualClock();
        Restater restater = new Restater();
        Systems.B sixty = new Systems.B();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(restater, sixty)).build();
        restater.loop = loop;
        List<String> told = new ArrayList<>();
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                told.add("rate");
            }

            @Override
            public void phaseChanged(Class<? extends BaseSystem> system, double phase, long simNanos) {
                told.add("phase");
            }
        });
        for (int i = 0; i < 60; i++) {
            clock.advance(16_666_667L);
            loop.frame();
        }
        // The restater ticks at 100, 200, ... ms, where the 60 Hz system is due too, after it in registration
        // order; a change to the same rate and phase is no change, so none of those ticks is lost.
        assertEquals(60, sixty.runs);
        assertEquals(List.of(), told, "nothing changed, so nothing to journal");
    }

    @Test
    void aControlListenerThatThrowsDoesNotHideTheChangeFromTheListenersAfterIt() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Systems.B(), new Systems.A())).build();
        List<String> journal = new ArrayList<>();
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                throw new IllegalStateException("the rate label is gone");
            }
        });
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                journal.add(system.getSimpleName() + "=" + hz + "@" + simNanos);
            }
        });
        clock.advance(100 * MS);
        loop.frame();
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> loop.setRate(Systems.A.class, 30));
        assertEquals("the rate label is gone", e.getMessage(), "the listener's own failure reaches the caller");
        assertEquals(30.0, loop.system(Systems.A.class).rate());
        assertEquals(List.of("A=30.0@100000000"), journal, "the recorder after it still journals the change");
    }
}
