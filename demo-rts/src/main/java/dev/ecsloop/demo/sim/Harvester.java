package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * A harvester's trip: to its own field cell, mine there, carry the load to its base, and again. A harvester
 * given a player order leaves the cycle until it is idle again.
 */
public final class Harvester extends Component {
    static final int TO_FIELD = 0;
    static final int MINING = 1;
    static final int TO_BASE = 2;

    int state = TO_FIELD;
    /** Its own field cell (a flat map index). */
    int fieldCell = -1;
    /** Credits carried. */
    int cargo;
    /** Economy ticks of mining left. */
    int timer;
    /** Trips delivered. */
    int trips;

    public Harvester() {
    }
}
