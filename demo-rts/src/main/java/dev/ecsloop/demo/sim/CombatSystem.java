package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.spatial.GridSort;
import dev.ecsloop.demo.spatial.SpatialGrid;
import dev.ecsloop.interpolate.Transform2;
import java.util.function.IntPredicate;

/**
 * Fighting: each armed unit keeps its target while it lives and stays in range, else takes the nearest enemy
 * its team sees (the {@link FogOfWar} as of its last update) within {@link #AGGRO_RADIUS} (through one {@link SpatialGrid} per team, so a search at the front scans enemies only,
 * not the crowd of its own army around it): in weapon range it becomes the target, beyond it the
 * unit chases it (see {@link MovementSystem}). A ready melee weapon hits its target for its damage at once; a
 * ranged one (reach above {@link #MELEE_REACH}) launches a {@link Projectile} entity that deals the damage when
 * it arrives. Units left with no hit points are deleted at the end of the tick, so everyone who fired in this
 * tick did; a base deleted so ends the game.
 *
 * <p>Units are processed in entity id order against positions as of the start of the tick; damage is applied
 * at once, in that order. The result is deterministic because the order is.
 *
 * <p>Most of the work runs first for every unit through the parallel-for, against health as of the start of
 * the tick: the team grids ({@link GridSort}, slot for slot the serial ones); then weapons
 * count down (each its own), and each unit's turn is planned: keep its target (fire or not), or take the nearest
 * visible living enemy; a unit that sees none clears its target and chase right there, since no death in the
 * tick can change that. The serial pass then, in id order, follows each plan unless the one unit it relied on
 * (the kept target, or the enemy found) has died since in this tick, and only then decides again against health
 * now. Health only falls within a tick and positions are those of its start, so a kept target still alive is
 * still kept; and the living enemies now are a subset of those at the start, so the nearest of the superset, if
 * still alive, is the nearest of the subset (ties go to the same first unit in grid order).
 * The result is bit for bit the serial one at any number of workers.
 */
@TickRate(value = 20, phase = 0.2)
public final class CombatSystem extends GameSystem implements SnapshotState {
    /** How far a unit notices enemies and walks to them (cells). */
    static final float AGGRO_RADIUS = 8f;
    /** Weapons reaching farther than this (cells) shoot projectiles; shorter ones strike at once. */
    static final float MELEE_REACH = 2f;
    /** Projectile speed in cells per simulated second. */
    static final float PROJECTILE_SPEED = 16f;

    /** Side of a presence block: the aggro radius, so a circle of it touches at most 3 x 3 blocks. */
    static final int BLOCK = (int) AGGRO_RADIUS;
    /** Side of a team grid's bucket: half a block, so a block is 2 x 2 buckets and its presence their counts. */
    static final int BUCKET = BLOCK / 2;

    /**
     * Per team: its units' positions in a grid, by dense index, in dense (entity id) order within a bucket, so a
     * team grid visits enemies in the same order as a grid of everyone would: the targets picked do not depend on
     * the split. Both grids are filled by one {@link GridSort} keyed by team.
     */
    private final SpatialGrid[] grids = new SpatialGrid[2];
    private final GridSort teamSort;
    private final int blockCols;
    private final int blockRows;
    private final UnitArrays arrays = new UnitArrays();
    /**
     * The filter of each team that looks, fixed at construction: the plan's chunks share them read-only. (Each
     * chunk used to set the looking team on a filter of its own before a search; two threads on neighbouring
     * chunks then wrote one cache line that every candidate's test read.)
     */
    private final EnemyOf[] seenBy = {new EnemyOf(0), new EnemyOf(1)};
    /**
     * Per unit (dense index), the plan made in parallel against health at the start of the tick: {@link #SKIP},
     * {@link #HOLD}, {@link #KEEP_FIRE} or {@link #RETARGET}; for a retarget the unit it targets and chases
     * (dense, or -1) and whether it fires; and the unit whose death in this tick voids the plan
     * ({@link #planCheck}, -1 for none).
     */
    private byte[] plan = new byte[0];
    private int[] planTarget = new int[0];
    private int[] planChase = new int[0];
    private int[] planCheck = new int[0];
    private boolean[] planFires = new boolean[0];
    /** Per unit: out of hit points at the start of the tick (read in the chunks). */
    private boolean[] deadAtStart = new boolean[0];
    /** Per unit: struck in this tick's serial pass, so its health may have fallen since the chunks read it. */
    private boolean[] struck = new boolean[0];
    /** Unarmed: nothing to decide. */
    private static final byte SKIP = 0;
    /** Keeps its target and does not fire, while the target lives. */
    private static final byte HOLD = 1;
    /** Keeps its target and fires at it, while the target lives. */
    private static final byte KEEP_FIRE = 2;
    /** Takes the planned target and chase (and fires if planned), while the enemy found lives. */
    private static final byte RETARGET = 3;
    private final Chunk.Task speculate = this::speculate;
    @Wire
    private Parallel parallel;
    private final FogOfWar fog;
    private final int mapWidth;
    private long kills;
    private long shots;

