package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * Thrown by {@link GameLoop#frame()} (and {@link GameLoop#step()}) when a system throws. The message names the
 * system and the simulated time of the failed run; the cause is what the system threw.
 *
 * <p>The failed run counts as done and the loop stays usable: the next frame runs the ticks still due.
 */
public final class TickFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Class<? extends BaseSystem> system;
    /** Simulated time of the run that threw, in nanoseconds. */
    private final long simulatedNanos;

    TickFailedException(Class<? extends BaseSystem> system, long simulatedNanos, RuntimeException cause) {
        super("system " + system.getSimpleName() + " failed at simulated time "
                + simulatedNanos + " ns: " + cause, cause);
        this.system = system;
        this.simulatedNanos = simulatedNanos;
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
