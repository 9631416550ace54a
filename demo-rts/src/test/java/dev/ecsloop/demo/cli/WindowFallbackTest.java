package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.GameWindow;
import dev.ecsloop.demo.WindowUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WindowFallbackTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private static Options options() {
        Options o = new Options();
        new picocli.CommandLine(o).parseArgs("--units", "20", "--map-size", "32");
        return o;
    }

    @Test
    void withoutAWindowInTheBuildTheDemoSaysSoInOneLineAndRunsHeadless() {
        Runs run = Runs.of("--units", "20", "--map-size", "32", "--seconds", "1", "--frame-times", "steady:50",
                "--print-hash");
        assertEquals(0, run.status());
        assertEquals("no window in this build: running headless", run.out().get(0));
        assertTrue(run.lastOut().startsWith("world-hash: "));
    }

    @Test
    void withNoDisplayTheWindowIsNotTried() throws IOException {
        GameWindow never = (game, fps, stop) -> {
            throw new AssertionError("must not open without a display");
        };
        assertNull(Cli.tryWindow(options(), out, Optional.of(never), Map.<String, String>of()::get));
        assertEquals("no display (DISPLAY is not set): running headless\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWindowThatCannotOpenFallsBackInOneLine() throws IOException {
        GameWindow broken = (game, fps, stop) -> {
            throw new WindowUnavailableException("GLFW_PLATFORM_UNAVAILABLE", null);
        };
        assertNull(Cli.tryWindow(options(), out, Optional.of(broken), Map.of("DISPLAY", ":0")::get));
        assertEquals("window unavailable (GLFW_PLATFORM_UNAVAILABLE): running headless\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWorkingWindowRunsTheGameAndGivesTheExitStatus() throws IOException {
        GameWindow fine = (game, fps, stop) -> {
            game.frame();
            return fps == 60 && stop == -1 ? 0 : 9;
        };
        assertEquals(0, Cli.tryWindow(options(), out, Optional.of(fine), Map.of("DISPLAY", ":0")::get));
    }
}
