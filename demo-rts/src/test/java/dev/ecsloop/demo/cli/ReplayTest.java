package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.state.StateHash;
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
        MatchSetup config = new MatchSetup(120, 4, 40, 5_000,
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
    void aWholeGameWithChurnAndOrdersReplaysToItsEndUnderThreeFrameProfiles() throws IOException {
        MatchSetup config = new MatchSetup(60, 2, 32, 5_000, List.of(RateSetting.parse("fog=20")));
        RtsGame game = RtsGame.create(config, new ManualClock(), true);
        Consumer<String> ignore = line -> { };
        frames(game, 120, 16_666_667L);
        game.select(0, 0, 16, 16);
        game.orderAttack(20f, 20f);
        frames(game, 200, 9_000_000L);
        game.console().execute("rate combat 30", ignore);
        game.orderMove(6f, 6f);
        frames(game, 300, 23_000_000L);
        game.console().execute("rate combat 20", ignore);
        game.orderAttack(28f, 28f);
        for (int i = 0; i < 4_000 && !game.isOver(); i++) {
            frames(game, 60, 16_666_667L);
        }
        assertTrue(game.isOver(), "a base fell");
        assertTrue(game.loop().world().getSystem(dev.ecsloop.demo.sim.EconomySystem.class).produced() > 0,
                "units were built while others died");
        frames(game, 10, 16_666_667L);
        Path file = dir.resolve("game.replay");
        long recorded = game.recorder().save(file);

        for (String profile : List.of("steady:7", "jitter:1-60:3", "stall:400@20")) {
            Runs run = Runs.of("--replay", file.toString(), "--frame-times", profile, "--print-hash");
            assertEquals(0, run.status(), profile + ": " + run.out() + " " + run.err());
            assertTrue(run.out().get(0).startsWith("replay matched: "), profile + ": " + run.out().get(0));
            assertEquals("world-hash: " + StateHash.hex(recorded), run.lastOut(), profile);
        }
    }

    @Test
    void aHeadlessGameStopsWhenABaseFallsWithTheWinnerAndTheSameHashUnderAnyFrameTimes() {
        List<String> ends = new java.util.ArrayList<>();
        for (String profile : List.of("steady:16.667", "jitter:1-45:9", "stall:300@30")) {
            Runs run = Runs.of("--headless", "--units", "60", "--map-size", "32", "--seconds", "1200",
                    "--frame-times", profile, "--print-hash");
            assertEquals(0, run.status(), run.err().toString());
            String end = run.out().stream().filter(l -> l.startsWith("game over: ")).findFirst().orElse("none");
            assertTrue(end.matches("game over: (team [01] wins|a draw, both bases fell) \\(world-hash [0-9a-f]{16}\\)"),
                    end);
            ends.add(end + " / " + run.lastOut());
        }
        assertEquals(ends.get(0), ends.get(1));
        assertEquals(ends.get(0), ends.get(2));
    }

    @Test
    void aPhaseTypedAtTheConsoleIsRecordedAndReplayed() throws IOException {
        RtsGame game = RtsGame.create(new MatchSetup(80, 5, 40, 5_000, List.of()), new ManualClock(), true);
        List<String> said = new java.util.ArrayList<>();
        frames(game, 50, 16_666_667L);
        game.console().execute("phase fog 0.125", said::add);
        frames(game, 40, 11_000_000L);
        game.console().execute("phase path 0.75", said::add);
        frames(game, 120, 16_666_667L);
        assertEquals(List.of("FogSystem: phase 0.125 (was 0.9)", "PathfindingSystem: phase 0.75 (was 0.125)"), said);
        Path file = dir.resolve("phase.replay");
        long recorded = game.recorder().save(file);

        Runs run = Runs.of("--replay", file.toString(), "--frame-times", "jitter:2-50:7", "--print-hash");

        assertEquals(0, run.status(), run.out() + " " + run.err());
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
        assertTrue(run.err().get(0).startsWith("error: " + file + " was recorded for setup 'demo-rts/2 units=20 seed=1"),
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
