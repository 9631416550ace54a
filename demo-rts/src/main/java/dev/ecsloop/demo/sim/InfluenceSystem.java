package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.interpolate.Transform2;

/**
 * Rebuilds the {@link InfluenceMap}: for each team, its own units' strength and the enemy units it sees through
 * its fog, per sector, then blurred {@link #BLUR_PASSES} times. A unit's strength is its weapon's damage per
 * combat tick (damage over reload) times its health fraction, so wounded and unarmed units weigh less; bases
 * count like a strong unit. The AI reads the result ({@link AiSystem}); nothing else does.
 */
@TickRate(value = 5, phase = 0.125)
public final class InfluenceSystem extends GameSystem implements SnapshotState {
    /** Side of an influence sector in cells. */
    static final int SECTOR = 8;
    /** Blur passes: threat spreads this many sectors each way. */
    static final int BLUR_PASSES = 3;

    private final InfluenceMap map;
    private final FogOfWar fog;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Health> healths;
    private ComponentMapper<Weapon> weapons;
    private ComponentMapper<Transform2> transforms;

    InfluenceSystem(InfluenceMap map, FogOfWar fog, Outcome outcome) {
        super(Aspect.all(Unit.class, Health.class, Weapon.class, Transform2.class), outcome);
        this.map = map;
        this.fog = fog;
    }

    @Override
    protected void processSystem() {
        map.clear();
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            int e = ids[i];
            Unit u = units.get(e);
            Transform2 t = transforms.get(e);
            float x = t.position.x;
            float y = t.position.y;
            float s = strength(weapons.get(e), healths.get(e));
            map.add(u.team, InfluenceMap.OWN, x, y, s);
            int enemy = 1 - u.team;
            if (fog.visible(enemy, (int) Math.floor(x), (int) Math.floor(y))) {
                map.add(enemy, InfluenceMap.ENEMY, x, y, s);
            }
        }
        map.blur(BLUR_PASSES);
    }

    /** State: the influence map the AI reads until the next update (its raw maps; the blur is redone on load). */
    @Override
    public void save(SnapshotOut out) {
        map.save(out);
    }

    @Override
    public void load(SnapshotIn in) {
        map.load(in);
        map.blur(BLUR_PASSES);
    }

    /** Damage per combat tick, scaled by health left; unarmed units count a little (they can be defended). */
    static float strength(Weapon w, Health h) {
        float dps = w.range <= 0f ? 0.1f : w.damage / w.reloadTicks;
        return dps * Math.max(0f, h.hp) / h.max;
    }
}
