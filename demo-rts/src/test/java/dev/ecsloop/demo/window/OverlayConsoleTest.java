package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.ControlListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.console.Console;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives the overlay's console and controls without a person or a window: the same plain classes the imgui
 * widgets call, against a real {@link GameLoop} on a {@link ManualClock}.
 */
class OverlayConsoleTest {

    @TickRate(15)
    public static class AiSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(60)
    public static class MovementSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private final ManualClock clock = new ManualClock();
    private final GameLoop loop = GameLoop.builder().clock(clock)
            .world(new WorldConfigurationBuilder().with(new AiSystem(), new MovementSystem())).build();
    private final Console console = Console.forLoop(loop);
    private final OverlayConsole overlay = new OverlayConsole(console, loop);
    private final List<String> recorded = new ArrayList<>();

    OverlayConsoleTest() {
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                recorded.add(system.getSimpleName() + "=" + hz);
            }
        });
    }

    private void frames(int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(1_000_000_000L / 60);
            loop.frame();
        }
    }

    @Test
    void typedRateCommandRetunesTheRunningLoop() {
        frames(60);
        long before = loop.stats().runs(loop.system(AiSystem.class));
        overlay.submit("rate ai 30");
        assertEquals(30.0, loop.system(AiSystem.class).rate());
        frames(60);
        assertEquals(30, loop.stats().runs(loop.system(AiSystem.class)) - before, 1);
        assertEquals(List.of("AiSystem=30.0"), recorded);
        assertEquals("> rate ai 30", overlay.log().get(0));
        assertTrue(overlay.lastLine().startsWith("AiSystem: 30"), overlay.lastLine());
    }

    @Test
    void sliderReleaseRunsTheRateCommandThroughTheConsole() {
        String command = LoopControls.rateCommand(loop, MovementSystem.class, 7.46f);
        assertEquals("rate MovementSystem 7.5", command);
        overlay.run(command);
        assertEquals(7.5, loop.system(MovementSystem.class).rate());
        assertEquals(List.of("MovementSystem=7.5"), recorded);
        assertNull(LoopControls.rateCommand(loop, MovementSystem.class, 7.5f), "no change, no command");
        assertEquals(0, overlay.historyUp("").length(), "controls stay out of the typed history");
    }

    @Test
    void pauseStepAndTimeScaleControlsGoThroughTheConsole() {
        overlay.run(LoopControls.pauseCommand(loop));
        assertTrue(loop.isPaused());
        assertEquals("resume", LoopControls.pauseCommand(loop));
        long sim = loop.simulatedNanos();
        overlay.run(LoopControls.stepCommand());
        assertTrue(loop.simulatedNanos() > sim);
        overlay.run(LoopControls.pauseCommand(loop));
        assertTrue(!loop.isPaused());
        overlay.run(LoopControls.timeScaleCommand(loop, 0.254f));
        assertEquals(0.25, loop.timeScale());
        assertNull(LoopControls.timeScaleCommand(loop, 0.25f));
    }

    @Test
    void badInputAnswersWithOneErrorLineAndChangesNothing() {
        overlay.submit("rate nosuch 10");
        assertTrue(overlay.lastLine().startsWith("error: "), overlay.lastLine());
        assertEquals(15.0, loop.system(AiSystem.class).rate());
    }

    @Test
    void historyRecallsTypedLines() {
        overlay.submit("pause");
        overlay.submit("rate ai 20");
        assertEquals("rate ai 20", overlay.historyUp(""));
        assertEquals("pause", overlay.historyUp("rate ai 20"));
    }

    @Test
    void tabCompletesCommandsFromTheConsoleAndSystemsFromTheLoop() {
        assertTrue(overlay.commandNames().containsAll(List.of("help", "rate", "pause", "step", "timescale")));
        assertEquals("timescale ", overlay.complete("tim"));
        assertEquals("rate MovementSystem ", overlay.complete("rate mo"));
        String line = overlay.complete("rate ");
        assertEquals("rate ", line);
        assertEquals("AiSystem  MovementSystem", overlay.lastLine(), "candidates listed in the log");
        overlay.submit(overlay.complete("rate mo") + "90");
        assertEquals(90.0, loop.system(MovementSystem.class).rate());
    }

    @Test
    void logKeepsOnlyTheNewestLines() {
        for (int i = 0; i < OverlayConsole.LOG_LIMIT; i++) {
            overlay.submit("stats");
        }
        assertEquals(OverlayConsole.LOG_LIMIT, overlay.log().size());
        assertTrue(overlay.log().get(0).startsWith("> stats") || overlay.log().get(0).startsWith("Frames"));
    }
}
