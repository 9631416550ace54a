package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import dev.ecsloop.state.Presentation;
import org.joml.Vector2f;
import org.joml.Vector2fc;

/**
 * A 2D position, rotation and scale that a fixed-step system moves and a renderer draws smoothly.
 *
 * <p>The owning system writes the <em>current</em> state ({@link #position}, {@link #angle}, {@link #scale})
 * during its ticks. {@link Interpolation} copies it into the <em>previous</em> state just before each tick of
 * the owner, so user code never does, and blends the two with the owner's alpha when asked. Other systems may
 * read the current state; only the owner should write it, or the blend mixes steps of different rates.
 *
 * <p>When the component enters the world (at the next entity update after it is added) its previous state is
 * set to its current one, so a new entity appears where it was placed instead of sliding in from the origin.
 *
 * <pre>{@code
 * Transform2 t = world.edit(unit).create(Transform2.class).owner(MovementSystem.class);
 * t.position.set(10, 20);
 * }</pre>
 *
 * <p>For 3D see {@link Transform3}; its position and scale blend the same way and its rotation is a
 * quaternion blended by slerp.
 */
public final class Transform2 extends OwnedState {

    /** Current position, written by the owner in its ticks. */
    public final Vector2f position = new Vector2f();
    /** Current rotation in radians, counter-clockwise; any value, blending takes the shorter arc. */
    public float angle;
    /** Current scale; (1, 1) when created. */
    public final Vector2f scale = new Vector2f(1f, 1f);

    @Presentation final Vector2f previousPosition = new Vector2f();
    @Presentation float previousAngle;
    @Presentation final Vector2f previousScale = new Vector2f(1f, 1f);

    /** An identity transform with no owner; Artemis creates components through this constructor. */
    public Transform2() {
    }

    /**
     * Names the system that moves this entity: the previous state is captured before each of its ticks and the
     * blend uses its alpha. {@code null} means nothing moves it smoothly: it is always drawn as it is. Changing
     * the owner of a tracked component also sets the previous state to the current one, since the last capture
     * belongs to the old owner's step.
     *
     * @param system the owning system, or {@code null}
     * @return this
     * @throws IllegalArgumentException if the component is already in a world with an {@link Interpolation}
     *                                  and {@code system} is not a system of that loop (the message names it);
     *                                  before that, an unknown owner is reported by the first query instead
     */
    public Transform2 owner(Class<? extends BaseSystem> system) {
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
     * Sets the current position and angle; the scale stays.
     *
     * @param x the x coordinate
     * @param y the y coordinate
     * @param angleRadians the rotation, counter-clockwise
     * @return this
     */
    public Transform2 set(float x, float y, float angleRadians) {
        position.set(x, y);
        angle = angleRadians;
        return this;
    }

    /**
     * Marks a jump: until the owner's next tick the entity is drawn at its current state with no blending, then
     * blending resumes from there. Call it right after moving the entity somewhere it did not travel to.
     *
     * @return this
     */
    public Transform2 teleport() {
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
    public Vector2fc previousPosition() {
        return previousPosition;
    }

    /**
     * The angle captured before the owner's latest tick.
     *
     * @return the previous angle
     */
    public float previousAngle() {
        return previousAngle;
    }

    /**
     * The scale captured before the owner's latest tick (read-only view).
     *
     * @return the previous scale
     */
    public Vector2fc previousScale() {
        return previousScale;
    }

    @Override
    void capture() {
        previousPosition.set(position);
        previousAngle = angle;
        previousScale.set(scale);
        teleported = false;
    }
}
