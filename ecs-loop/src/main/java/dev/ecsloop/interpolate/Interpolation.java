package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import com.artemis.World;
import dev.ecsloop.GameLoop;
import dev.ecsloop.SystemHandle;
import org.joml.Quaternionf;
import org.joml.Vector2f;
import org.joml.Vector3f;

import java.util.List;
import java.util.Objects;

/**
 * Smooth drawing of entities moved at fixed rates: keeps each {@link Transform2}'s and {@link Transform3}'s
 * previous state and blends it with the current one by the alpha of the rate that owns the entity.
 *
 * <p><b>Capture.</b> A tick listener runs just before each fixed tick of a system S and copies current into
 * previous for the entities whose owner is S, and for no other. Entities are grouped per owner as Artemis
 * reports them, so a tick costs O(entities S owns), and nothing is allocated in steady state.
 *
 * <p><b>Query.</b> {@code positionOf}, {@code angleOf}, {@code rotationOf} and {@code scaleOf} write the state
 * to draw into a caller's JOML object, using the alpha of the owner's {@link SystemHandle}, resolved once at attach: an entity moved at 15 Hz and one moved at
 * 60 Hz are both smooth in the same frame. Per {@link InterpolationMode}:
 * {@code previous + alpha * (current - previous)}, {@code current + alpha * (current - previous)}, or current.
 * Angles take the shorter arc and come back in [-pi, pi); quaternions are slerped.
 *
 * <p>The current state is drawn as it is, whatever the mode, when blending would be wrong: the entity has no
 * owner, its component entered the world after the latest entity update, a {@code teleport()} is pending, the
 * owner runs every frame (it has no previous step) or is disabled (its skipped ticks capture nothing, so the
 * last step would replay over and over).
 *
 * <p><b>Wiring.</b> Create it before the loop, so that the systems that draw can take it in their constructors
 * (or through Artemis injection) with no setter, and attach it once the loop is built:
 *
 * <pre>{@code
 * Interpolation interpolation = new Interpolation();
 * GameLoop loop = GameLoop.builder()
 *         .world(new WorldConfigurationBuilder().with(new MoveSystem(), new DrawSystem(interpolation)))
 *         .build();
 * interpolation.attach(loop);
 * }</pre>
 *
 * <p>Queries before {@link #attach(GameLoop)} throw {@link IllegalStateException}; the mode may be set at any time.
 *
 * <p>Like the loop, an {@code Interpolation} is confined to the loop's thread.
 */
public final class Interpolation {

    private GameLoop loop;
    /** The loop's parallel-for: captures of large groups run through it. */
    private dev.ecsloop.parallel.Parallel parallel;
    /** The loop's systems in registration order, each resolved once: a query's alpha costs no lookup. */
    private SystemHandle[] owners;
    private OwnerIndex<Transform2> flat;
    private OwnerIndex<Transform3> solid;
    private InterpolationMode mode = InterpolationMode.INTERPOLATE;
    private final Quaternionf stepRotation = new Quaternionf();
    private final Quaternionf partialStep = new Quaternionf();

    /**
     * An interpolation not yet attached to a loop, in {@link InterpolationMode#INTERPOLATE} mode: hand it to the
     * systems that draw, build the loop, then {@link #attach(GameLoop)} it.
     */
    public Interpolation() {
    }

    /**
     * Starts interpolating the loop's {@link Transform2} and {@link Transform3} entities, those already there
     * included (their previous state is set to their current one). Call it between frames, once, right after
     * {@link dev.ecsloop.LoopBuilder#build()}.
     *
     * @param loop the built loop
     * @return this interpolation
     * @throws NullPointerException  if {@code loop} is null
     * @throws IllegalStateException if this interpolation is already attached, or this loop's world already has
     *                               an {@code Interpolation} (two would both claim every component)
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of Class<? extends BaseSystem> cannot be created
    public Interpolation attach(GameLoop loop) {
        Objects.requireNonNull(loop, "loop");
        if (this.loop != null) {
            throw new IllegalStateException("this Interpolation is already attached to a loop");
        }
        loop.claimFeature(Interpolation.class);
        List<Class<? extends BaseSystem>> types = loop.systems();
        Class<? extends BaseSystem>[] ownerTypes = types.toArray(new Class[0]);
        SystemHandle[] handles = new SystemHandle[ownerTypes.length];
        World world = loop.world();
        for (int i = 0; i < ownerTypes.length; i++) {
            handles[i] = loop.system(ownerTypes[i]);
        }
        this.owners = handles;
        this.flat = new OwnerIndex<>(world, Transform2.class, ownerTypes);
        this.solid = new OwnerIndex<>(world, Transform3.class, ownerTypes);
        this.loop = loop;
        this.parallel = loop.parallel();
        loop.addTickListener((system, tickNanos) -> capture(system));
        return this;
    }

    /**
     * Creates an interpolation and attaches it to a built loop: {@code new Interpolation().attach(loop)}.
     *
     * @param loop the built loop
     * @return the interpolation, capturing from the loop's next tick
     * @throws NullPointerException  if {@code loop} is null
     * @throws IllegalStateException if this loop's world already has an {@code Interpolation}
     */
    public static Interpolation install(GameLoop loop) {
        return new Interpolation().attach(loop);
    }

