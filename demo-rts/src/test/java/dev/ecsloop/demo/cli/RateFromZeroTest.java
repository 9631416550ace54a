package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.ecsloop.demo.sim.AiSystem;
import dev.ecsloop.demo.sim.CombatSystem;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.PathfindingSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

class RateFromZeroTest {

    @Test
    void rateFlagsApplyFromSimulatedTimeZero() {
        Options options = new Options();
        new picocli.CommandLine(options).parseArgs("--units", "20", "--map-size", "32", "--rate", "ai=5",
                "--rate", "Path=7.5", "--rate", "comb=40");
        RtsGame game = RtsGame.create(options.setup(false), new ManualClock(), false);
        ManualClock clock = (ManualClock) game.loop().clock();
        for (int i = 0; i < 10; i++) {
            clock.advance(100_000_000L);
            game.frame();
        }
        assertEquals(5, game.loop().stats().runs(game.loop().system(AiSystem.class)), "5 Hz for the whole first second");
        assertEquals(7, game.loop().stats().runs(game.loop().system(PathfindingSystem.class)), "7.5 Hz: 7 ticks by 1 s");
        assertEquals(40, game.loop().stats().runs(game.loop().system(CombatSystem.class)));
        assertEquals(60, game.loop().stats().runs(game.loop().system(MovementSystem.class)), "unchanged systems keep their rate");
    }

    @Test
    void aRateChangesTheOutcome() {
        String base = Runs.of("--headless", "--units", "60", "--map-size", "32", "--seconds", "12",
                "--frame-times", "steady:20", "--print-hash").lastOut();
        String slowCombat = Runs.of("--headless", "--units", "60", "--map-size", "32", "--seconds", "12",
                "--frame-times", "steady:20", "--print-hash", "--rate", "combat=5").lastOut();
        assertNotEquals(base, slowCombat);
    }
}
