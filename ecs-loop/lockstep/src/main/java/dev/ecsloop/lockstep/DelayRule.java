package dev.ecsloop.lockstep;

import java.util.Arrays;

/**
 * The lateness of batches the host measured lately ({@link Lateness}: its own and its joiners' reports), and the
 * input delay it calls for. The host adds one reading per turn ({@link #add}); the delay must cover the worst of the
 * last {@code window} readings, so a jittery path counts at its slow end and a spike is remembered for the whole
 * window.
 *
 * <p>The rule ({@link #wanted}): a peer stalls when a batch's lateness reaches its budget {@code B} (the time from
 * a batch's sending to its need, {@code (D - 1) * L} with whole turns; see {@link InputDelay}), so the budget
 * rises at once to {@code worst + margin + spare} when the worst reading and the margin pass it, and falls to that
 * only when it lies more than {@link #FALL_SPARES} spares under the budget, so a lateness that wobbles does not
 * change the budget every turn, and a fall leaves room for the readings' next step (they come in steps of a frame:
 * the simulation advances a frame at a time); the spare is an eighth of a turn; always within the floor and the ceiling, and the delay in turns is
 * the budget rounded up ({@link #delay}). The margin comes from the measured jitter:
 * an eighth of how far the worst reading lies above the mean ({@link #margin}), at least {@link #LEAST_MARGIN_NANOS}
 * (a lateness equal to {@code (D - 1) * L} already stalls, so the worst reading alone is not enough). The window's
 * worst covers the jitter it saw; the margin covers the part of the spread it may not have seen yet, which is small
 * when the window is long enough to hold the path's tail (see {@link InputDelay#WINDOW_NANOS}). The readings
 * already hold the frames a batch waits for its send and its poll, which a fixed margin used to guess.
 *
 * <p>Invariants: at most {@code window} readings are kept; readings under zero (nothing measured) are not kept;
 * adding allocates nothing. Not thread-safe: it lives on the host player's loop thread.
 */
final class DelayRule {

    /** The least margin over the worst reading. */
    static final long LEAST_MARGIN_NANOS = 1_000_000L;
    /**
     * How many spares the need must lie under the budget before the budget falls. With two, a fall of 6 ms under a
     * 50 ms turn met readings a frame step (16.7 ms at 60 frames a second) higher after a balance's hold, and the
     * host stalled (measured); three spares are more than that step at that turn.
     */
    static final int FALL_SPARES = 3;

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
    DelayRule(long turnNanos, int floor, int ceiling, int window) {
        this.turnNanos = turnNanos;
        this.floor = floor;
        this.ceiling = ceiling;
        this.readings = new long[Math.max(1, window)];
        Arrays.fill(readings, -1);
    }

    /** Keeps a reading, forgetting the oldest beyond the window; one under zero (nothing measured) is ignored. */
    void add(long latenessNanos) {
        if (latenessNanos < 0) {
            return;
        }
        readings[next] = latenessNanos;
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

    /** @return the margin over the worst reading: an eighth of its distance from the mean, at least the least */
    long margin() {
        long sum = 0;
        int n = 0;
        for (long r : readings) {
            if (r >= 0) {
                sum += r;
                n++;
            }
        }
        return n == 0 ? LEAST_MARGIN_NANOS : Math.max(LEAST_MARGIN_NANOS, (worst() - sum / n) / 8);
    }

    /**
     * @param current the budget in effect
     * @return the budget the readings call for (the current one while nothing is measured): at once
     *         {@code worst + margin + spare} when that is more than the current budget, or less by over
     *         {@link #FALL_SPARES} spares;
     *         whole milliseconds, from {@code (floor - 1) * L} to {@code (ceiling - 1) * L}
     */
    long wanted(long current) {
        long worst = worst();
        if (worst < 0) {
            return current;
        }
        long need = worst + margin();
        if (need <= current && need + FALL_SPARES * spare() >= current) {
            return current;
        }
        long ms = (need + spare() + 999_999) / 1_000_000 * 1_000_000;
        return Math.max((floor - 1) * turnNanos, Math.min((ceiling - 1) * turnNanos, ms));
    }

    /** @return the slack a budget keeps over the need it was set for: an eighth of a turn */
    long spare() {
        return turnNanos / 8;
    }

    /**
     * @param budget a budget from {@link #wanted}
     * @return the whole turns of delay it takes, {@code 1 + ceil(budget / L)}, floor to ceiling
     */
    int delay(long budget) {
        long turns = 1 + (budget + turnNanos - 1) / turnNanos;
        return (int) Math.max(floor, Math.min(ceiling, turns));
    }
}
