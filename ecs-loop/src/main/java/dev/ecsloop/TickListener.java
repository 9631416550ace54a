package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * Called on the loop thread just before each fixed-step run of a system, after entity changes made by earlier
 * systems have been applied. Interpolation uses it to keep the previous state of what the system is about to
 * move; input delivery uses it to release the events up to the tick's time.
 *
 * <p>Implementations must not allocate: they run in every tick of the steady-state frame.
 */
@FunctionalInterface
public interface TickListener {

    /**
     * @param system         the system about to tick
     * @param tickNanos      the tick's simulated time: the first whole nanosecond at or after its exact time
     */
    void beforeTick(BaseSystem system, long tickNanos);
}
