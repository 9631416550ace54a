package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * Marks a unit in the player's selection. Simulation state, not presentation: move and attack orders apply to
 * the selected units, so selection changes only through SELECT input events, in a fixed tick.
 */
public final class Selected extends Component {
    public Selected() {
    }
}
