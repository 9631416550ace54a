package dev.ecsloop.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bridge between the game and the window, without a window: what it draws and the orders it posts. */
class RtsWindowGameTest {
    private static final long FRAME = 1_000_000_000L / 60;

    private final ManualClock clock = new ManualClock();
    private final RtsGame game = RtsGame.create(new MatchSetup(200, 5, 64, 5_000, List.of()), clock, false);
    private final RtsWindowGame shown = new RtsWindowGame(game, -1);
    private final RenderSnapshot snapshot = new RenderSnapshot();

    private void frames(int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(FRAME);
            game.frame();
        }
    }

    private void fill() {
        snapshot.clear();
        shown.fill(snapshot);
    }

    @Test
    void withTheFogOnTheEnemyOutOfSightIsNotDrawnAndTheFogIs() {
        frames(10);
        fill();
        assertTrue(snapshot.hasFog(), "fog drawn");
        assertTrue(snapshot.unitCount() >= game.unitCount(0), "the player's own units all drawn");
        assertTrue(snapshot.unitCount() < game.unitCount(0) + game.unitCount(1),
                "the enemy, far off in its corner, hidden: " + snapshot.unitCount());
    }

    @Test
    void fillDrawsTheMapOnceAndEveryLivingUnit() {
        assertFalse(shown.toggleFog(), "fog now off");
        frames(10);
        fill();
        assertEquals(64, snapshot.mapWidth());
        assertEquals(64, snapshot.mapHeight());
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                assertEquals(!game.map().isWalkable(x, y), snapshot.isBlocked(x, y), "cell " + x + "," + y);
            }
        }
        assertEquals(game.unitCount(0) + game.unitCount(1) + 2, snapshot.unitCount(), "every unit and both bases");
        assertEquals(0, snapshot.pathCount(), "nothing selected, no routes");
    }

    @Test
    void selectedUnitsOnTheMoveGetTheirRoutesAsPaths() {
        shown.onSelect(0, 0, 64, 64);
        frames(2);
        shown.onOrder(32, 32);
        frames(30);
        fill();
        assertTrue(snapshot.pathCount() > 0, "routes of the selected units drawn");
        assertTrue(snapshot.pathCount() <= game.unitCount(RtsGame.PLAYER_TEAM), "at most one route per unit");
    }

    @Test
    void aRightClickOnAnEnemyAttacksAndElsewhereMoves() {
        frames(1);
        fill();
        float ex = Float.NaN;
        float ey = Float.NaN;
        dev.ecsloop.demo.sim.FrameView sim = game.snapshot(new dev.ecsloop.demo.sim.FrameView());
        for (int i = 0; i < sim.count; i++) {
            if (sim.team[i] != RtsGame.PLAYER_TEAM) {
                ex = sim.x[i];
                ey = sim.y[i];
                break;
            }
        }
        assertTrue(shown.enemyNear(ex + 0.5f, ey), "half a cell from an enemy");
        assertFalse(shown.enemyNear(-50, -50), "off the map");
    }

    @Test
    void theInterpolationKeyReachesTheGame() {
        shown.setInterpolation(InterpolationMode.OFF);
        assertEquals(InterpolationMode.OFF, game.interpolation().mode());
        shown.setInterpolation(InterpolationMode.EXTRAPOLATE);
        assertEquals(InterpolationMode.EXTRAPOLATE, game.interpolation().mode());
    }

    @Test
    void aModeSetFromTheConsoleIsTheOneTheWindowShowsAndCyclesFrom() {
        assertEquals(InterpolationMode.INTERPOLATE, shown.interpolation());
        game.console().execute("interp extrapolate", reply -> { });
        assertEquals(InterpolationMode.EXTRAPOLATE, shown.interpolation(), "F2 and the mode line start from here");
    }
}
