package dev.ecsloop;

import dev.ecsloop.time.Clock;

/**
 * What a tracing tool sees of a running loop: frames, system runs, skipped throttled runs, and frames cut short
 * by the catch-up bound or held at the horizon. It exists so that tools ({@code dev.ecsloop.trace}: trace-event
 * export, JDK Flight Recorder events) can watch the loop without the loop depending on them; games rarely
 * implement it.
 *
 * <p>Why this shape: the loop already reads its profiler clock once per system run for {@link LoopStats}; a
 * probe gets those same readings ({@code startNanos} is the end of the previous run or the start of the
 * pass, as in the stats), so watching adds no clock read per run. The loop calls a probe only while
 * one is attached ({@link GameLoop#setProbe}); with none, each hook point costs one null check.
 *
 * <p>Every call comes from the loop thread, in loop order: {@link #frameBegan}, then runs and skips, then
 * {@link #frameEnded} (also when the frame fails). Runs made by {@link GameLoop#step()} come outside any frame.
 * Calls must not allocate (the steady-state frame allocates nothing), must not block, and must not throw: what a
 * probe throws escapes the frame as a system's failure would.
 */
public interface LoopProbe {

    /**
     * Called once when the probe is attached, with the clock that times system runs: the probe reads it itself
     * when it needs a time of its own (frame boundaries), so the loop reads it for no one else.
     *
     * @param profiler the loop's profiler clock; all nanosecond readings given to the probe come from it
     */
    default void attached(Clock profiler) {
    }

    /**
     * A frame starts, after simulated time advanced and before its frame listeners and systems.
     *
     * @param frame           the frame's number, from 1
     * @param realNanos       the loop clock's reading for this frame
     * @param simStartNanos   simulated time at the start of the frame
     * @param simTargetNanos  simulated time the frame runs to
     */
    void frameBegan(long frame, long realNanos, long simStartNanos, long simTargetNanos);

    /**
     * One system ran (a fixed tick, a throttled run or an every-frame run).
     *
     * @param system     the system's registration order, the index into {@link GameLoop#systems()}
     * @param startNanos profiler reading at the end of the previous run (or the start of the pass)
     * @param endNanos   profiler reading at the end of this run
     * @param simNanos   the run's simulated instant (for an every-frame system, the frame's simulated time)
     */
    void ran(int system, long startNanos, long endNanos, long simNanos);

    /**
     * A throttled system skipped runs it had missed: it runs once, at {@code runsAtNanos}, instead.
     *
     * @param system             the system's registration order
     * @param runs               how many runs were skipped
     * @param firstSkippedNanos  the simulated instant of the first skipped run
     * @param runsAtNanos        the simulated instant it runs at instead
     */
    void skipped(int system, long runs, long firstSkippedNanos, long runsAtNanos);

    /**
     * The frame ended, normally or by a failure.
     *
     * @param frame         the frame's number
     * @param simNanos      simulated time at the end of the frame
     * @param hitCatchUpBound      whether the catch-up bound cut the frame short (as counted by {@link LoopStats})
     * @param heldAtHorizon whether the horizon held simulated time back (a lockstep wait for input)
     */
    void frameEnded(long frame, long simNanos, boolean hitCatchUpBound, boolean heldAtHorizon);
}
