package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import com.artemis.Component;
import dev.ecsloop.state.Presentation;

/**
 * What every interpolated component shares: the system that moves it, the teleport marker, and the link to the
 * {@link OwnerIndex} that tracks it. Package-private so that the public components show only their own API.
 *
 * <p>Invariant: {@code index != null} exactly while an {@link OwnerIndex} tracks this instance as the component
 * of entity {@code entityId}. A component that left its entity keeps a stale link; {@link OwnerIndex} detects
 * it by checking that the entity still holds this very instance.
 *
 * <p>All of this is bookkeeping for drawing, so none of it counts towards the world-state hash.
 */
abstract class OwnedState extends Component {

    @Presentation Class<? extends BaseSystem> owner;
    @Presentation boolean teleported;
    @Presentation OwnerIndex<?> index;
    @Presentation int entityId = -1;

    /** Copies the current state into the previous one. Called before each tick of the owner. */
    abstract void capture();

    void changeOwner(Class<? extends BaseSystem> system) {
        if (index != null) {
            index.ownerChanged(this, system);
        } else {
            owner = system;
        }
    }
}
