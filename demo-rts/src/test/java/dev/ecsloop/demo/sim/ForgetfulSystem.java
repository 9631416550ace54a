package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.TickRate;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

/**
 * A test system that wounds one random unit per tick by a random generator it keeps in a field: state the
 * simulation's future depends on. {@link Forgetful} forgets to declare it (what the check mode must name);
 * {@link Declaring} declares it.
 */
@TickRate(10)
abstract class ForgetfulSystem extends BaseEntitySystem {
    long rng = 99;
    private ComponentMapper<Health> healths;

    ForgetfulSystem() {
        super(Aspect.all(Health.class, Unit.class));
    }

    @Override
    protected void processSystem() {
        IntBag ids = getEntityIds();
        if (ids.isEmpty()) {
            return;
        }
        rng = rng * 6364136223846793005L + 1442695040888963407L;
        Health h = healths.get(ids.get((int) ((rng >>> 33) % ids.size())));
        h.hp = Math.max(1f, h.hp - 1f);
    }

    /** Undeclared: its generator is not in snapshots. */
    static final class Forgetful extends ForgetfulSystem {
    }

    /** Declares its generator. */
    static final class Declaring extends ForgetfulSystem implements SnapshotState {
        @Override
        public void save(SnapshotOut out) {
            out.writeLong(rng);
        }

        @Override
        public void load(SnapshotIn in) {
            rng = in.readLong();
        }
    }
}
