package dev.ecsloop.demo.sim;

import com.artemis.Component;

/**
 * A shot in flight: created by combat when a ranged weapon fires, moved at the physics rate towards its
 * target's current position, and deleted when it hits (dealing its damage) or when its target is gone. Its
 * {@code Transform2} is owned by {@link ProjectileSystem}, so it is drawn blended at that system's alpha.
 */
public final class Projectile extends Component {
    int team;
    /** The entity aimed at. */
    int target = -1;
    float damage;
    /** Cells per simulated second. */
    float speed;

    public Projectile() {
    }
}
