package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's {@code record FILE} is kept whatever ends the game: {@code quit}, the end of standard input (and,
 * in {@link InterruptTest}, Ctrl-C); the file replays to a match. A network match writes no file unasked.
 */
class ConsoleRecordTest {

    @TempDir
    Path dir;

    @Test
    void recordThenQuitWritesAFileThatReplaysToAMatch() {
        Path file = dir.resolve("run.replay");
        Runs run = Runs.withInput("record " + file + "\nselect 0 0 32 32\nmove 10 10\nquit\n",
                "--headless", "--quiet", "--units", "40", "--map-size", "32", "--frame-times", "steady:16.667");
        assertEquals(0, run.status(), run.err()::toString);
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("saved simulated time ") && l.contains(" to " + file)),
                run.out()::toString);
        assertTrue(Files.exists(file), "nothing written");
        Runs replay = Runs.of("--replay", file.toString());
        assertEquals(0, replay.status(), () -> replay.err() + " " + replay.out());
        assertTrue(replay.lastOut().startsWith("replay matched: "), replay.lastOut());
    }

    @Test
    void recordThenTheEndOfInputWritesTheFileToo() {
        Path file = dir.resolve("eof.replay");
        Runs run = Runs.withInput("record " + file + "\n", "--headless", "--quiet", "--units", "40",
                "--map-size", "32");
        assertEquals(0, run.status(), run.err()::toString);
        assertTrue(Files.exists(file), run.out()::toString);
        assertEquals(0, Runs.of("--replay", file.toString()).status());
    }

    @Test
    void recordRefusesToReplaceAnExistingFileInOneLine() throws Exception {
        Path file = dir.resolve("earlier.replay");
        Files.writeString(file, "an earlier session");
        Runs run = Runs.withInput("record " + file + "\nquit\n", "--headless", "--quiet", "--units", "40",
                "--map-size", "32");
        assertEquals(0, run.status(), run.err()::toString);
        assertTrue(run.out().contains("error: " + file + " exists: not replaced (record " + file
                + " overwrite, or another name) (usage: record <file> [overwrite])"), run.out()::toString);
        assertEquals("an earlier session", Files.readString(file));
    }

    @Test
    void aMatchEndedByTheHostWritesNoReplayUnasked() throws Exception {
        String name = "unasked" + ProcessHandle.current().pid();
        Path unasked = Path.of("lockstep-" + name + ".replay").toAbsolutePath();
        Files.deleteIfExists(unasked);
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        // The host ends the match at 0.5 s; the joiner, with no --seconds of its own, ends there too (the host said
        // where as it left), cleanly: an end, not a host loss, and no file.
        String game = "--headless --quiet --units 40 --map-size 32 --secret pw --turn-ms 50";
        CompletableFuture<Runs> host = CompletableFuture.supplyAsync(
                () -> Runs.withInput("", (game + " --seconds 0.5 --host " + port).split(" ")));
        Runs joiner = NetPlayTest.joinBeside(host, game + " --join 127.0.0.1:" + port + " --name " + name, "");
        Runs hosted = host.get(120, TimeUnit.SECONDS);
        assertEquals(0, hosted.status(), hosted.err()::toString);
        Runs j = joiner;
        assertEquals(0, j.status(), () -> j.out() + " " + j.err());
        try {
            assertFalse(Files.exists(unasked), unasked + " was written without --record");
        } finally {
            Files.deleteIfExists(unasked);
        }
        assertTrue(j.out().contains("match over at turn 10 (simulated 0.500 s)"), j.out()::toString);
        assertTrue(j.out().stream().noneMatch(l -> l.contains("stopped") || l.contains("host is lost")),
                j.out()::toString);
    }
}
