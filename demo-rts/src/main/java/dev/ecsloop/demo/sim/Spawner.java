package dev.ecsloop.demo.sim;

import com.artemis.World;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.demo.random.SplitMix64;
import dev.ecsloop.interpolate.Transform2;

/**
 * Places both bases and armies at their spawn corners, and builds every kind of unit (for production too).
 * Units alternate teams by index, so both teams are the same size (team 0 gets the odd one). In each team, one
 * unit in {@link #HARVESTER_EVERY} is a harvester; of the fighters, every {@link #SQUAD_SIZE} consecutive ones
 * form one AI squad and every fourth is an archer (long range, projectiles, fragile), the rest soldiers.
 *
 * <p>Each team spawns in a square in its corner: the generator's open spawn area, grown so that there are at
 * most two units per cell. Cells are drawn from a {@link SplitMix64} seeded from the game seed; a blocked draw
 * moves to the nearest walkable cell, so no unit ever starts inside rock.
 */
final class Spawner {
    static final int SQUAD_SIZE = 40;
    static final float SPEED = 4.5f;
    static final float HARVESTER_SPEED = 5f;
    /** One unit in this many of a team's starting army is a harvester. */
    static final int HARVESTER_EVERY = 10;
    /**
     * Hit points of a base in an endless match: so large that no hit can lower them (a float of 1e30 minus any
     * weapon's damage rounds back to 1e30), so the base never falls and keeps its full strength, health bar and
     * production, without a rule of its own in the combat systems.
     */
    static final float ENDLESS_BASE_HP = 1e30f;

    /** Hit points of a base: 10 per unit in the game, from 600 to 4,000, so small games end too. */
    static float baseHp(int units) {
        return Math.max(600f, Math.min(4_000f, 10f * units));
    }

    private Spawner() {
    }

    /** Starting fighters (not harvesters) of a team of {@code perTeam} units. */
    static int fightersPerTeam(int perTeam) {
        return perTeam - perTeam / HARVESTER_EVERY;
    }

    /** Squads per team for {@code units} units in all. */
    static int squadsPerTeam(int units) {
        return Math.max(1, (fightersPerTeam((units + 1) / 2) + SQUAD_SIZE - 1) / SQUAD_SIZE);
    }

    static void spawn(World world, GridMap map, MatchSetup config, ResourceFields fields) {
        SplitMix64 rng = new SplitMix64(config.seed() ^ 0x5EED5EED5EEDL);
        int perTeam = (config.units() + 1) / 2;
        int squads = squadsPerTeam(config.units());
        CellRect[] areas = {grown(map, 0, perTeam), grown(map, 1, perTeam)};
        int[] bases = new int[2];
        for (int team = 0; team < 2; team++) {
            bases[team] = base(world, map, team, fields.baseCell(team), config.endless() ? ENDLESS_BASE_HP
                    : baseHp(config.units()));
        }
        int[] fighters = new int[2];
        for (int i = 0; i < config.units(); i++) {
            int team = i & 1;
            int rank = i >> 1;
            CellRect a = areas[team];
            int cell = map.nearestWalkable(a.x() + rng.nextInt(a.width()), a.y() + rng.nextInt(a.height()));
            float x = map.xOf(cell) + 0.1f + 0.8f * rng.nextFloat();
            float y = map.yOf(cell) + 0.1f + 0.8f * rng.nextFloat();
            if (rank % HARVESTER_EVERY == HARVESTER_EVERY - 1) {
                Base b = world.getMapper(Base.class).get(bases[team]);
                harvester(world, team, x, y, fields.cell(team, b.fieldSlot++));
            } else {
                int f = fighters[team]++;
                fighter(world, team, f % 4 == 3 ? Unit.ARCHER : Unit.SOLDIER,
                        team * squads + Math.min(squads - 1, f / SQUAD_SIZE), x, y);
            }
        }
    }

    /** A soldier or archer of {@code team} in {@code squad} at {@code (x, y)}; returns its entity id. */
    static int fighter(World world, int team, int kind, int squad, float x, float y) {
        boolean archer = kind == Unit.ARCHER;
        int e = unit(world, team, kind, squad, SPEED, archer ? 10 : 8, x, y);
        Health h = world.edit(e).create(Health.class);
        h.max = archer ? 60f : 100f;
        h.hp = h.max;
        Weapon w = world.edit(e).create(Weapon.class);
        w.range = archer ? 5f : 1.5f;
        w.damage = archer ? 6f : 10f;
        w.reloadTicks = archer ? 30 : 20;
        return e;
    }

    /** A harvester of {@code team} at {@code (x, y)} that mines {@code fieldCell}; returns its entity id. */
    static int harvester(World world, int team, float x, float y, int fieldCell) {
        int e = unit(world, team, Unit.HARVESTER, -1, HARVESTER_SPEED, 6, x, y);
        Health h = world.edit(e).create(Health.class);
        h.max = 80f;
        h.hp = h.max;
        world.edit(e).create(Weapon.class).range = 0f; // unarmed: combat never aims it
        Harvester hv = world.edit(e).create(Harvester.class);
        hv.fieldCell = fieldCell;
        return e;
    }

    private static int unit(World world, int team, int kind, int squad, float speed, int sight, float x, float y) {
        int e = world.create();
        Unit u = world.edit(e).create(Unit.class);
        u.team = team;
        u.kind = kind;
        u.squad = squad;
        u.speed = speed;
        u.sight = sight;
        world.edit(e).create(Mover.class);
        world.edit(e).create(AnimationState.class);
        Transform2 t = world.edit(e).create(Transform2.class).owner(MovementSystem.class);
        t.set(x, y, team == 0 ? (float) (Math.PI / 4) : (float) (-3 * Math.PI / 4));
        return e;
    }

    /** A team's base on {@code cell}: a unit that never moves, with a turret and a bank. */
    private static int base(World world, GridMap map, int team, int cell, float hp) {
        int e = world.create();
        Unit u = world.edit(e).create(Unit.class);
        u.team = team;
        u.kind = Unit.BASE;
        u.squad = -1;
        u.sight = 12;
        Health h = world.edit(e).create(Health.class);
        h.max = hp;
        h.hp = h.max;
        Weapon w = world.edit(e).create(Weapon.class);
        w.range = 7f;
        w.damage = 12f;
        w.reloadTicks = 10;
        world.edit(e).create(Base.class).team = team;
        world.edit(e).create(AnimationState.class);
        world.edit(e).create(Transform2.class).owner(MovementSystem.class)
                .set(map.xOf(cell) + 0.5f, map.yOf(cell) + 0.5f, 0f);
        return e;
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