    /**
     * How snapshots write and read {@link Transform2}: current and previous state, teleport marker and owner, so
     * that a restored loop draws its first frame as the captured one would have. {@code Snapshots} registers it.
     *
     * @param loop the loop whose systems own the components (an owner is written as its index among them)
     * @return a new codec
     */
    public static dev.ecsloop.snapshot.ComponentCodec<Transform2> transform2Codec(GameLoop loop) {
        return new TransformCodec.Flat(loop.systems());
    }

    /**
     * How snapshots write and read {@link Transform3}; see {@link #transform2Codec(GameLoop)}.
     *
     * @param loop the loop whose systems own the components
     * @return a new codec
     */
    public static dev.ecsloop.snapshot.ComponentCodec<Transform3> transform3Codec(GameLoop loop) {
        return new TransformCodec.Solid(loop.systems());
    }

    /**
     * The loop whose alphas this interpolation blends by.
     *
     * @return the loop
     * @throws IllegalStateException if it is not attached yet
     */
    public GameLoop loop() {
        return attached().loop;
    }

    /**
     * Whether {@link #attach(GameLoop)} has run.
     *
     * @return true once attached
     */
    public boolean isAttached() {
        return loop != null;
    }

    private Interpolation attached() {
        if (loop == null) {
            throw new IllegalStateException("this Interpolation is not attached: call attach(loop) after build()");
        }
        return this;
    }

    /**
     * How states are blended now.
     *
     * @return the current mode
     */
    public InterpolationMode mode() {
        return mode;
    }

