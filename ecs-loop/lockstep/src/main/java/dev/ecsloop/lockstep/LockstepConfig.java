package dev.ecsloop.lockstep;

import java.time.Duration;

/**
 * The rules of a lockstep game, the same on every peer (they are part of the setup the handshake compares).
 *
 * <p>The input delay is fixed unless {@link #withAdaptiveDelay} gives it room: then the host measures how late the
 * players' batches come and moves it between the floor and the ceiling during the match, on every peer at the same turn (see
 * {@code InputDelay}); {@code inputDelay} is the delay the match starts with.
 *
 * @param turnNanos    simulated length of a turn: inputs take effect only at turn boundaries
 * @param inputDelay   turns between the turn an input is given in and the turn it takes effect in, at least 1: the
 *                     slack that hides the round trip (a peer stalls only when a round trip exceeds
 *                     {@code (inputDelay - 1)} turns); with an adaptive delay, the delay at the start
 * @param hashEvery    turns between two state-hash checkpoints, at least 1
 * @param delayFloor   the least input delay the host may set; equal to the ceiling for a fixed delay
 * @param delayCeiling the most input delay the host may set, which also bounds how far ahead a peer may send
 */
public record LockstepConfig(long turnNanos, int inputDelay, int hashEvery, int delayFloor, int delayCeiling) {

    /**
     * @param turnNanos    simulated length of a turn
     * @param inputDelay   turns between an input and its effect (at the start)
     * @param hashEvery    turns between two state-hash checkpoints
     * @param delayFloor   the least input delay
     * @param delayCeiling the most input delay
     * @throws IllegalArgumentException if the turn is not from 1 ms to 10 s, the delay not from 1 to 100, the hash
     *                                  interval not from 1 to 100,000 turns, or not
     *                                  {@code 1 <= delayFloor <= inputDelay <= delayCeiling <= 100}
     */
    public LockstepConfig {
        if (turnNanos < 1_000_000L || turnNanos > 10_000_000_000L) {
            throw new IllegalArgumentException("a turn lasts from 1 ms to 10 s, not " + turnNanos + " ns");
        }
        if (inputDelay < 1 || inputDelay > 100) {
            throw new IllegalArgumentException("input delay must be from 1 to 100 turns, was " + inputDelay);
        }
        if (hashEvery < 1 || hashEvery > 100_000) {
            throw new IllegalArgumentException("hash interval must be from 1 to 100000 turns, was " + hashEvery);
        }
        if (delayFloor < 1 || delayFloor > inputDelay || delayCeiling < inputDelay || delayCeiling > 100) {
            throw new IllegalArgumentException("the input delay's floor " + delayFloor + ", start " + inputDelay
                    + " and ceiling " + delayCeiling + " must rise from 1 to 100 turns");
        }
    }

    /**
     * Rules with a fixed input delay.
     *
     * @param turnNanos  simulated length of a turn
     * @param inputDelay turns between an input and its effect
     * @param hashEvery  turns between two state-hash checkpoints
     * @throws IllegalArgumentException as the canonical constructor
     */
    public LockstepConfig(long turnNanos, int inputDelay, int hashEvery) {
        this(turnNanos, inputDelay, hashEvery, inputDelay, inputDelay);
    }

    /** @return whether the host may change the input delay during the match (the floor is under the ceiling) */
    public boolean adaptive() {
        return delayFloor < delayCeiling;
    }

    /**
     * An input delay the host adapts to the batches' measured lateness, from {@code floor} to {@code ceiling}
     * turns; the match starts at the current delay, moved into that range.
     *
     * @param floor   the least delay, at least 1
     * @param ceiling the most delay, at most 100
     * @return a copy with it
     * @throws IllegalArgumentException if not {@code 1 <= floor <= ceiling <= 100}
     */
    public LockstepConfig withAdaptiveDelay(int floor, int ceiling) {
        if (floor < 1 || floor > ceiling || ceiling > 100) {
            throw new IllegalArgumentException("an adaptive input delay needs 1 <= floor <= ceiling <= 100, not "
                    + floor + ".." + ceiling);
        }
        return new LockstepConfig(turnNanos, Math.max(floor, Math.min(ceiling, inputDelay)), hashEvery, floor,
                ceiling);
    }

    /**
     * The defaults: 50 ms turns, 3 turns of input delay (150 ms), a hash every 20 turns (every simulated second).
     *
     * @return the defaults
     */
    public static LockstepConfig defaults() {
        return new LockstepConfig(50_000_000L, 3, 20);
    }

    /**
     * @param turn the turn length
     * @return a copy with it
     */
    public LockstepConfig withTurn(Duration turn) {
        return new LockstepConfig(turn.toNanos(), inputDelay, hashEvery, delayFloor, delayCeiling);
    }

    /**
     * @param delay the input delay in turns (with an adaptive delay: the one the match starts with)
     * @return a copy with it
     * @throws IllegalArgumentException if the delay is out of range, or outside an adaptive delay's floor and ceiling
     */
    public LockstepConfig withInputDelay(int delay) {
        return adaptive() ? new LockstepConfig(turnNanos, delay, hashEvery, delayFloor, delayCeiling)
                : new LockstepConfig(turnNanos, delay, hashEvery);
    }

    /**
     * @param turns the hash interval in turns
     * @return a copy with it
     */
    public LockstepConfig withHashEvery(int turns) {
        return new LockstepConfig(turnNanos, inputDelay, turns, delayFloor, delayCeiling);
    }

    /**
     * The setup identity peers compare: the game's own setup and these rules.
     *
     * @param gameSetup the game's setup string (map, seed, units...)
     * @return the combined identity
     */
    public String setup(String gameSetup) {
        return gameSetup + " | lockstep turn=" + turnNanos + "ns delay=" + inputDelay
                + (adaptive() ? " adaptive=" + delayFloor + ".." + delayCeiling : "") + " hash=" + hashEvery;
    }
}
