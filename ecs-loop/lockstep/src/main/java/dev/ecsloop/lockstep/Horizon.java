package dev.ecsloop.lockstep;

/**
 * Where a lockstep session tells the loop how far simulated time may go: to the end of the last turn whose inputs
 * every peer has sent. {@code loop::setHorizon} in a game.
 */
@FunctionalInterface
public interface Horizon {

    /**
     * Simulated time must not advance past {@code simulatedNanos}.
     *
     * @param simulatedNanos the bound, never less than the previous one
     */
    void limit(long simulatedNanos);
}
