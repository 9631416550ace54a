package dev.ecsloop.demo.cli;

import dev.ecsloop.replay.ReplayMutations;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --replay} of a hostile file: exit 2 with one line naming the file and what is wrong, or a clean replay
 * (0 matched, 1 diverged); never a stack trace, an out-of-memory error or a hang. Exit 1 means divergence only.
 */
class HostileReplayTest {

    private static Path recording;
    private static byte[] valid;

    @TempDir
    Path dir;

    /** Records once, for every test and try (the property's tries run outside JUnit's lifecycle). */
    private static synchronized void record() throws IOException {
        if (valid != null) {
            return;
        }
        Path tmp = Files.createTempDirectory("hostile-replay");
        recording = tmp.resolve("game.replay");
        String orders = "select 0 0 64 64\nmove 20 20\nrate ai 5\nattack 30 10\npause\nstep 3\nresume\n";
        Runs run = Runs.withInput(orders, "--headless", "--units", "40", "--map-size", "32", "--seconds", "3",
                "--frame-times", "steady:70", "--record", recording.toString());
        assertEquals(0, run.status(), run.err().toString());
        valid = Files.readAllBytes(recording);
    }

    /** Runs --replay on {@code bytes} and checks the outcome is one of the three allowed. */
    private static void refusedInOneLineOrReplayed(Path dir, byte[] bytes, String what) throws IOException {
        Path file = dir.resolve("mutant.replay");
        Files.write(file, bytes);
        Runs run;
        try {
            run = Runs.of("--replay", file.toString());
        } catch (Throwable t) {
            throw new AssertionError(what + ": escaped the command line: " + t, t);
        }
        if (run.status() == 2) {
            assertEquals(1, run.err().size(), () -> what + ": " + run.err());
            String line = run.err().get(0);
            assertTrue(line.startsWith("error: ") && line.contains(file.toString()), () -> what + ": " + line);
        } else {
            assertTrue(run.status() == 0 || run.status() == 1, () -> what + ": exit " + run.status());
            assertEquals(List.of(), run.err(), what);
            assertTrue(run.lastOut().startsWith(run.status() == 0 ? "replay matched: " : "replay diverged: "),
                    () -> what + ": " + run.out());
        }
    }

    @Property(tries = 150)
    void mutatedRecordingsExitTwoInOneLineOrReplay(@ForAll @LongRange(min = 0, max = 1L << 40) long seed)
            throws IOException {
        record();
        Path dir = Files.createTempDirectory("mutant");
        try {
            ReplayMutations.Mutant m = new ReplayMutations(valid).next(new SplittableRandom(seed));
            refusedInOneLineOrReplayed(dir, m.bytes(), m.what());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void theRecordingWithOrdersTypedAcrossCheckpointsReplays() throws IOException {
        record();
        Runs run = Runs.of("--replay", recording.toString());
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.lastOut().startsWith("replay matched: 3 state hashes"), run.lastOut());
    }

    @Test
    void devicesFifosAndThreeGigabyteFilesExitTwoInOneLine() throws Exception {
        record();
        Runs zero = Runs.of("--replay", "/dev/zero");
        assertEquals(2, zero.status());
        assertEquals(List.of("error: replay file /dev/zero is not a regular file (a device, FIFO or socket cannot "
                + "be replayed)"), zero.err());
        Path huge = dir.resolve("huge.replay");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.write(valid);
            f.setLength(3L << 30);
        }
        Runs big = Runs.of("--replay", huge.toString());
        assertEquals(2, big.status());
        assertEquals(List.of("error: replay file " + huge + " is 3221225472 bytes; a replay holds at most 67108864"),
                big.err());
    }

    @Test
    void aSetupTooLargeForTheHeapIsOneLineNotAnOutOfMemoryError() throws IOException {
        record();
        // The largest army on the largest map: a valid setup, the header rewritten, the checksum repaired.
        String small = "demo-rts/2 units=40 seed=1 map=32 budget=20000";
        String large = "demo-rts/2 units=50000 seed=1 map=4096 budget=2147483647";
        byte[] rewritten = ReplayMutations.withSetup(valid, small, large);
        Path file = dir.resolve("large.replay");
        Files.write(file, rewritten);
        Runs run = Runs.of("--replay", file.toString());
        assertTrue(run.status() == 2 || run.status() == 1 || run.status() == 0, run.toString());
        if (run.status() == 2) {
            assertEquals(1, run.err().size(), run.err().toString());
            assertTrue(run.err().get(0).startsWith("error: " + file), run.err().get(0));
        }
    }

    @Test
    void replayWithAConsolePortOrTokenIsRefusedRatherThanIgnored() throws IOException {
        record();
        Runs port = Runs.of("--replay", recording.toString(), "--console-port", "7777");
        assertEquals(2, port.status());
        assertEquals(List.of("error: --replay runs as fast as possible from the file alone, with no console: drop "
                + "--console-port"), port.err());
        Runs token = Runs.of("--replay", recording.toString(), "--console-token", "0123456789abcdef0123");
        assertEquals(2, token.status());
        assertTrue(token.err().get(0).endsWith("drop --console-token"), token.err().toString());
    }
}
