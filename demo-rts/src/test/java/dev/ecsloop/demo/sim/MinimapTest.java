package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

class MinimapTest {

    @Test
    void theMinimapPaintsOncePerFrameHoweverManyRefreshesWereMissed() {
        RtsGame game = Games.small(60, 2, 40);
        ManualClock clock = (ManualClock) game.loop().clock();
        game.loop().setRate(MinimapSystem.class, 40);
        game.loop().setRate(FogSystem.class, 40);
        clock.advance(1);
        game.frame();
        long renders = game.minimap().renders();
        long fogTicks = game.loop().stats().runs(game.loop().system(FogSystem.class));
        clock.advance(200_000_000L); // 8 refreshes due at 40 Hz
        game.frame();
        assertEquals(renders + 1, game.minimap().renders(), "one paint: the newest picture only");
        assertEquals(fogTicks + 8, game.loop().stats().runs(game.loop().system(FogSystem.class)), "a catch-up system at 40 Hz ran all 8");
    }

    @Test
    void thePictureShowsFogOwnUnitsAndTerrain() {
        RtsGame game = Games.small(60, 2, 40);
        Games.run(game, 1, () -> { });
        Minimap m = game.minimap();
        int[] px = m.pixels();
        int base = game.baseCell(0);
        int bx = game.map().xOf(base) / m.scale();
        int by = game.map().yOf(base) / m.scale();
        assertNotEquals(Minimap.UNEXPLORED, px[by * m.side() + bx], "around the player's base is seen");
        assertNotEquals(Minimap.UNEXPLORED_ROCK, px[by * m.side() + bx]);
        int far = game.baseCell(1);
        int fx = game.map().xOf(far) / m.scale();
        int fy = game.map().yOf(far) / m.scale();
        int corner = px[fy * m.side() + fx];
        assertTrue(corner == Minimap.UNEXPLORED || corner == Minimap.UNEXPLORED_ROCK,
                "the enemy corner is still unexplored");
        int own = 0;
        for (int p : px) {
            if (p == Minimap.TEAM[0]) {
                own++;
            }
        }
        assertTrue(own > 0, "the player's units are drawn");
    }
}
