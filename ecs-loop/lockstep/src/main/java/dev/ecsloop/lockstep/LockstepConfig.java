package dev.ecsloop.lockstep;

import java.time.Duration;

/**
 * The rules of a lockstep game, the same on every peer (they are part of the setup the handshake compares).
 *
 * @param turnNanos  simulated length of a turn: inputs take effect only at turn boundaries
 * @param inputDelay turns between the turn an input is given in and the turn it takes effect in, at least 1: the
 *                   slack that hides the round trip (a peer stalls only when a round trip exceeds
 *                   {@code (inputDelay - 1)} turns)
 * @param hashEvery  turns between two state-hash checkpoints, at least 1
 */
public record LockstepConfig(long turnNanos, int inputDelay, int hashEvery) {

    /**
     * @param turnNanos  simulated length of a turn
     * @param inputDelay turns between an input and its effect
     * @param hashEvery  turns between two state-hash checkpoints
     * @throws IllegalArgumentException if the turn is not from 1 ms to 10 s, the delay not from 1 to 100, or the
     *                                  hash interval not from 1 to 100,000 turns
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
        return new LockstepConfig(turn.toNanos(), inputDelay, hashEvery);
    }

    /**
     * @param delay the input delay in turns
     * @return a copy with it
     */
    public LockstepConfig withInputDelay(int delay) {
        return new LockstepConfig(turnNanos, delay, hashEvery);
    }

    /**
     * @param turns the hash interval in turns
     * @return a copy with it
     */
    public LockstepConfig withHashEvery(int turns) {
        return new LockstepConfig(turnNanos, inputDelay, turns);
    }

    /**
     * The setup identity peers compare: the game's own setup and these rules.
     *
     * @param gameSetup the game's setup string (map, seed, units...)
     * @return the combined identity
     */
    public String setup(String gameSetup) {
        return gameSetup + " | lockstep turn=" + turnNanos + "ns delay=" + inputDelay + " hash=" + hashEvery;
    }
}
