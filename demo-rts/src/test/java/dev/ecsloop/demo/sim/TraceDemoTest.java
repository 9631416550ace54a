package dev.ecsloop.demo.sim;

import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import dev.ecsloop.trace.TraceFileCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Five seconds of the demo traced through its console, headless, real time from a manual clock and system
 * costs from the real profiler: the file is valid trace-event JSON with a lane per system, strictly nested,
 * and each lane holds the runs its rate implies. {@code -Dtrace.sample=FILE} keeps a copy of the trace.
 */
class TraceDemoTest {

    @TempDir
    Path dir;

    @Test
    void fiveSecondsOfTheDemoLoadAsOneLanePerSystem() throws Exception {
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(MatchSetup.defaults(1).withUnits(2_000).withMapSize(128), clock, false,
                Clock.system());
        frames(game, clock, 60);
        Path file = dir.resolve("demo.json");
        assertTrue(run(game, "trace 5 " + file).startsWith("tracing the next 5.000 s"));
        frames(game, clock, 6 * 60);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("ecs-loop-trace-writer")) {
                t.join(30_000);
            }
        }
        String state = run(game, "trace");
        assertTrue(state.startsWith("wrote " + file), state);

        TraceFileCheck check = TraceFileCheck.read(file);
        List<String> systems = new ArrayList<>();
        game.loop().systems().forEach(s -> systems.add(s.getSimpleName()));
        List<String> lanes = new ArrayList<>(check.lanes.values());
        assertEquals("frames", lanes.remove(0));
        assertEquals(systems, lanes, "a lane per system, in registration order");
        Map<String, List<Long>> sims = check.simulatedBySystem();
        assertEquals(300, check.lane("frames").size(), "5 s of 60 FPS frames");
        assertEquals(300, sims.get("MovementSystem").size(), "60 Hz");
        assertEquals(100, sims.get("CombatSystem").size(), "20 Hz");
        assertEquals(25, sims.get("AiSystem").size(), "5 Hz");
        assertEquals(20, sims.get("MinimapSystem").size(), "4 Hz, throttled");
        assertEquals(300, sims.get("AnimationSystem").size(), "every frame");
        for (List<Long> s : sims.values()) {
            for (int i = 1; i < s.size(); i++) {
                assertTrue(s.get(i) > s.get(i - 1), "a lane's simulated instants rise");
            }
        }
        assertTrue(check.otherData.get("complete").asBoolean());
        String sample = System.getProperty("trace.sample");
        if (sample != null && !sample.isBlank()) {
            Files.copy(file, Path.of(sample), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private long framesRun;

    /** Frames of exactly 1/60 s on average: frame k ends at k * 1e9 / 60 ns of real time. */
    private void frames(RtsGame game, ManualClock clock, int n) {
        long origin = clock.nanoTime() - framesRun * 1_000_000_000L / 60;
        for (int i = 0; i < n; i++) {
            framesRun++;
            clock.advance(origin + framesRun * 1_000_000_000L / 60 - clock.nanoTime());
            game.frame();
        }
    }

    private static String run(RtsGame game, String line) {
        List<String> out = new ArrayList<>();
        game.console().execute(line, out::add);
        assertEquals(1, out.size(), out.toString());
        return out.get(0);
    }
}
