package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame listener runs before any of its frame's ticks, so a control it makes takes effect where the frame
 * begins: the same as that control made between frames, which is how a replayer re-applies it.
 */
class GameLoopFrameListenerControlTest {

    private static final long MS = 1_000_000L;

    private interface Control {
        void apply(GameLoop loop);
    }

    /** Stamps of the control changes, as a recorder would journal them. */
    private static final class Stamps implements ControlListener {
        final List<Long> at = new ArrayList<>();

        @Override
        public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
            at.add(simNanos);
        }

        @Override
        public void everyFrameSet(Class<? extends BaseSystem> system, long simNanos) {
            at.add(simNanos);
        }

        @Override
        public void phaseChanged(Class<? extends BaseSystem> system, double phase, long simNanos) {
            at.add(simNanos);
        }

        @Override
        public void pausedChanged(boolean paused, long simNanos) {
            at.add(simNanos);
        }
    }

    /**
     * Frames of 100 ms then 250 ms; {@code control} is made by a frame listener in the second frame. Returns the
     * log, and the stamp in {@code stamps}.
     */
    private static List<String> fromFrameListener(Control control, List<Long> stamps) {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(new TickLog.Combat(log), new TickLog.Ai(log))), log);
        Stamps listener = new Stamps();
        loop.addControlListener(listener);
        int[] frame = {0};
        loop.addFrameListener((rs, re, ws, we, end) -> {
            if (++frame[0] == 2) {
                control.apply(loop);
            }
        });
        clock.advance(100 * MS);
        loop.frame();
        clock.advance(250 * MS);
        loop.frame();
        loop.resume();
        clock.advance(150 * MS);
        loop.frame();
        stamps.addAll(listener.at);
        return log.entries.stream().map(TickLog.Entry::toString).toList();
    }

    /** The same control made between frames at {@code at}, frames cut there, up to the same real time. */
    private static List<String> betweenFrames(Control control, long at, long simulatedEnd) {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(new TickLog.Combat(log), new TickLog.Ai(log))), log);
        clock.advance(at);
        loop.frame();
        control.apply(loop);
        clock.advance(350 * MS - at);
        loop.frame();
        loop.resume();
        clock.advance(150 * MS);
        loop.frame();
        assertEquals(simulatedEnd, loop.simulatedNanos());
        return log.entries.stream().map(TickLog.Entry::toString).toList();
    }

    private static void assertSameAsBetweenFrames(Control control, long simulatedEnd) {
        List<Long> stamps = new ArrayList<>();
        List<String> live = fromFrameListener(control, stamps);
        assertEquals(1, stamps.size(), "one control change");
        assertEquals(100 * MS, stamps.get(0), "stamped where the frame began: none of its ticks had run");
        assertEquals(betweenFrames(control, stamps.get(0), simulatedEnd), live);
    }

    @Test
    void aRateChangeFromAFrameListenerRunsLikeTheSameChangeBetweenFrames() {
        assertSameAsBetweenFrames(loop -> loop.setRate(TickLog.Combat.class, 40), 500 * MS);
    }

    @Test
    void aPhaseChangeFromAFrameListenerRunsLikeTheSameChangeBetweenFrames() {
        assertSameAsBetweenFrames(loop -> loop.setPhase(TickLog.Combat.class, 0.5), 500 * MS);
    }

    @Test
    void everyFrameFromAFrameListenerStopsTheTicksWhereTheFrameBeganAndRunsFromTheNextFrame() {
        List<Long> stamps = new ArrayList<>();
        List<String> live = fromFrameListener(loop -> loop.setEveryFrame(TickLog.Combat.class), stamps);
        assertEquals(List.of(100 * MS), stamps);
        // Fixed ticks at 50 and 100 ms, none in the second frame (100 to 350 ms), then one run in the third.
        assertEquals(List.of("Combat@50000000", "Combat@100000000", "Combat@500000000"),
                live.stream().filter(s -> s.startsWith("Combat")).toList());
    }

    @Test
    void aPauseFromAFrameListenerStopsTheFrameBeforeAnyTick() {
        List<Long> stamps = new ArrayList<>();
        List<String> live = fromFrameListener(GameLoop::pause, stamps);
        assertEquals(100 * MS, stamps.get(0));
        assertTrue(live.stream().noneMatch(s -> Long.parseLong(s.substring(s.indexOf('@') + 1)) > 250 * MS),
                "after the pause at 100 ms and 150 ms more: " + live);
        assertEquals(betweenFrames(GameLoop::pause, 100 * MS, 250 * MS), live);
    }
}