    /**
     * Switches how states are blended, from the next query on. The captured states do not depend on the mode,
     * so switching back and forth is seamless.
     *
     * @param mode the new mode
     * @throws NullPointerException if {@code mode} is null
     */
    public void setMode(InterpolationMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    /**
     * The position to draw for an entity with a {@link Transform2}.
     *
     * @param entity an entity id
     * @param dest receives the result
     * @return {@code dest}
     * @throws IllegalArgumentException if the entity has no Transform2, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public Vector2f positionOf(int entity, Vector2f dest) {
        Transform2 t = attached().flat.require(entity);
        float a = blendAlpha(t, flat.slotForQuery(entity, t));
        if (a < 0f) {
            return dest.set(t.position);
        }
        boolean ahead = mode == InterpolationMode.EXTRAPOLATE;
        Vector2f p = t.previousPosition;
        Vector2f c = t.position;
        return dest.set(blend(p.x, c.x, a, ahead), blend(p.y, c.y, a, ahead));
    }

    /**
     * The angle to draw for an entity with a {@link Transform2}, in [-pi, pi), blended along the shorter arc.
     *
     * @param entity an entity id
     * @return radians in [-pi, pi)
     * @throws IllegalArgumentException if the entity has no Transform2, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public float angleOf(int entity) {
        Transform2 t = attached().flat.require(entity);
        float a = blendAlpha(t, flat.slotForQuery(entity, t));
        if (a < 0f) {
            return Angles.wrap(t.angle);
        }
        float from = mode == InterpolationMode.EXTRAPOLATE ? t.angle : t.previousAngle;
        return Angles.wrap(from + a * Angles.shortestDelta(t.previousAngle, t.angle));
    }

    /**
     * The scale to draw for an entity with a {@link Transform2}.
     *
     * @param entity an entity id
     * @param dest receives the result
     * @return {@code dest}
     * @throws IllegalArgumentException if the entity has no Transform2, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public Vector2f scaleOf(int entity, Vector2f dest) {
        Transform2 t = attached().flat.require(entity);
        float a = blendAlpha(t, flat.slotForQuery(entity, t));
        if (a < 0f) {
            return dest.set(t.scale);
        }
        boolean ahead = mode == InterpolationMode.EXTRAPOLATE;
        Vector2f p = t.previousScale;
        Vector2f c = t.scale;
        return dest.set(blend(p.x, c.x, a, ahead), blend(p.y, c.y, a, ahead));
    }

    /**
     * The position to draw for an entity with a {@link Transform3}.
     *
     * @param entity an entity id
     * @param dest receives the result
     * @return {@code dest}
     * @throws IllegalArgumentException if the entity has no Transform3, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public Vector3f positionOf(int entity, Vector3f dest) {
        Transform3 t = attached().solid.require(entity);
        float a = blendAlpha(t, solid.slotForQuery(entity, t));
        if (a < 0f) {
            return dest.set(t.position);
        }
        return blend(t.previousPosition, t.position, a, mode == InterpolationMode.EXTRAPOLATE, dest);
    }

    /**
     * The rotation to draw for an entity with a {@link Transform3}: a slerp along the shorter arc, or, when
     * extrapolating, the current rotation turned on by {@code alpha} of the last step's turn.
     *
     * @param entity an entity id
     * @param dest receives the result
     * @return {@code dest}
     * @throws IllegalArgumentException if the entity has no Transform3, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public Quaternionf rotationOf(int entity, Quaternionf dest) {
        Transform3 t = attached().solid.require(entity);
        float a = blendAlpha(t, solid.slotForQuery(entity, t));
        if (a < 0f) {
            return dest.set(t.rotation);
        }
        if (mode == InterpolationMode.EXTRAPOLATE) {
            // current = previous * step, so step = previous^-1 * current; draw current * step^alpha.
            t.previousRotation.invert(stepRotation).mul(t.rotation);
            partialStep.identity().slerp(stepRotation, a);
            return t.rotation.mul(partialStep, dest);
        }
        return t.previousRotation.slerp(t.rotation, a, dest);
    }

    /**
     * The scale to draw for an entity with a {@link Transform3}.
     *
     * @param entity an entity id
     * @param dest receives the result
     * @return {@code dest}
     * @throws IllegalArgumentException if the entity has no Transform3, or its owner is not in the loop
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public Vector3f scaleOf(int entity, Vector3f dest) {
        Transform3 t = attached().solid.require(entity);
        float a = blendAlpha(t, solid.slotForQuery(entity, t));
        if (a < 0f) {
            return dest.set(t.scale);
        }
        return blend(t.previousScale, t.scale, a, mode == InterpolationMode.EXTRAPOLATE, dest);
    }

    /**
     * How many tracked entities (with a {@link Transform2} or {@link Transform3}) a system owns.
     *
     * @param system a system of the loop
     * @return the count
     * @throws IllegalArgumentException if {@code system} is not a system of the loop (the message names it)
     * @throws IllegalStateException    if this interpolation is not attached yet
     */
    public int ownedCount(Class<? extends BaseSystem> system) {
        int slot = attached().flat.slotOfOwner(system);
        if (slot < 0) {
            throw new IllegalArgumentException("no system " + (system == null ? "null" : system.getName())
                    + " in this loop");
        }
        return flat.ownedCount(slot) + solid.ownedCount(slot);
    }

    /** Package-private access for tests: the per-type indexes. */
    OwnerIndex<Transform2> flatIndex() {
        return flat;
    }

    OwnerIndex<Transform3> solidIndex() {
        return solid;
    }

    private void capture(BaseSystem system) {
        int slot = flat.slotOfOwner(system.getClass());
        if (slot >= 0) {
            flat.captureOwnedBy(slot, parallel);
            solid.captureOwnedBy(slot, parallel);
        }
    }

    /** The alpha to blend with, or -1 to draw the current state as it is (see the class comment). */
    private float blendAlpha(OwnedState t, int slot) {
        if (slot < 0 || t.teleported || mode == InterpolationMode.OFF) {
            return -1f;
        }
        SystemHandle owner = owners[slot];
        return owner.isEveryFrame() || !owner.isEnabled() ? -1f : owner.alpha();
    }

    private static float blend(float previous, float current, float alpha, boolean ahead) {
        return (ahead ? current : previous) + alpha * (current - previous);
    }

    private static Vector3f blend(Vector3f p, Vector3f c, float a, boolean ahead, Vector3f dest) {
        return dest.set(blend(p.x, c.x, a, ahead), blend(p.y, c.y, a, ahead), blend(p.z, c.z, a, ahead));
    }
}
