package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.Aspect;
import com.artemis.World;
import com.artemis.utils.IntBag;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.time.ManualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Influence through the parallel-for: the raw maps equal, bit for bit, the serial pass it replaced (every unit
 * added in entity order), with 3 workers and a battle of many chunks; the blurred maps are the serial blur's.
 */
class InfluenceParallelTest {

    @Test
    void theSumsAreTheSerialPassesBitForBit() {
        RtsGame game = RtsGame.create(new MatchSetup(3_000, 11, 96, 5_000, List.of()), new ManualClock(), false,
                new ManualClock(), 3);
        try {
            Games.run(game, 6, () -> { });
            World world = game.loop().world();
            InfluenceSystem influence = world.getSystem(InfluenceSystem.class);
            InfluenceMap map = game.influence();
            influence.processSystem();
            InfluenceMap expected = serialPass(world, game.fog(), map.columns() * InfluenceSystem.SECTOR,
                    map.rows() * InfluenceSystem.SECTOR);
            int differentFromZero = 0;
            for (int viewer = 0; viewer < 2; viewer++) {
                for (int side = 0; side < 2; side++) {
                    for (int s = 0; s < map.sectors(); s++) {
                        String where = "viewer " + viewer + " side " + side + " sector " + s;
                        assertEquals(Float.floatToRawIntBits(expected.raw(viewer, side, s)),
                                Float.floatToRawIntBits(map.raw(viewer, side, s)), where);
                        assertEquals(Float.floatToRawIntBits(expected.value(viewer, side, s)),
                                Float.floatToRawIntBits(map.value(viewer, side, s)), where);
                        differentFromZero += map.raw(viewer, side, s) != 0f ? 1 : 0;
                    }
                }
            }
            assertTrue(differentFromZero > 40, "the maps hold a battle: " + differentFromZero + " sectors");
        } finally {
            game.loop().close();
        }
    }

    /** The serial pass as it was before the parallel-for: each unit added in entity order, then the blur. */
    private static InfluenceMap serialPass(World world, FogOfWar fog, int width, int height) {
        InfluenceMap map = new InfluenceMap(width, height, InfluenceSystem.SECTOR);
        map.clear();
        IntBag all = world.getAspectSubscriptionManager()
                .get(Aspect.all(Unit.class, Health.class, Weapon.class, Transform2.class)).getEntities();
        for (int i = 0; i < all.size(); i++) {
            int e = all.get(i);
            Unit u = world.getMapper(Unit.class).get(e);
            Transform2 t = world.getMapper(Transform2.class).get(e);
            float x = t.position.x;
            float y = t.position.y;
            float s = InfluenceSystem.strength(world.getMapper(Weapon.class).get(e),
                    world.getMapper(Health.class).get(e));
            map.add(u.team, InfluenceMap.OWN, x, y, s);
            int enemy = 1 - u.team;
            if (fog.visible(enemy, (int) Math.floor(x), (int) Math.floor(y))) {
                map.add(enemy, InfluenceMap.ENEMY, x, y, s);
            }
        }
        map.blur(InfluenceSystem.BLUR_PASSES);
        return map;
    }
}
