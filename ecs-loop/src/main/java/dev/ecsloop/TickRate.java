package dev.ecsloop;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an Artemis system as fixed-step: it ticks {@link #value()} times per simulated second, whatever the
 * frame rate, and inside each tick {@code world.getDelta()} is exactly {@code 1 / value} seconds.
 *
 * <p>Rates are exact to a thousandth of a hertz (60, 12.5, 29.97); finer rates are rounded to the nearest
 * millihertz. A rate that is zero, negative, NaN, infinite, below 0.001 Hz or above 1,000,000 Hz makes
 * {@link GameLoop.Builder#build()} throw {@link IllegalArgumentException} naming the system.
 *
 * <p>With {@link #catchUp()} {@code false} the system is <em>throttled</em> instead: it runs at most once per
 * frame when at least one of its ticks is due, occurrences missed in between are dropped, and its delta is the
 * simulated time since its previous run. Use it for work where only the newest result matters (a minimap
 * refresh, a stats sampler), never for simulation that must be deterministic under any frame timing.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TickRate {

    /**
     * The rate.
     *
     * @return ticks per simulated second (Hz)
     */
    double value();

    /**
     * Whether missed ticks are caught up.
     *
     * @return {@code true} (default): every missed tick runs during catch-up; {@code false}: throttled
     */
    boolean catchUp() default true;
}
