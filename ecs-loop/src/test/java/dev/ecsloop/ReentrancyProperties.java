package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way of re-entering the loop from its own code (a system's tick, a tick listener, a frame listener, an
 * every-frame system, a control listener told of a change made in a tick) is refused with a clear
 * {@link IllegalStateException}, and the loop goes on exactly as if the call had not been made.
 */
class ReentrancyProperties {

    private static final long MS = 1_000_000L;

    enum Where { SYSTEM_TICK, TICK_LISTENER, FRAME_LISTENER, EVERY_FRAME_SYSTEM, CONTROL_LISTENER_IN_TICK }

    enum What { FRAME, STEP, PROCESS_WORLD }

    /** Calls back into the loop from wherever the property puts it, once per frame, and keeps what it got. */
    static final class Intruder {
        GameLoop loop;
        What what;
        final List<RuntimeException> refusals = new ArrayList<>();
        int calls;

        void intrude() {
            calls++;
            try {
                switch (what) {
                    case FRAME -> loop.frame();
                    case STEP -> loop.step();
                    default -> loop.world().process();
                }
            } catch (RuntimeException e) {
                refusals.add(e);
            }
        }
    }

    @TickRate(10)
    static final class Ticking extends BaseSystem {
        Intruder intruder;
        boolean intrude;
        boolean retune;
        long runs;

        @Override
        protected void processSystem() {
            runs++;
            if (intrude) {
                intruder.intrude();
            }
            if (retune) {
                // A control that changes no tick (the bound it already has), so that control listeners are told.
                intruder.loop.setCatchUpBound(java.time.Duration.ofMillis(250));
            }
        }
    }

    @TickRate(60)
    static final class Sixty extends BaseSystem {
        long runs;

        @Override
        protected void processSystem() {
            runs++;
        }
    }

    @EveryFrame
    static final class Drawing extends BaseSystem {
        Intruder intruder;
        boolean intrude;
        long runs;

        @Override
        protected void processSystem() {
            runs++;
            if (intrude) {
                intruder.intrude();
            }
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void reenteringTheLoopFromItsOwnCodeIsRefusedAndChangesNothing(@ForAll Where where, @ForAll What what) {
        ManualClock clock = new ManualClock();
        Ticking ticking = new Ticking();
        Sixty sixty = new Sixty();
        Drawing drawing = new Drawing();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(ticking, sixty, drawing)).build();
        Intruder intruder = new Intruder();
        intruder.loop = loop;
        intruder.what = what;
        ticking.intruder = intruder;
        drawing.intruder = intruder;
        switch (where) {
            case SYSTEM_TICK -> ticking.intrude = true;
            case TICK_LISTENER -> loop.addTickListener((system, at) -> intruder.intrude());
            case FRAME_LISTENER -> loop.addFrameListener((rs, re, ws, we, end) -> intruder.intrude());
            case EVERY_FRAME_SYSTEM -> drawing.intrude = true;
            default -> {
                ticking.retune = true;
                loop.addControlListener(new ControlListener() {
                    @Override
                    public void catchUpBoundChanged(long boundNanos, long simNanos) {
                        intruder.intrude();
                    }
                });
            }
        }
        for (int i = 0; i < 60; i++) {
            clock.advance(16_666_667L);
            loop.frame();
        }
        assertTrue(intruder.calls > 0, "the intruder ran");
        assertEquals(intruder.calls, intruder.refusals.size(), "every call refused");
        for (RuntimeException e : intruder.refusals) {
            assertInstanceOf(IllegalStateException.class, e);
            assertTrue(e.getMessage().contains(what == What.PROCESS_WORLD ? "world.process()" : "from inside"),
                    e.getMessage());
        }
        assertEquals(1_000_000_020L, loop.simulatedNanos());
        assertEquals(10, ticking.runs);
        assertEquals(60, sixty.runs);
        assertEquals(60, drawing.runs);
        assertEquals(false, loop.isPaused(), "a refused step() paused nothing");
    }
}
