package dev.ecsloop.lockstep;

/**
 * One change of a match's input delay, the same on every peer ({@link LockstepSession#delayChanges()}).
 *
 * @param fromTurn the first turn with the new delay
 * @param delay    the new delay in turns
 */
public record DelayChange(long fromTurn, int delay) {
}
