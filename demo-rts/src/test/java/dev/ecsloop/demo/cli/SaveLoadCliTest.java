package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --save FILE@SECONDS} and {@code --load FILE} through the real command line: a loaded run ends with the
 * hash of the run that saved (and of one that never stopped), under any frame times; a truncated, bit-flipped or
 * other-seed file exits 2 with one line naming it.
 */
class SaveLoadCliTest {
    private static final String[] GAME = {"--headless", "--quiet", "--units", "300", "--map-size", "96"};

    @TempDir
    Path dir;

    private static String[] args(String... more) {
        String[] all = Arrays.copyOf(GAME, GAME.length + more.length);
        System.arraycopy(more, 0, all, GAME.length, more.length);
        return all;
    }

    private Path saved() {
        Path snap = dir.resolve("s.snap");
        Runs run = Runs.of(args("--save", snap + "@12", "--seconds", "30", "--print-hash", "--frame-times",
                "steady:16.667"));
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("saved simulated time 12") && l.contains(snap
                .toString())), run.out().toString());
        return snap;
    }

    @Test
    void loadedRunEndsWithTheSavedRunsHashUnderAnyFrameTimes() {
        Path snap = dir.resolve("s.snap");
        Runs saving = Runs.of(args("--save", snap + "@12", "--seconds", "30", "--print-hash", "--frame-times",
                "jitter:3-45:5"));
        assertEquals(0, saving.status(), saving.err().toString());
        String hash = saving.lastOut();
        assertTrue(hash.startsWith("world-hash: "), hash);
        Runs straight = Runs.of(args("--seconds", "30", "--print-hash", "--frame-times", "steady:16.667"));
        assertEquals(hash, straight.lastOut(), "saving changes nothing");
        for (String frames : new String[] {"steady:16.667", "jitter:1-60:9", "stall:400@20"}) {
            Runs loading = Runs.of(args("--load", snap.toString(), "--seconds", "30", "--print-hash",
                    "--frame-times", frames));
            assertEquals(0, loading.status(), loading.err().toString());
            assertTrue(loading.out().get(0).startsWith("loaded " + snap + ": simulated time 12"), loading.out()
                    .toString());
            assertEquals(hash, loading.lastOut(), frames);
        }
    }

    private void refusedInOneLine(Path file, String what, String... extra) {
        String[] a = Arrays.copyOf(args("--load", file.toString(), "--seconds", "13", "--print-hash",
                "--frame-times", "steady:16.667"), GAME.length + 7 + extra.length);
        System.arraycopy(extra, 0, a, GAME.length + 7, extra.length);
        Runs run = Runs.of(a);
        assertEquals(2, run.status(), what + ": " + run.out());
        assertEquals(1, run.err().size(), what + ": " + run.err());
        String line = run.err().get(0);
        assertTrue(line.startsWith("error: --load " + file + ": "), what + ": " + line);
        assertTrue(run.out().stream().noneMatch(l -> l.startsWith("world-hash")), what);
    }

    @Test
    void truncatedBitFlippedAndForeignSnapshotsExit2WithOneLine() throws IOException {
        Path snap = saved();
        byte[] good = Files.readAllBytes(snap);
        SplittableRandom r = new SplittableRandom(21);
        Path bad = dir.resolve("bad.snap");
        for (int cut : new int[] {0, 5, 8, 40, good.length / 2, good.length - 1}) {
            Files.write(bad, Arrays.copyOf(good, cut));
            refusedInOneLine(bad, "truncated to " + cut);
        }
        for (int i = 0; i < 8; i++) {
            byte[] flipped = good.clone();
            int at = i == 0 ? 0 : i == 1 ? good.length - 1 : r.nextInt(good.length);
            flipped[at] ^= (byte) (1 << r.nextInt(8));
            Files.write(bad, flipped);
            refusedInOneLine(bad, "bit flipped at " + at);
        }
        Runs foreign = Runs.of(args("--seed", "2", "--load", snap.toString(), "--seconds", "13", "--frame-times",
                "steady:16.667"));
        assertEquals(2, foreign.status());
        assertEquals(1, foreign.err().size(), foreign.err().toString());
        assertTrue(foreign.err().get(0).contains("snapshot of another setup"), foreign.err().get(0));
        refusedInOneLine(dir.resolve("missing.snap"), "missing");
        refusedInOneLine(dir, "a directory");
    }

    @Test
    void secondsBeforeTheLoadedInstantAndSavesThatCannotBeWrittenAreRefused() {
        Path snap = saved();
        Runs early = Runs.of(args("--load", snap.toString(), "--seconds", "5", "--frame-times", "steady:16.667"));
        assertEquals(2, early.status());
        assertEquals(1, early.err().size());
        assertTrue(early.err().get(0).contains("before the loaded snapshot's simulated time 12"), early.err()
                .toString());
        Runs late = Runs.of(args("--save", dir.resolve("x.snap") + "@40", "--seconds", "30"));
        assertEquals(2, late.status());
        assertTrue(late.err().get(0).contains("before it is due"), late.err().toString());
        Runs nowhere = Runs.of(args("--save", dir.resolve("no/such/x.snap") + "@1", "--seconds", "3"));
        assertEquals(2, nowhere.status());
        assertTrue(nowhere.err().get(0).startsWith("error: --save "), nowhere.err().toString());
        if (Files.isDirectory(Path.of("/proc/self"))) {
            // Writable by its permissions (as root), refused by the file system: found before the game runs.
            Runs proc = Runs.of(args("--save", "/proc/self/x.snap@1", "--seconds", "3"));
            assertEquals(2, proc.status());
            assertEquals(1, proc.err().size(), proc.err().toString());
            assertTrue(proc.err().get(0).startsWith("error: --save /proc/self/x.snap@1"), proc.err().toString());
            assertTrue(proc.out().isEmpty() || proc.out().stream().noneMatch(l -> l.startsWith("saved")),
                    proc.out().toString());
        }
        // --load with --record records from the loaded instant (LoadRecordCliTest replays such a file).
        Runs recorded = Runs.of(args("--load", snap.toString(), "--record", dir.resolve("r.replay").toString(),
                "--seconds", "13"));
        assertEquals(0, recorded.status(), recorded.err().toString());
        assertTrue(Files.isRegularFile(dir.resolve("r.replay")));
    }

    @Test
    void consoleSavesAndLoadsOffTheLoopThreadAndRefusesABadFileInOneLine() throws IOException {
        Path snap = dir.resolve("c.snap");
        Path junk = dir.resolve("junk.snap");
        Files.writeString(junk, "ECSLSNAP but not really");
        Runs run = Runs.withInput("save " + snap + "\nload " + junk + "\nload " + snap + "\n",
                args("--seconds", "400", "--frame-times", "steady:16.667"));
        assertEquals(0, run.status(), run.err().toString());
        String all = String.join("\n", run.out());
        assertTrue(all.contains("saved simulated time") && all.contains(snap.toString()), all);
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("error: ") && l.contains("snapshot")), all);
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("loaded " + snap + ": simulated time")), all);
        assertTrue(Files.size(snap) > 1000);
        assertNotEquals(0, Files.size(snap));
    }
}
