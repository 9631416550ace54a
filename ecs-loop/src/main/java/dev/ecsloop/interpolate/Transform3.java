package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import dev.ecsloop.state.Presentation;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * A 3D position, rotation and scale that a fixed-step system moves and a renderer draws smoothly: the 3D twin
 * of {@link Transform2}, with the same ownership, capture and teleport rules. Rotation is a unit quaternion,
 * blended by spherical linear interpolation along the shorter arc.
 */
public final class Transform3 extends OwnedState {

    /** Current position, written by the owner in its ticks. */
    public final Vector3f position = new Vector3f();
    /** Current rotation; keep it unit length (JOML's rotation methods do). */
    public final Quaternionf rotation = new Quaternionf();
    /** Current scale; (1, 1, 1) when created. */
    public final Vector3f scale = new Vector3f(1f, 1f, 1f);

    @Presentation final Vector3f previousPosition = new Vector3f();
    @Presentation final Quaternionf previousRotation = new Quaternionf();
    @Presentation final Vector3f previousScale = new Vector3f(1f, 1f, 1f);

    /** An identity transform with no owner; Artemis creates components through this constructor. */
    public Transform3() {
    }

    /**
     * Names the system that moves this entity; see {@link Transform2#owner(Class)}.
     *
     * @param system the owning system, or {@code null}
     * @return this
     * @throws IllegalArgumentException if the component is tracked by an {@link Interpolation} and
     *                                  {@code system} is not a system of its loop (the message names it)
     */
    public Transform3 owner(Class<? extends BaseSystem> system) {
        changeOwner(system);
        return this;
    }

    /**
     * The system that moves this entity, or {@code null}.
     *
     * @return the owner
     */
    public Class<? extends BaseSystem> owner() {
        return owner;
    }

    /**
     * Marks a jump; see {@link Transform2#teleport()}.
     *
     * @return this
     */
    public Transform3 teleport() {
        teleported = true;
        return this;
    }

    /**
     * Whether a {@link #teleport()} is pending, i.e. the owner has not ticked since.
     *
     * @return true until the owner's next tick
     */
    public boolean isTeleported() {
        return teleported;
    }

    /**
     * The position captured before the owner's latest tick (read-only view).
     *
     * @return the previous position
     */
    public Vector3fc previousPosition() {
        return previousPosition;
    }

    /**
     * The rotation captured before the owner's latest tick (read-only view).
     *
     * @return the previous rotation
     */
    public Quaternionfc previousRotation() {
        return previousRotation;
    }

    /**
     * The scale captured before the owner's latest tick (read-only view).
     *
     * @return the previous scale
     */
    public Vector3fc previousScale() {
        return previousScale;
    }

    @Override
    void capture() {
        previousPosition.set(position);
        previousRotation.set(rotation);
        previousScale.set(scale);
        teleported = false;
    }
}
