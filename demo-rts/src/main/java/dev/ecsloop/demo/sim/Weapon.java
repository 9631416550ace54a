package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * A unit's weapon and what it is aiming at. Counted in combat ticks, not seconds, so a rate change of the
 * combat system changes the fire rate in simulated time: that is what retuning means.
 *
 * <p>Invariant: {@link #target} and {@link #chase} are entity ids of living enemies as of the last combat
 * tick, or -1; at most one of them is set.
 */
public final class Weapon extends Component {
    /** Reach in cells, centre to centre. */
    float range;
    float damage;
    /** Combat ticks between shots. */
    int reloadTicks;
    /** Combat ticks until the next shot may fire; 0 = ready. */
    int cooldown;
    /** Enemy in range being shot at, or -1. */
    int target = -1;
    /** Enemy seen within {@link CombatSystem#AGGRO_RADIUS} but out of range, to walk towards, or -1. */
    int chase = -1;

    public Weapon() {
    }
}
