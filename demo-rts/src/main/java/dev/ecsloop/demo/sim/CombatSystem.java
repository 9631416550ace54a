package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.spatial.SpatialGrid;
import dev.ecsloop.interpolate.Transform2;
import java.util.function.IntPredicate;

/**
 * Fighting: each unit keeps its target while it lives and stays in range, else takes the nearest enemy within
 * {@link #AGGRO_RADIUS} (through a {@link SpatialGrid}): in weapon range it becomes the target, beyond it the
 * unit chases it (see {@link MovementSystem}). A ready weapon hits its target for its damage and reloads. Units
 * left with no hit points are deleted at the end of the tick, so everyone who fired in this tick did.
 *
 * <p>Units are processed in entity id order against positions as of the start of the tick; damage is applied
 * at once, in that order. The result is deterministic because the order is.
 */
@TickRate(20)
public final class CombatSystem extends BaseEntitySystem {
    /** How far a unit notices enemies and walks to them (cells). */
    static final float AGGRO_RADIUS = 8f;

    private final SpatialGrid grid;
    private final UnitArrays arrays = new UnitArrays();
    private final EnemyOf enemyOf = new EnemyOf();
    private long kills;

    private ComponentMapper<Unit> units;
    private ComponentMapper<Weapon> weapons;
    private ComponentMapper<Health> healths;
    private ComponentMapper<Transform2> transforms;
    private ComponentMapper<AnimationState> looks;

    CombatSystem(GridMap map, int capacity) {
        super(Aspect.all(Unit.class, Weapon.class, Health.class, Transform2.class));
        this.grid = new SpatialGrid(map.width(), map.height(), 4f, capacity);
    }

    @Override
    protected void processSystem() {
        arrays.fill(getEntityIds(), transforms, units);
        grid.rebuild(arrays.count, arrays.xs, arrays.ys);
        for (int i = 0; i < arrays.count; i++) {
            int e = arrays.ids[i];
            Weapon w = weapons.get(e);
            if (w.cooldown > 0) {
                w.cooldown--;
            }
            float x = arrays.xs[i];
            float y = arrays.ys[i];
            int target = arrays.indexOf(w.target);
            if (target < 0 || healths.get(w.target).hp <= 0f || distance2(i, target) > w.range * w.range) {
                enemyOf.team = arrays.teams[i];
                int seen = grid.nearest(x, y, AGGRO_RADIUS, enemyOf);
                boolean inRange = seen >= 0 && distance2(i, seen) <= w.range * w.range;
                w.target = inRange ? arrays.ids[seen] : -1;
                w.chase = seen >= 0 && !inRange ? arrays.ids[seen] : -1;
            }
            if (w.target >= 0 && w.cooldown == 0) {
                healths.get(w.target).hp -= w.damage;
                w.cooldown = w.reloadTicks;
                AnimationState look = looks.getSafe(w.target, null);
                if (look != null) {
                    look.hitFlash = 1f;
                }
            }
        }
        for (int i = 0; i < arrays.count; i++) {
            if (healths.get(arrays.ids[i]).hp <= 0f) {
                world.delete(arrays.ids[i]);
                kills++;
            }
        }
    }

    private float distance2(int a, int b) {
        float dx = arrays.xs[a] - arrays.xs[b];
        float dy = arrays.ys[a] - arrays.ys[b];
        return dx * dx + dy * dy;
    }

    /** Units deleted so far. */
    public long kills() {
        return kills;
    }

    /** Accepts living units of the other team; one reused instance, so queries allocate nothing. */
    private final class EnemyOf implements IntPredicate {
        int team;

        @Override
        public boolean test(int dense) {
            return arrays.teams[dense] != team && healths.get(arrays.ids[dense]).hp > 0f;
        }
    }
}
