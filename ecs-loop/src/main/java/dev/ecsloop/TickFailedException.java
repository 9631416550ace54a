package dev.ecsloop;

import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;

/**
 * Thrown by {@link GameLoop#frame()} (and {@link GameLoop#step()}) when a system throws. The message names the
 * system and the simulated time of the failed run; the cause is what the system threw.
 *
 * <p>The frame ends at the failed tick's instant: the failed tick counts as run, systems not yet run at that
 * instant run first in the next frame, and the rest of the frame's simulated time is handled like time past the
 * catch-up bound (kept as debt under {@link DebtPolicy#KEEP}, dropped under {@link DebtPolicy#DISCARD}). The loop
 * stays usable.
 */
public final class TickFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Class<? extends BaseSystem> system;
    /** Simulated time of the run that threw, in nanoseconds. */
    private final long simulatedNanos;

    /**
     * @param listener the tick listener that threw before the system's run, or null if the system threw
     */
    TickFailedException(Class<? extends BaseSystem> system, long simulatedNanos, TickListener listener,
                        Exception cause) {
        super((listener == null ? "system " + system.getSimpleName()
                : "tick listener " + listener.getClass().getName() + " (before " + system.getSimpleName() + ")")
                + " failed at simulated time " + Durations.exactSeconds(simulatedNanos) + ": " + describe(cause), cause);
        this.system = system;
        this.simulatedNanos = simulatedNanos;
    }

    /** The cause as its {@code toString()}, or its class name if even that throws. */
    private static String describe(Exception cause) {
        try {
            return String.valueOf(cause);
        } catch (RuntimeException e) {
            return cause.getClass().getName() + " (whose description failed: " + e.getClass().getName() + ")";
        }
    }

    /**
     * The system that threw.
     *
     * @return its class; null after deserialization
     */
    public Class<? extends BaseSystem> system() {
        return system;
    }

    /**
     * When the failed run was due.
     *
     * @return the simulated time of the run that threw, in nanoseconds
     */
    public long simulatedNanos() {
        return simulatedNanos;
    }
}
