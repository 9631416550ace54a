package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A load jumps the game in time, which a replay (one session from simulated time 0) cannot hold: after one the
 * recording is refused in one line, by {@code stop}, by a later {@code record}, at the end of the game and for
 * {@code --record}, and no file claiming to replay the session is written.
 */
class RecordAcrossLoadTest {
    @TempDir
    Path dir;

    @Test
    void stopAndRecordAfterALoadRefuseInOneLineAndWriteNothing() {
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(new MatchSetup(40, 1, 32, 5_000, List.of()), clock, true);
        List<String> replies = new ArrayList<>();
        Path file = dir.resolve("across.replay");
        game.console().execute("record " + file, replies::add);
        for (int i = 0; i < 60; i++) {
            clock.advance(16_666_667L);
            game.frame();
        }
        byte[] early = game.snapshots().capture();
        for (int i = 0; i < 60; i++) {
            clock.advance(16_666_667L);
            game.frame();
        }
        String loaded = SaveFiles.restore(game, early, "early.snap"); // what the console's 'load' runs
        assertTrue(loaded.endsWith("the replay recording stopped here (a replay covers one unbroken session)"), loaded);
        game.console().execute("stop", replies::add);
        game.console().execute("record " + dir.resolve("again.replay"), replies::add);
        assertEquals(3, replies.size(), replies.toString());
        assertTrue(replies.get(1).startsWith("error: " + file + " not written: the recording stopped at simulated "
                + "time 2.000 s when the game loaded a snapshot"), replies.get(1));
        assertTrue(replies.get(2).startsWith("error: the recording stopped at simulated time 2.000 s"),
                replies.get(2));
        assertFalse(Files.exists(file));
        assertFalse(Files.exists(dir.resolve("again.replay")));
    }

    @Test
    void recordFlagAfterAConsoleLoadIsRefusedAtTheEndInOneLine() {
        Path file = dir.resolve("flag.replay");
        Path snap = dir.resolve("s.snap");
        Runs run = Runs.withInput("save " + snap + "\nload " + snap + "\n", "--headless", "--quiet", "--units", "40",
                "--map-size", "32", "--frame-times", "steady:16.667", "--record", file.toString());
        assertEquals(2, run.status(), run.out() + " " + run.err());
        assertEquals(1, run.err().size(), run.err().toString());
        assertTrue(run.err().get(0).startsWith("error: --record: " + file + " not written: the recording stopped"),
                run.err().get(0));
        assertFalse(Files.exists(file));
    }
}