    private ComponentMapper<Unit> units;
    private ComponentMapper<Weapon> weapons;
    private ComponentMapper<Health> healths;
    private ComponentMapper<Transform2> transforms;
    private ComponentMapper<AnimationState> looks;
    private ComponentMapper<Base> bases;
    private ComponentMapper<Projectile> projectiles;

    CombatSystem(GridMap map, int capacity, FogOfWar fog, Outcome outcome) {
        super(Aspect.all(Unit.class, Weapon.class, Health.class, Transform2.class), outcome);
        this.fog = fog;
        this.mapWidth = map.width();
        for (int t = 0; t < 2; t++) {
            grids[t] = new SpatialGrid(map.width(), map.height(), BUCKET, capacity);
        }
        this.teamSort = new GridSort(grids);
        this.blockCols = (map.width() + BLOCK - 1) / BLOCK;
        this.blockRows = (map.height() + BLOCK - 1) / BLOCK;
    }

    @Override
    protected void processSystem() {
        arrays.fill(getEntityIds(), transforms, units, parallel);
        teamSort.rebuild(arrays.count, arrays.xs, arrays.ys, arrays.teams, parallel);
        speculateSearches();
        for (int i = 0; i < arrays.count; i++) {
            byte p = plan[i];
            if (p == SKIP) {
                continue;
            }
            int check = planCheck[i];
            // A plan relies on a unit alive at the start: only a strike in this pass can have killed it since.
            if (check >= 0 && struck[check] && healths.get(arrays.ids[check]).hp <= 0f) {
                decideNow(i); // the unit the plan relied on died in this tick: decide as the serial pass
            } else if (p == KEEP_FIRE) {
                fire(i, weapons.get(arrays.ids[i]));
            } else if (p == RETARGET) {
                Weapon w = weapons.get(arrays.ids[i]);
                w.target = planTarget[i] < 0 ? -1 : arrays.ids[planTarget[i]];
                w.chase = planChase[i] < 0 ? -1 : arrays.ids[planChase[i]];
                if (planFires[i]) {
                    fire(i, w);
                }
            }
        }
        for (int i = 0; i < arrays.count; i++) {
            // Health only falls by strikes in this pass: the dead are those dead at the start and those struck.
            if ((deadAtStart[i] || struck[i]) && healths.get(arrays.ids[i]).hp <= 0f) {
                if (bases.has(arrays.ids[i])) {
                    outcome.baseFell(arrays.teams[i]);
                }
                world.delete(arrays.ids[i]);
                kills++;
            }
        }
    }

    /** Plans every unit's targeting and firing against health at the start of the tick, chunk by chunk. */
    private void speculateSearches() {
        if (plan.length < arrays.count) {
            int n = Math.max(arrays.count, plan.length * 2);
            plan = new byte[n];
            planTarget = new int[n];
            planChase = new int[n];
            planCheck = new int[n];
            planFires = new boolean[n];
            deadAtStart = new boolean[n];
            struck = new boolean[n];
        }
        java.util.Arrays.fill(struck, 0, arrays.count, false);
        parallel.forEach(arrays.ids, arrays.count, Parallel.CHUNK_SIZE, speculate);
    }

    /**
     * One chunk's plans: counts its units' weapons down (their own components) and reads only (positions,
     * health, fog, grids) to fill its units' plan slots. A plan is what the serial pass would decide if no unit
     * died in this tick before it; {@link #planCheck} names the one death that could change it.
     */
    private void speculate(Chunk chunk) {
        for (int i = chunk.first(); i < chunk.end(); i++) {
            Weapon w = weapons.get(arrays.ids[i]);
            if (w.cooldown > 0) {
                w.cooldown--;
            }
            deadAtStart[i] = healths.get(arrays.ids[i]).hp <= 0f;
            planCheck[i] = -1;
            if (w.range <= 0f) {
                plan[i] = SKIP;
                continue;
            }
            int target = arrays.indexOf(w.target);
            if (target >= 0 && healths.get(w.target).hp > 0f && distance2(i, target) <= w.range * w.range) {
                // Keeps its target while it lives; should it die before this unit's turn, decide again then.
                planCheck[i] = target;
                plan[i] = w.cooldown == 0 ? KEEP_FIRE : HOLD;
                continue;
            }
            int seen = nearestSeen(i);
            if (seen < 0) {
                // No enemy to rely on, so no death can void this: the serial pass would just clear both.
                w.target = -1;
                w.chase = -1;
                plan[i] = SKIP;
                continue;
            }
            boolean inRange = distance2(i, seen) <= w.range * w.range;
            planCheck[i] = seen;
            planTarget[i] = inRange ? seen : -1;
            planChase[i] = inRange ? -1 : seen;
            planFires[i] = inRange && w.cooldown == 0;
            plan[i] = RETARGET;
        }
    }

