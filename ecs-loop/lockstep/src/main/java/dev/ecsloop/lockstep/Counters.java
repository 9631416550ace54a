package dev.ecsloop.lockstep;

import java.time.Duration;

/**
 * What a session shows and how a spectator's delay is counted, in whole turns: the small arithmetic of what people
 * see, split from {@link LockstepSession} so that the session keeps the rules.
 */
final class Counters {

    private Counters() {
    }

    /** @return the counters line: turn, input delay now, round trip, and whether the simulation waits or stopped */
    static String line(LockstepSession s) {
        long r = s.rttNanos();
        int d = s.inputDelay();
        return "turn " + s.turn() + "  delay " + d + " turns (" + d * s.config().turnNanos() / 1_000_000
                + " ms)  rtt " + (r < 0 ? "-" : String.format("%.1f ms", r / 1e6))
                + (s.stopReason() != null ? "  STOPPED" : s.waiting() ? "  waiting" : "");
    }

    /**
     * @return a spectator's delay in turns, rounded up
     * @throws IllegalStateException    if {@code seat} is a player's
     * @throws IllegalArgumentException if the delay is negative
     */
    static long spectatorTurns(int seat, Duration delay, long turnNanos) {
        if (seat >= 0) {
            throw new IllegalStateException("only a spectator can be delayed; this peer plays seat " + seat);
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("negative spectator delay " + delay);
        }
        return (delay.toNanos() + turnNanos - 1) / turnNanos;
    }
}
