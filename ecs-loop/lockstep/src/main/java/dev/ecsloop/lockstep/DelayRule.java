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
 * rises at once to {@code worst + room} when that passes it, and falls to it only when it lies more than
 * {@link #FALL_SPARES} spares (an eighth of a turn each) under the budget, so a lateness that wobbles does not change
 * the budget every turn, and the rule holds {@link #FALL_READINGS} readings (since the start or {@link #forget});
 * always within the floor and the ceiling, in whole milliseconds, and the delay in turns is the budget rounded up
 * ({@link #delay}).
 *
 * <p>The room ({@link #room}) is a frame step of the peers and the least margin. Readings come in frame steps: a
 * batch leaves with the first frame whose simulation reaches its closing instant and is taken in at a frame's poll,
 * so each direction's readings lie a frame apart, and a budget between two steps covers no more than the lower one.
 * A room of less than a step covered the worst reading and nothing above it, and the next step stalled a peer (the
 * logged runs are in docs/LOCKSTEP.md, "Frame steps: the room over the worst reading"). With fast frames the steps
 * are fine and the room is at least the margin and a spare instead: the margin comes from the measured jitter, an
 * eighth of how far the worst reading lies above the mean ({@link #margin}), at least {@link #LEAST_MARGIN_NANOS},
 * for the spread the window has not seen yet. The window's worst covers the jitter it saw (see
 * {@link InputDelay#WINDOW_NANOS}); the readings already hold the frames a batch waits for its send and its poll.
 *
 * <p>Invariants: at most {@code window} readings are kept; readings under zero (nothing measured) are not kept;
 * adding allocates nothing. Not thread-safe: it lives on the host player's loop thread.
 */
final class DelayRule {

    /** The least margin over the worst reading. */
    static final long LEAST_MARGIN_NANOS = 1_000_000L;
    /**
     * How many spares the need must lie under the budget before the budget falls. A fall moves the frame a batch
     * leaves with when it is more than the time the batch waited for its frame, which puts its readings a step
     * higher; one spare (with the room of a frame step) stalled where three did not, side by side.
     */
    static final int FALL_SPARES = 3;
    /**
     * Fewest readings kept before the budget may fall: two of the joiners' report periods, so that a fall rests on
     * both directions (the host's own readings measure only its joiners' batches).
     */
    static final int FALL_READINGS = 2 * Lateness.REPORT_TURNS;

    private final long turnNanos;
    private final int floor;
    private final int ceiling;
    private final long[] readings;
    private int next;
    /** Readings kept since the start or the last {@link #forget}, up to the window. */
    private int kept;

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
        kept = Math.min(readings.length, kept + 1);
    }

    /** Forgets every reading (they measured the start, not the path): the budget stays until the next one. */
    void forget() {
        Arrays.fill(readings, -1);
        kept = 0;
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
     * @param current   the budget in effect
     * @param frameStep the peers' frame step ({@link Lateness#frameStep}), 0 if unknown
     * @return the budget the readings call for (the current one while nothing is measured): at once
     *         {@code worst + room}, rounded up to the millisecond, when that is more than the current budget, or
     *         less by over {@link #FALL_SPARES} spares with {@link #FALL_READINGS} readings kept; from
     *         {@code (floor - 1) * L} to {@code (ceiling - 1) * L}
     */
    long wanted(long current, long frameStep) {
        long worst = worst();
        if (worst < 0) {
            return current;
        }
        long need = worst + room(frameStep);
        if (need <= current && (need + FALL_SPARES * spare() >= current || kept < Math.min(FALL_READINGS,
                readings.length))) {
            return current;
        }
        long ms = (need + 999_999) / 1_000_000 * 1_000_000;
        return Math.max((floor - 1) * turnNanos, Math.min((ceiling - 1) * turnNanos, ms));
    }

    /**
     * @param frameStep the peers' frame step: how far apart the readings' steps lie
     * @return the room a budget keeps over the worst reading: a frame step and the least margin, or the margin and a
     *         spare if that is more
     */
    long room(long frameStep) {
        return Math.max(Math.max(0, frameStep) + LEAST_MARGIN_NANOS, margin() + spare());
    }

    /** @return an eighth of a turn: the step of the fall's hysteresis, and with the margin the room of fine frames */
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
