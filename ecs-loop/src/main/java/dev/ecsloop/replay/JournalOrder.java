package dev.ecsloop.replay;

import dev.ecsloop.time.Durations;
/**
 * The journal's ordering rule, one object that the recorder uses to journal and the reader uses to check.
 *
 * <p>Records that change or describe the session (input, rates, time scale, catch-up, debt, pauses, steps) are
 * ordered by the simulated instant at which they take effect, ties in the order they happened: a replay applies
 * each after running every tick up to its instant. State hashes are observations, not effects: each is taken
 * before a tick, and ticks after a rate change may fall before the instant of that change (a system re-anchored
 * at its last tick with a shorter step), so hashes are ordered among themselves, by strictly increasing tick
 * time, and may sit anywhere between the other records. The end comes last, at or after everything.
 */
final class JournalOrder {

    private long lastEffect;
    private long lastHash = -1;

    /**
     * Why a record of {@code kind} at {@code simNanos} may not come next, or null if it may.
     *
     * @param kind     a record kind of {@link ReplayFormat}
     * @param simNanos the record's simulated time
     * @return null, or the reason in a few words
     */
    String refusal(byte kind, long simNanos) {
        if (simNanos < 0) {
            return "negative simulated time " + Durations.exactSeconds(simNanos);
        }
        if (kind == ReplayFormat.HASH) {
            return simNanos > lastHash ? null
                    : "state hash at " + Durations.exactSeconds(simNanos) + " is not after the previous one at "
                    + Durations.exactSeconds(lastHash);
        }
        if (simNanos < lastEffect) {
            return "simulated time goes back from " + Durations.exactSeconds(lastEffect) + " to "
                    + Durations.exactSeconds(simNanos);
        }
        if (kind == ReplayFormat.END && simNanos < lastHash) {
            return "the end at " + Durations.exactSeconds(simNanos) + " is before the state hash at "
                    + Durations.exactSeconds(lastHash);
        }
        return null;
    }

    /** Starts the order at a recording's start: nothing may take effect before it. */
    void startAt(long startNanos) {
        lastEffect = startNanos;
    }

    /** Takes note of a record that came next (after {@link #refusal} returned null for it). */
    void accept(byte kind, long simNanos) {
        if (kind == ReplayFormat.HASH) {
            lastHash = simNanos;
        } else {
            lastEffect = simNanos;
        }
    }

    /** The instant of the last record that takes effect: the earliest a later one may take effect. */
    long lastEffect() {
        return lastEffect;
    }
}
