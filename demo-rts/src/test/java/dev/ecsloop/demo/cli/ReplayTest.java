package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.GameConfig;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.StateHash;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayTest {
    @TempDir
    Path dir;

    /** Advances a game by {@code frames} frames of {@code nanos} each. */
    private static void frames(RtsGame game, int frames, long nanos) {
        ManualClock clock = (ManualClock) game.loop().clock();
        for (int i = 0; i < frames; i++) {
            clock.advance(nanos);
            game.frame();
        }
    }

    @Test
    void aSessionWithOrdersAndRateChangesReplaysToTheSameHashUnderOtherFrameTimes() throws IOException {
        GameConfig config = new GameConfig(120, 4, 40, 5_000,
                List.of(RateSetting.parse("path=30"), RateSetting.parse("COMBAT=10")));
        RtsGame game = RtsGame.create(config, new ManualClock(), true);
        Consumer<String> ignore = line -> { };
        frames(game, 45, 16_000_000L);
        game.select(0, 0, 12, 12);
        game.orderMove(20.5f, 30.5f);
        frames(game, 30, 7_000_000L);
        game.console().execute("rate ai 5", ignore);
        frames(game, 50, 21_000_000L);
        game.orderAttack(35f, 35f);
        game.console().execute("rate movement 30", ignore);
        frames(game, 100, 16_666_667L);
        Path file = dir.resolve("session.replay");
        long recorded = game.recorder().save(file);

        Runs run = Runs.of("--replay", file.toString(), "--frame-times", "jitter:1-60:5", "--print-hash");

        assertEquals(0, run.status(), run.out() + " " + run.err());
        assertTrue(run.out().get(0).startsWith("replay matched: "), run.out().get(0));
        assertEquals("world-hash: " + StateHash.hex(recorded), run.lastOut());
    }

    @Test
    void aRecordingMadeByTheCommandLineReplays() {
        Path file = dir.resolve("cli.replay");
        Runs recorded = Runs.of("--headless", "--units", "60", "--map-size", "32", "--seconds", "3",
                "--frame-times", "steady:25", "--rate", "ai=5", "--record", file.toString(), "--print-hash");
        assertEquals(0, recorded.status(), recorded.err().toString());

        Runs replayed = Runs.of("--replay", file.toString(), "--print-hash");

        assertEquals(0, replayed.status(), replayed.out() + " " + replayed.err());
        assertEquals(recorded.lastOut(), replayed.lastOut());
    }

    @Test
    void aReplayForAnotherSeedIsRefusedWithOneLine() {
        Path file = dir.resolve("seed1.replay");
        assertEquals(0, Runs.of("--headless", "--units", "20", "--map-size", "32", "--seconds", "1",
                "--frame-times", "steady:50", "--record", file.toString()).status());

        Runs run = Runs.of("--replay", file.toString(), "--seed", "2");

        assertEquals(2, run.status());
        assertEquals(1, run.err().size(), run.err().toString());
        assertTrue(run.err().get(0).startsWith("error: " + file + " was recorded for setup 'demo-rts units=20 seed=1"),
                run.err().get(0));
    }

    @Test
    void aFileThatIsNoReplayExitsTwoWithOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("junk.replay"), "not a replay");
        Runs run = Runs.of("--replay", file.toString());
        assertEquals(2, run.status());
        assertEquals(List.of("error: " + file + " is not an ecs-loop replay (bad magic)"), run.err());
    }

    @Test
    void aMissingReplayFileExitsTwo() {
        Runs run = Runs.of("--replay", dir.resolve("absent.replay").toString());
        assertEquals(2, run.status());
        assertEquals(1, run.err().size());
    }
}
