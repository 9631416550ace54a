package dev.ecsloop;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an Artemis system as fixed-step: it ticks {@link #value()} times per simulated second, whatever the
 * frame rate, and inside each tick {@code world.getDelta()} is {@code 1 / value} seconds as the nearest float
 * (Artemis's delta is a float; the tick instants themselves are exact, see {@code Rate}).
 *
 * <p>Rates are exact to a thousandth of a hertz (60, 12.5, 29.97); finer rates are rounded to the nearest
 * millihertz. A rate that is zero, negative, NaN, infinite, below 0.001 Hz or above 1,000,000 Hz makes
 * {@link LoopBuilder#build()} throw {@link IllegalArgumentException} naming the system.
 *
 * <p>With {@link #catchUp()} {@code false} the system is <em>throttled</em> instead: it runs at most once per
 * frame when at least one of its ticks is due, occurrences missed in between are dropped, and its delta is the
 * simulated time since its previous run. Use it for work where only the newest result matters (a minimap
 * refresh, a stats sampler), never for simulation that must be deterministic under any frame timing.
 *
 * <p>{@link #phase()} places the ticks within the step: at {@code (k + phase) / rate} seconds of simulated time.
 * Systems of low rates that would otherwise tick at the same instants (at phase 0, 5, 10 and 15 Hz all tick at
 * 0.2 s, 0.4 s, ...) can be staggered so that their work lands in different frames:
 *
 * <pre>
 * simulated ms     0       100     200     300     400      x = a tick
 *  5 Hz phase 0    |---------------x---------------x
 *  5 Hz phase 0.5  |-------x---------------x--------
 * 10 Hz phase 0    |-------x-------x-------x-------x
 * 10 Hz phase 0.25 |-x-------x-------x-------x------
 * 15 Hz phase 0    |----x-----x----x----x-----x----x
 * </pre>
 *
 * The phase is part of the schedule, like the rate: the same ticks run at the same simulated instants under
 * any frame timing. {@link GameLoop#setPhase} changes it while the game runs.
 *
 * <p>This annotation and {@link EveryFrame} are inherited: a subclass of an annotated system ticks like its base
 * class unless it carries its own {@code @TickRate} or {@code @EveryFrame}. The nearest class in the hierarchy
 * that declares either decides.
 */
@Documented
@Inherited
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

    /**
     * Where the ticks fall within the step, as a fraction of it in [0, 1), exact to a millionth; 0 by default.
     * A phase outside [0, 1) (or 1 once rounded to a millionth), NaN or infinite makes {@link LoopBuilder#build()} throw
     * {@link IllegalArgumentException} naming the system.
     *
     * @return the phase, a fraction of the step
     */
    double phase() default 0;
}
