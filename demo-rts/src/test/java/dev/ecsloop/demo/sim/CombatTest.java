package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CombatTest {

    @Test
    void twoSquadsMeetFightAndUnitsDie() {
        RtsGame game = Games.small(40, 2, 32);
        Games.run(game, 1 / 60.0, () -> { });
        assertEquals(20, game.unitCount(0));
        assertEquals(20, game.unitCount(1));
        Games.run(game, 60, () -> { });
        int left = game.unitCount(0) + game.unitCount(1);
        int built = game.produced(0) + game.produced(1);
        assertTrue(left < 40 + built, "units died: " + left + " of " + (40 + built) + " left");
        CombatSystem combat = game.loop().world().getSystem(CombatSystem.class);
        ProjectileSystem shots = game.loop().world().getSystem(ProjectileSystem.class);
        assertEquals(40 + built - left, combat.kills() + shots.kills(),
                "every death was a kill, deleted from the world");
    }

    @Test
    void aBattleEndsWithOneSideWipedOutOrItsBaseFallen() {
        RtsGame game = Games.small(40, 2, 32);
        Games.run(game, 180, () -> { });
        assertTrue(game.unitCount(0) == 0 || game.unitCount(1) == 0 || game.isOver(),
                "one side lost everyone: " + game.unitCount(0) + " vs " + game.unitCount(1));
    }

    @Test
    void theSameSeedAndSimulatedTimeGiveTheSameWorldHash() {
        RtsGame a = Games.small(40, 2, 32);
        RtsGame b = Games.small(40, 2, 32);
        Games.run(a, 20, () -> { });
        Games.run(b, 20, () -> { });
        assertEquals(a.worldHash(), b.worldHash(), "same seed and time, same world");
    }
}
