package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recording named by the console's {@code record} gets its keyframes beside it ({@code FILE.keys}) in a game
 * that keeps them ({@code --record}), whichever way it is written: by {@code stop} while the game runs on, and by
 * the end of the game (the path quit, the end of input and Ctrl-C take too). Each seeks through its own keys.
 */
class ConsoleRecordKeysTest {
    private static final long FRAME = 16_666_667L;

    @TempDir
    Path dir;

    @Test
    void stopWritesTheKeyframesBesideTheRecordingAndTheyAreSeekedThrough() throws IOException {
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(new MatchSetup(120, 3, 40, 5_000, List.of()), clock, true, Clock.system(), 1,
                16);
        Path file = dir.resolve("stopped.replay");
        List<String> replies = new ArrayList<>();
        game.console().execute("record " + file, replies::add);
        frames(game, clock, 5_000_000_000L);
        CompletableFuture<Void> done = game.console().submit("stop", replies::add);
        for (int i = 0; i < 600 && !done.isDone(); i++) {   // the file is written on the console's I/O thread
            clock.advance(Math.min(FRAME, game.keyframeDueNanos() - game.loop().simulatedNanos()));
            game.frame();
        }
        assertTrue(done.isDone(), replies.toString());
        Path keys = Keyframes.besideReplay(file);
        assertTrue(replies.get(1).startsWith("saved simulated time 5.000 s to " + file), replies.toString());
        assertTrue(replies.get(1).endsWith("; keyframes: " + keys + " (3 every 2.000 s)"), replies.toString());
        Keyframes kept = Keyframes.load(keys, Replay.read(file), 16);
        assertEquals(3, kept.count());
        assertEquals(4_000_000_000L, kept.lastNanos());

        Runs straight = Runs.of("--replay", file.toString(), "--print-hash");
        Runs seek = Runs.of("--replay", file.toString(), "--seek", "4.5", "--print-hash");
        assertEquals(0, seek.status(), seek.out() + " " + seek.err());
        assertTrue(seek.out().stream().anyMatch(l -> l.startsWith("seeked to ") && l.contains("read from " + keys)),
                seek.out().toString());
        assertEquals(straight.lastOut(), seek.lastOut(), "a seek through the keys stop wrote ends where the replay does");
    }

    @Test
    void theEndOfTheGameWritesTheKeyframesOfAConsoleRecordingToo() {
        Path named = dir.resolve("named.replay");
        Runs run = Runs.withInput("record " + named + "\n", "--headless", "--quiet", "--units", "120", "--map-size",
                "40", "--seconds", "7", "--record", dir.resolve("flag.replay").toString(), "--print-hash");
        assertEquals(0, run.status(), run.out() + " " + run.err());
        Path keys = Keyframes.besideReplay(named);
        assertTrue(Files.exists(keys), run.out().toString());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("saved simulated time 7.000 s to " + named)
                && l.endsWith("; keyframes: " + keys + " (4 every 2.000 s)")), run.out().toString());
        Runs seek = Runs.of("--replay", named.toString(), "--seek", "5", "--print-hash");
        assertEquals(0, seek.status(), seek.out() + " " + seek.err());
        assertTrue(seek.out().stream().anyMatch(l -> l.startsWith("seeked to ") && l.contains("read from " + keys)),
                seek.out().toString());
        assertTrue(seek.out().stream().anyMatch(l -> l.startsWith("replay matched: ")), seek.out().toString());
        assertEquals(run.lastOut(), seek.lastOut(), "the seek then the rest reach the recorded end");
    }

    private static void frames(RtsGame game, ManualClock clock, long until) {
        while (game.loop().simulatedNanos() < until) {
            clock.advance(Math.min(FRAME, Math.min(until, game.keyframeDueNanos()) - game.loop().simulatedNanos()));
            game.frame();
        }
    }
}
