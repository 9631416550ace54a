package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A load jumps the game in time, which a replay (one unbroken session) cannot hold: a game that was recording
 * records on from the loaded instant, as {@code --load} with {@code --record} does, and says so in the load's line.
 * A file named by the console's {@code record} before the load, or by {@code --record}, then holds the session
 * from the last load (its start snapshot), and the console's {@code replay} and {@code --replay} verify it to the
 * game's hash.
 */
class RecordAcrossLoadTest {
    @TempDir
    Path dir;

    @Test
    void aConsoleRecordingGoesOnFromTheLoadedInstantAndTheConsoleReplaysIt() throws Exception {
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(new MatchSetup(40, 1, 32, 5_000, List.of()), clock, true);
        Path file = dir.resolve("across.replay");
        assertTrue(one(game, "record " + file).startsWith("recording to " + file + " (the session from simulated "
                + "time 0;"));
        frames(game, clock, 60);
        long loadedAt = game.loop().simulatedNanos();
        byte[] early = game.snapshots().capture();
        frames(game, clock, 60);
        String loaded = SaveFiles.restore(game, early, "early.snap"); // what the console's 'load' runs
        assertTrue(loaded.endsWith("; recording from here (a replay holds one unbroken session: the recording starts"
                + " from this snapshot)"), loaded);
        assertEquals(loadedAt, game.recorder().startNanos());
        frames(game, clock, 30);
        long end = game.worldHash();
        String saved = one(game, "stop");
        assertTrue(saved.startsWith("saved simulated time 1.500 s to " + file), saved);
        Replay replay = Replay.read(file);
        assertTrue(replay.startsFromSnapshot(), "the recording should start from the loaded snapshot");
        assertEquals(loadedAt, replay.startNanos());
        String replayed = one(game, "replay " + file);
        assertTrue(replayed.startsWith("replay matched ") && replayed.endsWith(" to simulated time 1.500 s, "
                + "world-hash: " + StateHash.hex(end)), replayed);
        assertTrue(one(game, "record " + dir.resolve("after.replay")).startsWith("recording to "
                + dir.resolve("after.replay") + " (the session from simulated time 1.000 s;"));
    }

    @Test
    void recordFlagAfterAConsoleLoadHoldsTheSessionFromTheLoadAndReplaysToItsHash() {
        Path file = dir.resolve("flag.replay");
        Path snap = dir.resolve("s.snap");
        // Typed lines and the file work of save and load run beside the game, which --frame-times drives as fast as
        // it can: 4 simulated s took about 60 ms, which a loaded machine's stdin reader and file thread could miss
        // (the load then never answered). 120 s run for about 2 s, as SaveLoadCliTest gives its console load room.
        Runs run = Runs.withInput("save " + snap + "\nload " + snap + "\n", "--headless", "--quiet", "--units", "40",
                "--map-size", "32", "--frame-times", "steady:16.667", "--seconds", "120", "--print-hash", "--record",
                file.toString());
        assertEquals(0, run.status(), run.out() + " " + run.err());
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("loaded " + snap) && l.endsWith("recording from "
                + "here (a replay holds one unbroken session: the recording starts from this snapshot)")),
                run.out().toString());
        String hash = run.lastOut();
        assertTrue(hash.startsWith("world-hash: "), hash);
        Runs replay = Runs.of("--headless", "--replay", file.toString(), "--print-hash");
        assertEquals(0, replay.status(), replay.out() + " " + replay.err());
        assertTrue(replay.out().get(0).startsWith("replay matched: "), replay.out().toString());
        assertEquals(hash, replay.lastOut(), "the replay ends on the recorded run's hash");
    }

    private static void frames(RtsGame game, ManualClock clock, int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(16_666_667L);
            game.frame();
        }
    }

    /** Submits a console line and drains, as the loop does, until its reply is in (file commands reply later). */
    private static String one(RtsGame game, String line) throws Exception {
        List<String> out = new ArrayList<>();
        CompletableFuture<Void> done = game.console().submit(line, out::add);
        for (int i = 0; i < 20_000 && !done.isDone(); i++) {
            game.console().drain();
            try {
                done.get(1, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // not yet: drain again
            }
        }
        assertTrue(done.isDone(), line + " never completed");
        assertEquals(1, out.size(), () -> line + " -> " + out);
        return out.get(0);
    }
}
