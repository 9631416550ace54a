package dev.ecsloop.demo.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C (SIGINT) or SIGTERM in the middle of a recorded game still writes a valid recording, which replays.
 * The game runs in a child JVM of the test's classpath, headless in real time, with orders typed on its
 * standard input; the test waits for the game to answer a command, so the signal lands mid-game.
 */
class InterruptTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalMidGameStillWritesARecordingThatReplays(String signal) throws Exception {
        Path file = dir.resolve("interrupted-" + signal + ".replay");
        List<String> output = interrupt(signal, "", "--record", file.toString());
        assertTrue(output.stream().anyMatch(l -> l.startsWith("recorded ") && l.endsWith(" to " + file)),
                output::toString);
        assertReplays(file);
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalAfterTheConsolesRecordStillWritesItsFile(String signal) throws Exception {
        Path file = dir.resolve("console-" + signal + ".replay");
        List<String> output = interrupt(signal, "record " + file + "\n");
        assertTrue(output.stream().anyMatch(l -> l.startsWith("saved simulated time ") && l.contains(" to " + file)),
                output::toString);
        assertReplays(file);
    }

    private static void assertReplays(Path file) {
        assertTrue(Files.exists(file));
        Runs replay = Runs.of("--replay", file.toString());
        assertEquals(0, replay.status(), () -> replay.err() + " " + replay.out());
        assertTrue(replay.lastOut().startsWith("replay matched: "), replay.lastOut());
    }

    /** Runs a headless game in a child JVM, types {@code first} and a few orders, signals it mid-game. */
    private static List<String> interrupt(String signal, String first, String... flags) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.ecsloop.demo.Main", "--headless", "--units", "40", "--map-size", "32"));
        command.addAll(List.of(flags));
        Process game = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .start();
        List<String> output = new ArrayList<>();
        try {
            OutputStream stdin = game.getOutputStream();
            BufferedReader stdout = new BufferedReader(new InputStreamReader(game.getInputStream(),
                    StandardCharsets.UTF_8));
            stdin.write((first + "select 0 0 64 64\nmove 20 20\nattack 5 5\nhash\n")
                    .getBytes(StandardCharsets.US_ASCII));
            stdin.flush();
            // The game is running once it has answered 'hash'; stdin stays open, so only the signal ends it.
            for (String line; (line = stdout.readLine()) != null; ) {
                output.add(line);
                if (line.startsWith("world-hash: ")) {
                    break;
                }
            }
            assertTrue(output.get(output.size() - 1).startsWith("world-hash: "), output::toString);
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(game.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(game.waitFor(60, TimeUnit.SECONDS), "the game ended on SIG" + signal);
            for (String line; (line = stdout.readLine()) != null; ) {
                output.add(line);
            }
        } finally {
            game.destroyForcibly();
        }
        return output;
    }
}
