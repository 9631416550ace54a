package dev.ecsloop.interpolate;

/**
 * How {@link Interpolation} turns an entity's previous and current fixed state into the state to draw, with
 * {@code alpha} the owning rate's position between its last tick and its next (see
 * {@link dev.ecsloop.SystemHandle#alpha()}).
 */
public enum InterpolationMode {

    /**
     * {@code previous + alpha * (current - previous)}: always shows a state the simulation really passed through,
     * one step behind. The default: smooth, and never shows a state the simulation did not reach.
     */
    INTERPOLATE,

    /**
     * {@code current + alpha * (current - previous)}: the last step's velocity carried forward. Shows the future
     * without the one-step lag, but overshoots when an entity stops or turns.
     */
    EXTRAPOLATE,

    /** The current fixed state as it is: what the simulation holds, stepping visibly at low rates. */
    OFF
}
