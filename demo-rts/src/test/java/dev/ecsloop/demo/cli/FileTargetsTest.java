package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the command line is asked to write: one that can never be written is refused before the game runs, in
 * one line naming it (exit 2); a write that fails at the end names the file and still prints the hash; a game
 * too large for the heap is one line naming -Xmx, not a stack trace.
 */
class FileTargetsTest {

    private static final String[] SMALL = {"--headless", "--quiet", "--units", "40", "--map-size", "32",
            "--frame-times", "steady:16.667", "--seconds", "0.5", "--print-hash"};

    @TempDir
    Path dir;

    private static String[] small(String... more) {
        String[] all = java.util.Arrays.copyOf(SMALL, SMALL.length + more.length);
        System.arraycopy(more, 0, all, SMALL.length, more.length);
        return all;
    }

    @Test
    void aRecordingUnderProcIsRefusedAtStartNamingTheFile() {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/proc/version")), "needs Linux /proc");
        Runs run = Runs.of(small("--record", "/proc/version"));
        assertEquals(2, run.status(), run.out()::toString);
        assertEquals(List.of(), run.out(), "the game must not run");
        assertEquals(1, run.err().size(), run.err()::toString);
        assertTrue(run.err().get(0).startsWith("error: --record: cannot write /proc/version: cannot create "
                + "/proc/version.part: "), run.err().get(0));
    }

    @Test
    void aRecordingUnderSysIsRefusedAtStart() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/sys/kernel")), "needs Linux /sys");
        Runs run = Runs.of(small("--record", "/sys/kernel/run.replay"));
        assertEquals(2, run.status(), run.out()::toString);
        assertEquals(List.of(), run.out());
        assertTrue(run.err().get(0).startsWith("error: --record: cannot write /sys/kernel/run.replay"), run.err()
                .get(0));
    }

    @Test
    void aFullDiskNamesTheFileAndStillPrintsTheHash() throws IOException {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "needs /dev/full");
        Path file = dir.resolve("full.replay");
        // Every write to the .part file then fails as on a full disk: ENOSPC.
        Files.createSymbolicLink(dir.resolve("full.replay.part"), Path.of("/dev/full"));
        Runs run = Runs.of(small("--record", file.toString()));
        assertEquals(2, run.status(), run.err()::toString);
        assertEquals(List.of("error: --record: cannot write " + file + ": No space left on device"), run.err());
        assertTrue(run.lastOut().startsWith("world-hash: "), run.out()::toString);
        assertFalse(Files.exists(file));
    }

    @Test
    void aSavedRecordingLeavesNoPartFile() {
        Path file = dir.resolve("ok.replay");
        Runs run = Runs.of(small("--record", file.toString()));
        assertEquals(0, run.status(), run.err()::toString);
        assertTrue(Files.exists(file));
        assertFalse(Files.exists(dir.resolve("ok.replay.part")));
    }

    @Test
    void aSessionThatFailsBeforeSavingRemovesItsEmptyPartFile() {
        Path file = dir.resolve("never.replay");
        // The console port is taken by a server of this test: the session fails before its game runs.
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            Runs run = Runs.of(small("--record", file.toString(), "--console-port",
                    Integer.toString(taken.getLocalPort())));
            assertEquals(2, run.status(), run.out()::toString);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertFalse(Files.exists(dir.resolve("never.replay.part")), "leftover .part");
        assertFalse(Files.exists(file));
    }

    @Test
    void aScreenshotDueAfterTheEndIsRefusedInOneLine() {
        Runs run = Runs.of("--offscreen", "--seconds", "2", "--screenshot", dir.resolve("ok.png") + "@99");
        assertEquals(2, run.status());
        assertEquals(List.of("error: --screenshot " + dir.resolve("ok.png") + "@99.000 s: the game ends at --seconds "
                + "2.000 s, before it is due"), run.err());
        assertEquals(List.of(), run.out());
    }

    @Test
    void aDirectoryAsScreenshotIsRefusedInOneLine() {
        Runs run = Runs.of("--offscreen", "--seconds", "2", "--screenshot", dir + "@1");
        assertEquals(2, run.status());
        assertEquals(List.of("error: --screenshot " + dir + "@1.000 s: " + dir + " is a directory"), run.err());
    }

    @Test
    void aScreenshotInAMissingFolderIsRefusedAndNoFolderIsMade() {
        Path missing = dir.resolve("no/such");
        Runs run = Runs.of("--offscreen", "--seconds", "2", "--screenshot", missing.resolve("a.png") + "@1");
        assertEquals(2, run.status());
        assertEquals(1, run.err().size(), run.err()::toString);
        assertTrue(run.err().get(0).endsWith(": no directory " + missing + " (it is not created: make it first)"),
                run.err().get(0));
        assertFalse(Files.exists(dir.resolve("no")), "a folder was created");
    }

    @Test
    void aGameTooLargeForTheHeapIsOneLineNamingXmxAndExitTwo() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process game = new ProcessBuilder(java.toString(), "-Xmx32m", "-cp", System.getProperty("java.class.path"),
                "dev.ecsloop.demo.Main", "--headless", "--quiet", "--units", "50000", "--seconds", "1",
                "--frame-times", "steady:16.667").redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                "/dev/null"))).start();
        try {
            assertTrue(game.waitFor(120, TimeUnit.SECONDS), "the game ended");
            String err = new String(game.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, game.exitValue(), err);
            List<String> lines = err.lines().toList();
            assertEquals(1, lines.size(), err);
            assertTrue(lines.get(0).startsWith("error: this game (") && lines.get(0).contains("raise -Xmx"), err);
        } finally {
            game.destroyForcibly();
        }
    }
}
