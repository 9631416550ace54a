package dev.ecsloop.time;

/**
 * The source of real time for a game loop.
 *
 * <p>Everything in ecs-loop that needs to know "what time is it" or "wait until then" goes through a
 * {@code Clock}, never through {@link System#nanoTime()} directly. That single seam is what lets tests drive a
 * loop through hours of frames in milliseconds with a {@link ManualClock}, and what keeps the simulation
 * independent of the machine it runs on.
 *
 * <p>Invariant: successive calls to {@link #nanoTime()} never go backwards.
 */
@FunctionalInterface
public interface Clock {

    /**
     * Reads the clock.
     *
     * @return real time in nanoseconds from an arbitrary but fixed origin; never decreases
     */
    long nanoTime();

    /**
     * Gives up the CPU for about {@code nanos} nanoseconds. A real clock sleeps and may overshoot by the
     * operating system's timer granularity; a manual clock simply advances. Pacing code sleeps for the coarse
     * part of a wait and spins ({@link #spinWait()}) for the last stretch.
     *
     * @param nanos how long to wait; zero or negative returns at once
     */
    default void sleepNanos(long nanos) {
        if (nanos > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(nanos);
        }
    }

    /**
     * One iteration of a busy wait. A real clock hints the CPU ({@link Thread#onSpinWait()}); a manual clock
     * advances a little so a spinning loop on manual time terminates.
     */
    default void spinWait() {
        Thread.onSpinWait();
    }

    /**
     * The real clock of this JVM: the only place ecs-loop reads {@link System#nanoTime()}.
     *
     * @return the shared system clock
     */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
