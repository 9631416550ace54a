package dev.ecsloop.examples.skeleton;

import com.artemis.Component;

/** How fast a unit moves, in cells per simulated second: simulation state, so replays and hashes include it. */
public final class Velocity extends Component {
    /** Cells per simulated second along x. */
    public float dx;
    /** Cells per simulated second along y. */
    public float dy;
}
