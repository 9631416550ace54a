package dev.ecsloop.demo.sim;

import com.artemis.Component;

/** Hit points; a unit whose {@link #hp} reaches 0 is deleted at the end of the combat tick that killed it. */
public final class Health extends Component {
    float hp;
    /** Hit points at spawn, for the health bar: always positive. */
    float max;

    public Health() {
    }
}