    /**
     * Unit {@code i}'s turn as the serial pass takes it, against health now: keep a living target in range,
     * else take the nearest visible living enemy; fire if ready. Its weapon has already counted down.
     */
    private void decideNow(int i) {
        Weapon w = weapons.get(arrays.ids[i]);
        int target = arrays.indexOf(w.target);
        if (target < 0 || healths.get(w.target).hp <= 0f || distance2(i, target) > w.range * w.range) {
            int seen = nearestSeen(i);
            boolean inRange = seen >= 0 && distance2(i, seen) <= w.range * w.range;
            w.target = inRange ? arrays.ids[seen] : -1;
            w.chase = seen >= 0 && !inRange ? arrays.ids[seen] : -1;
        }
        if (w.target >= 0 && w.cooldown == 0) {
            fire(i, w);
        }
    }

    /**
     * The nearest living enemy of unit {@code i} within the aggro radius that its team sees, by dense index, or -1;
     * the one search both the plan and the serial pass make, so they pick the same unit.
     */
    private int nearestSeen(int i) {
        float x = arrays.xs[i];
        float y = arrays.ys[i];
        int enemy = 1 - arrays.teams[i];
        return enemiesNear(x, y, enemy) ? grids[enemy].nearest(x, y, AGGRO_RADIUS, seenBy[arrays.teams[i]]) : -1;
    }

    /** A ready weapon with a target fires: a melee hit at once, or a projectile launched. */
    private void fire(int i, Weapon w) {
        w.cooldown = w.reloadTicks;
        if (w.range > MELEE_REACH) {
            launch(arrays.teams[i], arrays.xs[i], arrays.ys[i], w);
        } else {
            strike(w);
        }
    }

    private void strike(Weapon w) {
        int hit = arrays.indexOf(w.target);
        if (hit >= 0) {
            struck[hit] = true;
        }
        healths.get(w.target).hp -= w.damage;
        AnimationState look = looks.getSafe(w.target, null);
        if (look != null) {
            look.hitFlash = 1f;
        }
    }

    /** A projectile from the shooter's position towards its target: an entity of its own from now on. */
    private void launch(int team, float x, float y, Weapon w) {
        int e = world.create();
        Projectile p = projectiles.create(e);
        p.team = team;
        p.target = w.target;
        p.damage = w.damage;
        p.speed = PROJECTILE_SPEED;
        world.edit(e).create(Transform2.class).owner(ProjectileSystem.class).set(x, y, 0f);
        shots++;
    }

    /**
     * Whether any unit of {@code team} stands in the 3 x 3 blocks around the point: a superset of the circle,
     * which lets lone crowds skip the search. Block b spans the team grid's buckets 2b and 2b + 1 along each axis
     * (bucket {@code floor(v / 4)} halves to block {@code floor(v) / 8}, both clamped onto the map, and the last
     * block's second bucket is past the grid exactly when the map's side is not a multiple of 8), so the blocks'
     * presence is their buckets' counts, read off the grid itself.
     */
    private boolean enemiesNear(float x, float y, int team) {
        return occupiedAround(grids[team], block(x, blockCols), block(y, blockRows));
    }

    /** Whether a grid of {@link #BUCKET}-cell buckets holds any unit in the 3 x 3 blocks around block (bx, by). */
    static boolean occupiedAround(SpatialGrid grid, int bx, int by) {
        return grid.occupied(2 * (bx - 1), 2 * (by - 1), 2 * (bx + 1) + 1, 2 * (by + 1) + 1);
    }

    /** The block of coordinate {@code v} along an axis of {@code count} blocks, clamped onto the map. */
    static int block(float v, int count) {
        return Math.max(0, Math.min(count - 1, (int) Math.floor(v) / BLOCK));
    }

    private float distance2(int a, int b) {
        float dx = arrays.xs[a] - arrays.xs[b];
        float dy = arrays.ys[a] - arrays.ys[b];
        return dx * dx + dy * dy;
    }

    /** State: the counters only; grids, presence and arrays are rebuilt every tick. */
    @Override
    public void save(SnapshotOut out) {
        out.writeLong(kills);
        out.writeLong(shots);
    }

    @Override
    public void load(SnapshotIn in) {
        kills = in.readLong();
        shots = in.readLong();
    }

    /** Units deleted so far by melee (projectile kills are counted by {@link ProjectileSystem#hits()}). */
    public long kills() {
        return kills;
    }

    /** Projectiles launched so far. */
    public long shots() {
        return shots;
    }

    /**
     * Accepts living units of the searched team's grid that the viewer's team sees; one instance per viewing team,
     * so queries allocate nothing.
     */
    private final class EnemyOf implements IntPredicate {
        private final int viewer;

        EnemyOf(int viewer) {
            this.viewer = viewer;
        }

        @Override
        public boolean test(int id) {
            int cell = GridMap.cellCoord(arrays.ys[id]) * mapWidth + GridMap.cellCoord(arrays.xs[id]);
            return fog.visible(viewer, cell) && healths.get(arrays.ids[id]).hp > 0f;
        }
    }
}
