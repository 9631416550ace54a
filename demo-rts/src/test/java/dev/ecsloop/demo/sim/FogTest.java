package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FogTest {

    @Test
    void eachTeamSeesAroundItsUnitsAndNotTheEnemyCornerUntilItGetsThere() {
        RtsGame game = Games.small(60, 2, 40);
        Games.run(game, 0.5, () -> { });
        int mine = game.baseCell(0);
        int theirs = game.baseCell(1);
        assertTrue(game.fog().visible(0, mine), "a team sees its base");
        assertFalse(game.fog().visible(0, theirs), "and not the enemy's at the start");
        assertFalse(game.fog().visible(1, mine));
        boolean[] revealed = {false};
        Games.run(game, 150, () -> revealed[0] |= game.fog().visible(0, theirs) || game.fog().visible(1, mine)
                || game.isOver());
        assertTrue(revealed[0], "an attack brought an enemy base into view");
    }
}
