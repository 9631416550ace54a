package dev.ecsloop.state;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component class, or one field of a component, as presentation-only: state that depends on frame
 * timing by design (animation phase, interpolation buffers, selection highlights). The world-state hash leaves
 * it out, since it may differ between two runs whose simulations are identical. {@code transient} fields are
 * left out too.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD})
public @interface Presentation {
}
