package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.interpolate.Transform2;

/**
 * Flies projectiles at the physics rate: each tick a projectile moves {@code speed * dt} towards its target's
 * current position; within {@link #HIT_RADIUS} (or when the step would pass it) it hits, dealing its damage, and
 * is deleted. A projectile whose target is gone (dead, or its id now names something without health) is deleted
 * without effect. A target brought to zero hit points is deleted in the same tick, and if it was a base the
 * game ends. Projectiles are processed in entity id order, so simultaneous hits resolve the same way every run.
 */
@TickRate(60)
public final class ProjectileSystem extends GameSystem implements SnapshotState {
    /** A projectile this close to its target's centre hits (cells). */
    static final float HIT_RADIUS = 0.3f;

    private long hits;
    private long kills;
    private long misses;
    private ComponentMapper<Projectile> projectiles;
    private ComponentMapper<Transform2> transforms;
    private ComponentMapper<Health> healths;
    private ComponentMapper<Unit> units;
    private ComponentMapper<Base> bases;
    private ComponentMapper<AnimationState> looks;

    ProjectileSystem(Outcome outcome) {
        super(Aspect.all(Projectile.class, Transform2.class), outcome);
    }

    @Override
    protected void processSystem() {
        float dt = world.getDelta();
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            int e = ids[i];
            Projectile p = projectiles.get(e);
            if (!healths.has(p.target) || !units.has(p.target) || units.get(p.target).team == p.team
                    || healths.get(p.target).hp <= 0f) {
                world.delete(e);
                misses++;
                continue;
            }
            Transform2 t = transforms.get(e);
            Transform2 to = transforms.get(p.target);
            float dx = to.position.x - t.position.x;
            float dy = to.position.y - t.position.y;
            float d = (float) Math.sqrt(dx * dx + dy * dy);
            float step = p.speed * dt;
            if (d <= HIT_RADIUS + step) {
                hit(p);
                world.delete(e);
                continue;
            }
            t.position.set(t.position.x + dx * step / d, t.position.y + dy * step / d);
            t.angle = FastAtan2.atan2(dy, dx);
        }
    }

    private void hit(Projectile p) {
        Health h = healths.get(p.target);
        h.hp -= p.damage;
        hits++;
        AnimationState look = looks.getSafe(p.target, null);
        if (look != null) {
            look.hitFlash = 1f;
        }
        if (h.hp <= 0f) {
            if (bases.has(p.target)) {
                outcome.baseFell(units.get(p.target).team);
            }
            world.delete(p.target);
            kills++;
        }
    }

    /** State: the counters. */
    @Override
    public void save(SnapshotOut out) {
        out.writeLong(hits);
        out.writeLong(kills);
        out.writeLong(misses);
    }

    @Override
    public void load(SnapshotIn in) {
        hits = in.readLong();
        kills = in.readLong();
        misses = in.readLong();
    }

    /** Units (bases included) deleted so far because a projectile took their last hit points. */
    public long kills() {
        return kills;
    }

    /** Projectiles deleted without effect so far, because their target was gone. */
    public long misses() {
        return misses;
    }

    /** Projectiles that hit so far. */
    public long hits() {
        return hits;
    }
}
