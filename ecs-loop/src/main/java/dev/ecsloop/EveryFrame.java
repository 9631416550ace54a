package dev.ecsloop;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an Artemis system that runs once per frame, after that frame's fixed ticks, with the frame's scaled
 * simulated time as its delta (0 while paused). Rendering, animation blending, camera and UI belong here.
 *
 * <p>A system with neither this nor {@link TickRate} runs every frame too; the annotation documents intent.
 * One class declaring both is an error reported by {@link LoopBuilder#build()}; a subclass may declare the
 * other one than its base class, and its own wins.
 *
 * <p>Every-frame systems must not change simulation state: what they see depends on frame timing, and a
 * simulation that depends on frame timing cannot be replayed.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EveryFrame {
}
