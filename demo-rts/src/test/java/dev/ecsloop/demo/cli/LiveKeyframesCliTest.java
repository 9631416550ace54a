package dev.ecsloop.demo.cli;

import dev.ecsloop.replay.Keyframes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --record} keeps keyframes as it goes: the fresh recording has its {@code .keys} at once, a seek reads
 * them (no replay pass) and matches the rest; the recording's hash is the same with keyframes kept as without.
 */
class LiveKeyframesCliTest {
    @TempDir
    Path dir;

    @Test
    void aFreshRecordingSeeksThroughTheKeyframesKeptWhileRecording() {
        Path file = dir.resolve("live.replay");
        String orders = "select 0 0 20 20\nmove 30 30\nrate combat 30\n";
        Runs recorded = Runs.withInput(orders, "--headless", "--quiet", "--units", "160", "--map-size", "40",
                "--seconds", "13", "--frame-times", "jitter:1-60:5", "--rate", "fog=20", "--record", file.toString(),
                "--print-hash");
        assertEquals(0, recorded.status(), recorded.out() + " " + recorded.err());
        Path keys = Keyframes.besideReplay(file);
        assertTrue(Files.exists(keys), recorded.out().toString());
        assertTrue(recorded.out().stream().anyMatch(l -> l.startsWith("keyframes saved: " + keys + " (")),
                recorded.out().toString());

        String[] game = {"--headless", "--quiet", "--units", "160", "--map-size", "40", "--seconds", "6",
                "--frame-times", "jitter:1-60:5", "--rate", "fog=20", "--print-hash"};
        Runs plain = Runs.of(game);
        String[] recording = java.util.Arrays.copyOf(game, game.length + 2);
        recording[game.length] = "--record";
        recording[game.length + 1] = dir.resolve("same.replay").toString();
        assertEquals(plain.lastOut(), Runs.of(recording).lastOut(), "keeping keyframes changes nothing in the game");

        for (String at : new String[] {"9.5", "2", "12.25", "0"}) {
            Runs seek = Runs.of("--replay", file.toString(), "--seek", at, "--frame-times", "stall:400@5", "--print-hash");
            assertEquals(0, seek.status(), seek.out() + " " + seek.err());
            assertTrue(seek.out().stream().anyMatch(l -> l.startsWith("seeked to ") && l.contains("read from " + keys)),
                    seek.out().toString());
            assertTrue(seek.out().stream().anyMatch(l -> l.startsWith("replay matched: ")), seek.out().toString());
            assertEquals(recorded.lastOut(), seek.lastOut(), "seek to " + at + " then the rest: the recorded end");
        }
    }

    @Test
    void theBudgetFlagGoesWithRecordToo() {
        Runs alone = Runs.of("--headless", "--keyframe-budget", "8", "--seconds", "1");
        assertEquals(2, alone.status());
        assertEquals("error: --keyframe-budget needs --replay FILE or --record FILE", alone.err().get(0));
        Path file = dir.resolve("small.replay");
        Runs run = Runs.of("--headless", "--quiet", "--units", "40", "--map-size", "32", "--seconds", "5",
                "--record", file.toString(), "--keyframe-budget", "1");
        assertEquals(0, run.status(), run.err().toString());
        assertTrue(Files.exists(Keyframes.besideReplay(file)));
    }
}
