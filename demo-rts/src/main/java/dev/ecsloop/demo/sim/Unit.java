package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * What a unit is: its team (0 or 1), the AI squad it belongs to, and how fast it walks. Fixed at spawn.
 * Public with a public constructor only because Artemis creates components reflectively.
 */
public final class Unit extends Component {
    /** 0 or 1; team 0 is the one the player orders. */
    int team;
    /** Index of the squad the AI moves this unit with, unique across both teams. */
    int squad;
    /** Cells per simulated second. */
    float speed;

    public Unit() {
    }
}
