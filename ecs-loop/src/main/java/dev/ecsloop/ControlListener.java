package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * Told of every change made to a running loop's controls, with the simulated instant at which it took effect:
 * inside a tick, that tick's simulated time; between frames or in an every-frame system, the frame's; in a
 * {@link FrameListener}, which runs before any of its frame's ticks, the simulated time the frame began at.
 * A recorder uses it to capture rate changes for exact replays, whoever made them (console, slider, code).
 * All methods default to doing nothing.
 */
public interface ControlListener {

    /**
     * A system's rate changed; an every-frame system given a rate became fixed-step.
     *
     * @param system   the system
     * @param hz       its new rate
     * @param simNanos the simulated time at which the change took effect
     */
    default void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
    }

    /**
     * A fixed-step system was made to run every frame.
     *
     * @param system   the system
     * @param simNanos the simulated time at which it stopped ticking
     */
    default void everyFrameSet(Class<? extends BaseSystem> system, long simNanos) {
    }

    /**
     * A system's phase changed.
     *
     * @param system   the system
     * @param phase    the new phase, a fraction of its step in [0, 1)
     * @param simNanos the simulated instant at which the change took effect
     */
    default void phaseChanged(Class<? extends BaseSystem> system, double phase, long simNanos) {
    }

    /**
     * The time scale changed.
     *
     * @param scale    simulated seconds per real second, as rounded by the loop
     * @param simNanos the simulated time at which the change took effect
     */
    default void timeScaleChanged(double scale, long simNanos) {
    }

    /**
     * The catch-up bound changed.
     *
     * @param boundNanos the new bound: the most simulated time one frame may cover
     * @param simNanos   the simulated time at which the change took effect
     */
    default void catchUpBoundChanged(long boundNanos, long simNanos) {
    }

    /**
     * The debt policy changed.
     *
     * @param policy   the new policy
     * @param simNanos the simulated time at which the change took effect
     */
    default void debtPolicyChanged(DebtPolicy policy, long simNanos) {
    }

    /**
     * The loop was paused or resumed.
     *
     * @param paused   whether it is paused now
     * @param simNanos the simulated time at which it stopped or restarted
     */
    default void pausedChanged(boolean paused, long simNanos) {
    }

    /**
     * A single-step ran.
     *
     * @param simNanos the simulated time the single-step ended at
     */
    default void stepped(long simNanos) {
    }
}
