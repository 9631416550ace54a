package dev.ecsloop.demo;

import dev.ecsloop.time.Clock;

/**
 * A clock that stands still until {@link #start()}, then runs with the clock it wraps. The window's game is built
 * before the window opens; opening it (GL context, shaders, imgui) takes a few hundred milliseconds of real time,
 * which the loop's first frame would otherwise see as a stall and cut at the catch-up bound: the timeline's first
 * frame would show red for a stall the player never saw. With this clock simulated time starts when the window
 * does.
 *
 * <p>{@link #start()} and {@link #nanoTime()} are called on the loop's thread; the wrapped clock must be monotonic.
 */
public final class StartingClock implements Clock {
    private final Clock real;
    private final long createdAt;
    /** Real time subtracted once started: the time spent waiting. */
    private long offset;
    private boolean started;

    /**
     * @param real the clock to run with once started
     */
    public StartingClock(Clock real) {
        this.real = real;
        this.createdAt = real.nanoTime();
    }

    /** Starts the clock from where it stood; later calls do nothing. */
    public void start() {
        if (!started) {
            started = true;
            offset = real.nanoTime() - createdAt;
        }
    }

    @Override
    public long nanoTime() {
        return started ? real.nanoTime() - offset : createdAt;
    }

    @Override
    public void sleepNanos(long nanos) {
        real.sleepNanos(nanos);
    }

    @Override
    public void spinWait() {
        real.spinWait();
    }
}
