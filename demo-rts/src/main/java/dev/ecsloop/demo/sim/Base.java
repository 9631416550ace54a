package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * A team's base: its bank and its factory. The entity is also a {@link Unit} of kind {@link Unit#BASE} with
 * {@link Health} and a {@link Weapon} (a turret), so it is fought over like any unit; when it falls, its team
 * loses.
 */
public final class Base extends Component {
    int team;
    /** Credits in the bank: delivered by harvesters, spent on units. */
    int credits;
    /** Credits delivered since the start. */
    int delivered;
    /** Credits spent on units since the start. */
    int spent;
    /** Units produced since the start. */
    int produced;
    /** Economy ticks until the factory can start the next unit; 0 = ready. */
    int buildCooldown;
    /** The next field slot to give a new harvester (see {@code ResourceFields#cell}). */
    int fieldSlot;

    public Base() {
    }
}
