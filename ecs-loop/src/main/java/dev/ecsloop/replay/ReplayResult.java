package dev.ecsloop.replay;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;

/**
 * What a replay found.
 *
 * @param hashesMatched state hashes that matched the recording, in order
 * @param simNanos      simulated time the replay reached
 * @param finalHash     state hash at {@code simNanos}
 * @param divergence    the first mismatch, or null if the replay reproduced the recording bit for bit
 */
public record ReplayResult(int hashesMatched, long simNanos, long finalHash, Divergence divergence) {

    /**
     * Where the replay's state first differed from the recording.
     *
     * @param system        the system whose tick was about to run when the state was checked (null at the end)
     * @param simNanos      that tick's simulated time
     * @param lastMatchNanos simulated time of the last matching check (-1 if none matched)
     * @param expected      the recorded hash
     * @param actual        the replay's hash
     */
    public record Divergence(String system, long simNanos, long lastMatchNanos, long expected, long actual) {
        @Override
        public String toString() {
            return "state diverged at simulated time " + Durations.exactSeconds(simNanos) + " (before the "
                    + (system == null ? "end of the" : system) + " tick there); recorded hash "
                    + StateHash.hex(expected) + ", replay " + StateHash.hex(actual) + "; last matching state at "
                    + (lastMatchNanos < 0 ? "none" : Durations.exactSeconds(lastMatchNanos));
        }
    }

    /** @return whether the replay reproduced every recorded hash and the final one */
    public boolean matched() {
        return divergence == null;
    }
}
