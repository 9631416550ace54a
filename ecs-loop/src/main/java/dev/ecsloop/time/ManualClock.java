package dev.ecsloop.time;

import java.time.Duration;

/**
 * A clock that moves only when told to. Tests and offline runs (replays, headless benchmarks with a frame-time
 * profile) use it to feed a loop any sequence of frame times, deterministically and without sleeping.
 *
 * <p>{@link #sleepNanos(long)} advances the clock by the requested amount, and {@link #spinWait()} by
 * {@link #spinNanos()}, so pacing code that waits on a manual clock finishes instantly while still
 * observing the time it asked for. The clock is thread-safe: its time is a volatile long.
 */
public final class ManualClock implements Clock {

    /** How far one {@link #spinWait()} advances manual time: 10 microseconds. */
    public static final long DEFAULT_SPIN_NANOS = 10_000L;

    private volatile long now;
    private final long spinNanos;

    /** A clock at time zero whose spin step is {@link #DEFAULT_SPIN_NANOS}. */
    public ManualClock() {
        this(0L, DEFAULT_SPIN_NANOS);
    }

    /**
     * @param start     the initial reading
     * @param spinNanos how far one {@link #spinWait()} advances; must be positive
     * @throws IllegalArgumentException if {@code spinNanos} is not positive
     */
    public ManualClock(long start, long spinNanos) {
        if (spinNanos <= 0) {
            throw new IllegalArgumentException("spinNanos must be positive, was " + spinNanos);
        }
        this.now = start;
        this.spinNanos = spinNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    /**
     * Moves time forward.
     *
     * @param nanos how far; must not be negative, since real time never runs backwards
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    public synchronized void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a clock cannot go back: advance(" + nanos + ")");
        }
        now += nanos;
    }

    /**
     * Moves time forward.
     *
     * @param duration how far; must not be negative
     * @throws IllegalArgumentException if {@code duration} is negative
     */
    public void advance(Duration duration) {
        advance(duration.toNanos());
    }

    /**
     * How far one spin advances this clock.
     *
     * @return nanoseconds per {@link #spinWait()}
     */
    public long spinNanos() {
        return spinNanos;
    }

    @Override
    public void sleepNanos(long nanos) {
        if (nanos > 0) {
            advance(nanos);
        }
    }

    @Override
    public void spinWait() {
        advance(spinNanos);
    }

    @Override
    public String toString() {
        return "ManualClock[" + now + " ns]";
    }
}
