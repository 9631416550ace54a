package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * Told of every change made to a running loop's controls, with the simulated instant at which it took effect:
 * inside a tick, that tick's simulated time; between frames or in an every-frame system, the frame's.
 * A recorder uses it to capture rate changes for exact replays, whoever made them (console, slider, code).
 * All methods default to doing nothing.
 */
public interface ControlListener {

    /** A system's rate changed; {@code hz} is 0 when it became every-frame. */
    default void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
    }

    /** A system's phase changed; {@code phase} is a fraction of its step in [0, 1). */
    default void phaseChanged(Class<? extends BaseSystem> system, double phase, long simNanos) {
    }

    default void timeScaleChanged(double scale, long simNanos) {
    }

    default void catchUpChanged(long maxCatchUpNanos, long simNanos) {
    }

    default void debtPolicyChanged(DebtPolicy policy, long simNanos) {
    }

    default void pausedChanged(boolean paused, long simNanos) {
    }

    /** A single step ran, ending at {@code simNanos}. */
    default void stepped(long simNanos) {
    }
}
