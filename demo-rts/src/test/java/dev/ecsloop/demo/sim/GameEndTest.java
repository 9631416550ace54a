package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GameEndTest {

    @Test
    void aBaseThatFallsEndsTheGameAndTheOtherTeamWins() {
        RtsGame game = Games.small(60, 2, 40);
        Games.run(game, 2, () -> { });
        assertFalse(game.isOver());
        assertEquals(RtsGame.NO_WINNER, game.winner());
        int base = game.baseOf(1);
        game.loop().world().getMapper(Health.class).get(base).hp = 0f; // as if a last hit just landed
        Games.run(game, 0.1, () -> { });
        assertTrue(game.isOver());
        assertEquals(0, game.winner());
        assertEquals(-1, game.baseOf(1), "the fallen base is deleted");
        assertEquals(0f, game.baseHealth(1));
    }

    @Test
    void aFinishedGameStaysAsItEnded() {
        RtsGame game = Games.small(60, 2, 40);
        Games.run(game, 1, () -> { });
        game.loop().world().getMapper(Health.class).get(game.baseOf(0)).hp = 0f;
        Games.run(game, 0.1, () -> { });
        long ended = game.worldHash();
        long movementTicks = game.loop().stats().runs(game.loop().system(MovementSystem.class));
        Games.run(game, 3, () -> { });
        assertEquals(1, game.winner());
        assertEquals(ended, game.worldHash(), "no simulation after the end");
        assertTrue(game.loop().stats().runs(game.loop().system(MovementSystem.class)) > movementTicks,
                "the loop still ticks; the systems just do nothing");
    }

    @Test
    void aSmallGameIsWonByDestroyingABase() {
        RtsGame game = Games.small(60, 2, 32);
        for (int s = 0; s < 900 && !game.isOver(); s++) {
            Games.run(game, 1, () -> { });
        }
        assertTrue(game.isOver(), "a base fell within 15 simulated minutes");
        assertTrue(game.winner() == 0 || game.winner() == 1 || game.winner() == RtsGame.DRAW);
        assertTrue(game.winner() == RtsGame.DRAW || game.baseHealth(game.winner()) > 0f, "the winner's base stands");
    }
}
