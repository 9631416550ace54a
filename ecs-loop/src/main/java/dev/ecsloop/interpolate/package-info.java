/**
 * Smooth drawing of entities that fixed-step systems move at different rates.
 *
 * <p>An entity carries a {@link dev.ecsloop.interpolate.Transform2} (or {@link dev.ecsloop.interpolate.Transform3})
 * naming the system that moves it. {@link dev.ecsloop.interpolate.Interpolation#install(dev.ecsloop.GameLoop)}
 * keeps each one's previous fixed state, captured just before each tick of its owner, and answers renderer
 * queries with the state blended by the owner's alpha, per {@link dev.ecsloop.interpolate.InterpolationMode}.
 *
 * <pre>{@code
 * Interpolation interpolation = Interpolation.install(loop);
 * world.edit(unit).create(Transform2.class).owner(MovementSystem.class).position.set(10, 20);
 * // in the renderer, once per frame:
 * interpolation.positionOf(unit, drawAt);          // Vector2f, no allocation
 * float angle = interpolation.angleOf(unit);       // shorter arc, [-pi, pi)
 * }</pre>
 *
 * <p>The two transforms are the only kinds: the owner-and-capture base they share and the per-owner index are
 * package-private, so another kind (a skeleton pose, a camera) is added inside this package, not from outside.
 */
package dev.ecsloop.interpolate;
