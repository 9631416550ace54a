package dev.ecsloop.lockstep;

import java.util.Arrays;

/**
 * The round trips the host measured lately, and the input delay they call for. The host reads its worst round trip
 * to a player once per turn ({@link #add}); the delay must cover the worst of the last {@code window} readings, so
 * a jittery link counts at its slow end, and a spike is remembered for the whole window.
 *
 * <p>The rule ({@link #wanted}): the delay rises at once to {@code 1 + ceil((worst + margin) / L)} turns when that
 * is more than the current delay, and falls only to {@code 1 + ceil((worst + margin + L/2) / L)} when that is less,
 * so a round trip near a turn boundary does not flap between two delays; always within the floor and the ceiling.
 * Why: a joiner's simulation runs half a round trip behind the host's (its start came that much later), and its
 * batch for turn {@code c - 1 + D}, sent as it enters turn {@code c}, reaches the host half a round trip after that;
 * the host needs it as its own simulation enters that turn, {@code D - 1} turns after turn {@code c}'s start, so it
 * waits unless {@code (D - 1) * L} covers the round trip (the margin covers the frame a batch may wait for its
 * poll). Between two joiners the relay adds half of each one's round trip, so the worst round trip decides.
 *
 * <p>Invariants: at most {@code window} readings are kept; readings under zero (nothing measured yet) are not
 * kept; adding allocates nothing. Not thread-safe: it lives on the host player's loop thread.
 */
final class RoundTrips {

    /** Slack over the worst round trip: about one frame at 60 frames a second, which a batch may wait to be sent. */
    static final long MARGIN_NANOS = 20_000_000L;

    private final long turnNanos;
    private final int floor;
    private final int ceiling;
    private final long[] readings;
    private int next;

    /**
     * @param turnNanos the turn length
     * @param floor     the least delay
     * @param ceiling   the most delay
     * @param window    how many readings count, at least 1
     */
    RoundTrips(long turnNanos, int floor, int ceiling, int window) {
        this.turnNanos = turnNanos;
        this.floor = floor;
        this.ceiling = ceiling;
        this.readings = new long[Math.max(1, window)];
        Arrays.fill(readings, -1);
    }

    /** Keeps a reading, forgetting the oldest beyond the window; one under zero (none measured yet) is ignored. */
    void add(long rttNanos) {
        if (rttNanos < 0) {
            return;
        }
        readings[next] = rttNanos;
        next = (next + 1) % readings.length;
    }

    /** @return the worst kept reading, or -1 if none */
    long worst() {
        long worst = -1;
        for (long r : readings) {
            worst = Math.max(worst, r);
        }
        return worst;
    }

    /**
     * @param current the delay in effect
     * @return the delay the readings call for (the current one while nothing is measured), floor to ceiling
     */
    int wanted(int current) {
        long worst = worst();
        if (worst < 0) {
            return current;
        }
        int up = turns(worst + MARGIN_NANOS);
        if (up > current) {
            return up;
        }
        return Math.min(current, turns(worst + MARGIN_NANOS + turnNanos / 2));
    }

    private int turns(long nanos) {
        long turns = 1 + (nanos + turnNanos - 1) / turnNanos;
        return (int) Math.max(floor, Math.min(ceiling, turns));
    }
}
