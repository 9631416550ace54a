package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.interpolate.Transform2;

/**
 * Rebuilds the {@link InfluenceMap}: for each team, its own units' strength and the enemy units it sees through
 * its fog, per sector, then blurred {@link #BLUR_PASSES} times. A unit's strength is its weapon's damage per
 * combat tick (damage over reload) times its health fraction, so wounded and unarmed units weigh less; bases
 * count like a strong unit. The AI reads the result ({@link AiSystem}); nothing else does.
 *
 * <p>Each unit's part (its strength, sector, team and whether the enemy sees it) is worked out through the
 * parallel-for into per-unit slots; then {@link InfluenceMap#rebuild} sums and blurs each viewer's maps as a
 * chunk of its own, adding units in entity order, so every sector adds the same floats in the same order at any
 * number of workers.
 */
@TickRate(value = 5, phase = 0.125)
public final class InfluenceSystem extends GameSystem implements SnapshotState {
    /** Side of an influence sector in cells. */
    static final int SECTOR = 8;
    /** Blur passes: threat spreads this many sectors each way. */
    static final int BLUR_PASSES = 3;

    private final InfluenceMap map;
    private final FogOfWar fog;
    /** Per unit (position in the entity list): its strength, sector, team, and whether the enemy sees it. */
    private float[] strengths = new float[0];
    private int[] sectors = new int[0];
    private int[] teams = new int[0];
    private boolean[] seen = new boolean[0];
    private final Chunk.Task measure = this::measure;
    @Wire
    private Parallel parallel;
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
        IntBag all = getEntityIds();
        int n = all.size();
        if (strengths.length < n) {
            int cap = Math.max(n, strengths.length * 2);
            strengths = new float[cap];
            sectors = new int[cap];
            teams = new int[cap];
            seen = new boolean[cap];
        }
        parallel.forEach(all, measure);
        map.rebuild(n, teams, sectors, strengths, seen, BLUR_PASSES, parallel);
    }

    /** One chunk's units: reads their components and the fog, writes their own slots only. */
    private void measure(Chunk chunk) {
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int e = chunk.entity(i);
            Transform2 t = transforms.get(e);
            float x = t.position.x;
            float y = t.position.y;
            int team = units.get(e).team;
            teams[i] = team;
            strengths[i] = strength(weapons.get(e), healths.get(e));
            sectors[i] = map.sectorOf(x, y);
            seen[i] = fog.visible(1 - team, (int) Math.floor(x), (int) Math.floor(y));
        }
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
