package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * What a unit is: its team (0 or 1), its kind, the AI squad it belongs to, how fast it walks and how far it
 * sees. Fixed at spawn. Bases are units too (kind {@link #BASE}, speed 0, no {@link Mover}): they can be
 * targeted, they shoot, and the game ends when one falls.
 * Public with a public constructor only because Artemis creates components reflectively.
 */
public final class Unit extends Component {
    static final int SOLDIER = 0;
    static final int ARCHER = 1;
    static final int HARVESTER = 2;
    static final int BASE = 3;

    /** 0 or 1; team 0 is the one the player orders. */
    int team;
    /** {@link #SOLDIER}, {@link #ARCHER}, {@link #HARVESTER} or {@link #BASE}. */
    int kind;
    /** Sight radius in cells, for the fog of war. */
    int sight;
    /** Index of the squad the AI moves this unit with, unique across both teams; -1 for harvesters and bases. */
    int squad;
    /** Cells per simulated second. */
    float speed;

    public Unit() {
    }
}
