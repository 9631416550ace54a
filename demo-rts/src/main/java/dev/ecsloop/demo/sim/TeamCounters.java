package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.utils.IntBag;
import dev.ecsloop.interpolate.Transform2;

/**
 * How each team stands, read from the world: its bank, deliveries, production, base health and living units.
 * Reads only; nothing here changes the simulation.
 */
final class TeamCounters {
    private final EntitySubscription unitSubscription;
    private final EntitySubscription baseSubscription;
    private final ComponentMapper<Base> bases;
    private final ComponentMapper<Unit> units;
    private final ComponentMapper<Health> healths;

    TeamCounters(World world) {
        this.unitSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Unit.class, Transform2.class));
        this.baseSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Base.class, Transform2.class));
        this.bases = world.getMapper(Base.class);
        this.units = world.getMapper(Unit.class);
        this.healths = world.getMapper(Health.class);
    }

    int credits(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).credits;
    }

    int delivered(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).delivered;
    }

    int spent(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).spent;
    }

    int produced(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).produced;
    }

    /** Hit points over maximum of the team's base, in [0, 1]; 0 once fallen. */
    float baseHealth(int team) {
        int base = baseOf(team);
        if (base < 0) {
            return 0f;
        }
        Health h = healths.get(base);
        return Math.max(0f, h.hp) / h.max;
    }

    /** The base entity of {@code team}, or -1 once it has fallen. */
    int baseOf(int team) {
        IntBag all = baseSubscription.getEntities();
        for (int i = 0; i < all.size(); i++) {
            if (bases.get(all.get(i)).team == team) {
                return all.get(i);
            }
        }
        return -1;
    }

    /** Living units of a team (harvesters included, bases not). */
    int unitCount(int team) {
        IntBag all = unitSubscription.getEntities();
        int n = 0;
        for (int i = 0; i < all.size(); i++) {
            Unit u = units.get(all.get(i));
            if (u.team == team && u.kind != Unit.BASE) {
                n++;
            }
        }
        return n;
    }
}
