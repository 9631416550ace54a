package dev.ecsloop.demo.sim;

import com.artemis.World;
import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.demo.random.SplitMix64;
import dev.ecsloop.interpolate.Transform2;

/**
 * Places both armies at their spawn corners. Units alternate teams by index, so both teams are the same size
 * (team 0 gets the odd one), and every {@link #SQUAD_SIZE} consecutive units of a team form one AI squad.
 * Every fourth unit is an archer (long range, light hits, fragile), the rest are soldiers.
 *
 * <p>Each team spawns in a square in its corner: the generator's open spawn area, grown so that there are at
 * most two units per cell. Cells are drawn from a {@link SplitMix64} seeded from the game seed; a blocked draw
 * moves to the nearest walkable cell, so no unit ever starts inside rock.
 */
final class Spawner {
    static final int SQUAD_SIZE = 40;
    static final float SPEED = 4.5f;

    private Spawner() {
    }

    /** Squads per team for {@code units} units in all. */
    static int squadsPerTeam(int units) {
        return ((units + 1) / 2 + SQUAD_SIZE - 1) / SQUAD_SIZE;
    }

    static void spawn(World world, GridMap map, GameConfig config) {
        SplitMix64 rng = new SplitMix64(config.seed() ^ 0x5EED5EED5EEDL);
        int perTeam = (config.units() + 1) / 2;
        int squads = squadsPerTeam(config.units());
        CellRect[] areas = {grown(map, 0, perTeam), grown(map, 1, perTeam)};
        for (int i = 0; i < config.units(); i++) {
            int team = i & 1;
            int rank = i >> 1;
            CellRect a = areas[team];
            int cell = map.nearestWalkable(a.x() + rng.nextInt(a.width()), a.y() + rng.nextInt(a.height()));
            float x = map.xOf(cell) + 0.1f + 0.8f * rng.nextFloat();
            float y = map.yOf(cell) + 0.1f + 0.8f * rng.nextFloat();
            int e = world.create();
            Unit u = world.edit(e).create(Unit.class);
            u.team = team;
            u.squad = team * squads + rank / SQUAD_SIZE;
            u.speed = SPEED;
            boolean archer = rank % 4 == 3;
            Health h = world.edit(e).create(Health.class);
            h.max = archer ? 60f : 100f;
            h.hp = h.max;
            Weapon w = world.edit(e).create(Weapon.class);
            w.range = archer ? 5f : 1.5f;
            w.damage = archer ? 6f : 10f;
            w.reloadTicks = archer ? 30 : 20;
            world.edit(e).create(Mover.class);
            world.edit(e).create(AnimationState.class);
            Transform2 t = world.edit(e).create(Transform2.class).owner(MovementSystem.class);
            t.set(x, y, team == 0 ? (float) (Math.PI / 4) : (float) (-3 * Math.PI / 4));
        }
    }

    /** The team's spawn area grown from its corner to hold {@code perTeam} units at two per cell. */
    private static CellRect grown(GridMap map, int team, int perTeam) {
        CellRect base = MapGenerator.spawnArea(team, map.width(), map.height());
        int side = Math.max(base.width(), (int) Math.ceil(Math.sqrt(perTeam / 2.0)));
        side = Math.min(side, Math.min(map.width(), map.height()) / 2);
        return team == 0 ? new CellRect(0, 0, side, side)
                : new CellRect(map.width() - side, map.height() - side, side, side);
    }
}
