package dev.ecsloop.demo.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --load FILE --record R} through the real command line: the recording starts from the loaded instant (its
 * start snapshot), {@code --replay R} verifies every hash and ends on the recorded run's hash, seeking works from
 * the loaded instant on, and a seek before it is one line.
 */
class LoadRecordCliTest {
    private static final String[] GAME = {"--headless", "--quiet", "--units", "300", "--map-size", "96"};

    @TempDir
    Path dir;

    private static String[] args(String... more) {
        String[] all = Arrays.copyOf(GAME, GAME.length + more.length);
        System.arraycopy(more, 0, all, GAME.length, more.length);
        return all;
    }

    @Test
    void aRunLoadedAndRecordedReplaysToItsHash() {
        Path snap = dir.resolve("s.snap");
        Runs saving = Runs.of(args("--save", snap + "@12", "--seconds", "14", "--frame-times", "steady:16.667"));
        assertEquals(0, saving.status(), saving.err().toString());
        Path rec = dir.resolve("loaded.replay");
        Runs recording = Runs.withInput("select 0 0 96 96\nmove 40 40\n", args("--load", snap.toString(), "--record",
                rec.toString(), "--seconds", "25", "--print-hash", "--frame-times", "jitter:3-45:5"));
        assertEquals(0, recording.status(), recording.err().toString());
        String hash = recording.lastOut();
        assertTrue(hash.startsWith("world-hash: "), hash);
        assertTrue(recording.out().stream().anyMatch(l -> l.startsWith("recorded ") && l.contains(rec.toString())),
                recording.out().toString());

        Runs replay = Runs.of("--headless", "--replay", rec.toString(), "--print-hash", "--frame-times",
                "jitter:1-60:9");
        assertEquals(0, replay.status(), replay.out() + " " + replay.err());
        assertTrue(replay.out().get(0).startsWith("replay matched: "), replay.out().toString());
        assertEquals(hash, replay.lastOut(), "the replay ends on the recorded run's hash");

        Runs seek = Runs.of("--headless", "--replay", rec.toString(), "--seek", "20", "--print-hash");
        assertEquals(0, seek.status(), seek.out() + " " + seek.err());
        assertEquals(hash, seek.lastOut());

        Runs before = Runs.of("--headless", "--replay", rec.toString(), "--seek", "5");
        assertEquals(2, before.status(), before.out() + " " + before.err());
        assertEquals(1, before.err().size(), before.err().toString());
        assertTrue(before.err().get(0).startsWith("error: cannot seek to 5.000 s: " + rec + " starts at 12"),
                before.err().get(0));
        assertFalse(before.err().get(0).contains("\n"));
        assertTrue(Files.exists(rec));
    }
}
