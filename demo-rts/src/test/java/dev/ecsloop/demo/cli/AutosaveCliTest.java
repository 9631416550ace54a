package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --autosave MINUTES}: files at whole multiples of the interval in simulated time, compressed, the newest
 * {@link SaveSchedule#AUTOSAVES_KEPT} kept, and every one loadable: a run loaded from any of them ends with the
 * autosaving run's hash. The console's {@code autosave} turns it on in a running game.
 */
class AutosaveCliTest {
    private static final String[] GAME = {"--headless", "--quiet", "--units", "300", "--map-size", "96",
        "--endless", "--frame-times", "jitter:2-50:4"};

    @TempDir
    Path dir;

    private static String[] with(String... more) {
        return Stream.concat(Stream.of(GAME), Stream.of(more)).toArray(String[]::new);
    }

    private List<Path> autosaves() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("autosave-")).sorted().toList();
        }
    }

    @Test
    void everyAutosaveIsLoadableAndEndsWithTheSameHash() throws IOException {
        Runs run = Runs.of(with("--autosave", "0.1", "--autosave-dir", dir.toString(), "--seconds", "43",
                "--print-hash"));
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.out().contains("autosaved 7 times"), run.out().toString());
        List<Path> files = autosaves();
        assertEquals(List.of("autosave-000018.000.snap.gz", "autosave-000024.000.snap.gz",
                "autosave-000030.000.snap.gz", "autosave-000036.000.snap.gz", "autosave-000042.000.snap.gz"),
                files.stream().map(f -> f.getFileName().toString()).toList(), "the newest 5, at multiples of 6 s");
        for (Path f : files) {
            byte[] head = Files.readAllBytes(f);
            assertTrue(head[0] == (byte) 0x1f && head[1] == (byte) 0x8b, "compressed");
            Runs loaded = Runs.of(with("--load", f.toString(), "--seconds", "43", "--print-hash"));
            assertEquals(0, loaded.status(), f + ": " + loaded.err());
            assertEquals(run.lastOut(), loaded.lastOut(), f.toString());
        }
    }

    @Test
    void consoleTurnsAutosaveOnAndABadIntervalIsOneLine() throws IOException {
        Runs run = Runs.withInput("autosave 0\nautosave soon\nautosave 0.05\n",
                with("--autosave-dir", dir.toString(), "--seconds", "30"));
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("error: <minutes> must be from 0.01")),
                run.out().toString());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("autosave every 0.05 min, next at")),
                run.out().toString());
        assertTrue(!autosaves().isEmpty(), "the console's autosave wrote files");
    }
}
