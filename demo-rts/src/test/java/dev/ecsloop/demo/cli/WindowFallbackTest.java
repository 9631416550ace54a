package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.WindowLauncher;
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

    private static final java.io.InputStream EMPTY = java.io.InputStream.nullInputStream();

    private static Options options() {
        Options o = new Options();
        new picocli.CommandLine(o).parseArgs("--units", "20", "--map-size", "32");
        return o;
    }

    @Test
    void withoutAWindowTheDemoSaysSoInOneLine() throws IOException {
        assertNull(Cli.tryWindow(options(), EMPTY, out, Optional.empty(), Map.of("DISPLAY", ":0")::get));
        assertEquals("no window in this build: running headless\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFrameTimeProfileRunsHeadlessWithoutTryingTheWindow() {
        WindowLauncher never = (game, request, opened) -> {
            throw new AssertionError("--frame-times drives a manual clock: no window");
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Cli.run(new String[] {"--units", "20", "--map-size", "32", "--seconds", "1", "--frame-times",
                "steady:50", "--print-hash"}, EMPTY, out, new PrintStream(err, true, StandardCharsets.UTF_8),
                Optional.of(never));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("sim 1.000 s "), printed);
        assertTrue(printed.strip().lines().reduce((a, b) -> b).orElse("").startsWith("world-hash: "), printed);
    }

    @Test
    void offscreenNeedsNoDisplayAndReachesTheWindowWithItsScreenshots() throws IOException {
        Options o = new Options();
        new picocli.CommandLine(o).parseArgs("--units", "20", "--map-size", "32", "--offscreen", "--fps", "0",
                "--seconds", "2", "--screenshot", "a.png@0.5", "--screenshot", "b.png@1.5");
        WindowLauncher check = (game, request, opened) -> request.offscreen() && request.fps() == 0
                && request.stopAtNanos() == 2_000_000_000L && request.screenshots().size() == 2
                && request.screenshots().get(1).simNanos() == 1_500_000_000L ? 0 : 9;
        assertEquals(0, Cli.tryWindow(o, EMPTY, out, Optional.of(check), Map.<String, String>of()::get));
    }

    @Test
    void withNoDisplayTheWindowIsNotTried() throws IOException {
        WindowLauncher never = (game, request, opened) -> {
            throw new AssertionError("must not open without a display");
        };
        assertNull(Cli.tryWindow(options(), EMPTY, out, Optional.of(never), Map.<String, String>of()::get));
        assertEquals("no display (DISPLAY is not set): running headless\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWindowThatCannotOpenFallsBackInOneLine() throws IOException {
        WindowLauncher broken = (game, request, opened) -> {
            throw new WindowUnavailableException("GLFW_PLATFORM_UNAVAILABLE", null);
        };
        assertNull(Cli.tryWindow(options(), EMPTY, out, Optional.of(broken), Map.of("DISPLAY", ":0")::get));
        assertEquals("window unavailable (GLFW_PLATFORM_UNAVAILABLE): running headless\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWorkingWindowRunsTheGameAndGivesTheExitStatus() throws IOException {
        WindowLauncher fine = (game, request, opened) -> {
            opened.run();
            game.frame();
            return request.fps() == 60 && request.stopAtNanos() == -1 && !request.offscreen() ? 0 : 9;
        };
        assertEquals(0, Cli.tryWindow(options(), EMPTY, out, Optional.of(fine), Map.of("DISPLAY", ":0")::get));
    }
}
