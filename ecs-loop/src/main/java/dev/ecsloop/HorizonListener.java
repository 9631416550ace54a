package dev.ecsloop;

/**
 * Called on the loop thread when a frame's advance has stopped at the horizon ({@link GameLoop#setHorizon}) and every
 * instant up to it has run, before the every-frame systems. Whoever owns the horizon may do here exactly what it
 * could do between frames at that simulated time (post input at it, change a rate, pause) and move the horizon on;
 * the frame then goes on toward where its real time would have taken it, within the new horizon, and the listeners
 * are called again if it stops at that one. Frames split time differently this way; what they compute does not
 * change, since the state at the horizon is the same whether a frame ends there or goes on.
 *
 * <p>Why: lockstep stops the simulation at each turn's instant so that the turn's inputs are posted exactly there.
 * When they were in before the simulation got there, that stop is a formality: ending the frame at it would leave
 * the rest of the frame's advance uncovered (a tick due in it waits a frame, and the time is dropped or owed, a
 * different amount on each peer) for nothing.
 *
 * <p>Implementations must not allocate in steady state: they run in every frame that reaches the horizon.
 */
@FunctionalInterface
public interface HorizonListener {

    /**
     * @param simNanos the simulated time the frame stands at: the horizon
     */
    void reached(long simNanos);
}
