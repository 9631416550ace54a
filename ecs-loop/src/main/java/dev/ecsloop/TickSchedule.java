package dev.ecsloop;

/**
 * When one fixed-step system ticks: exact rational tick times on a grid anchored at an integer instant.
 *
 * <p>Invariants, with {@code m} the rate in millihertz:
 * <ul>
 *   <li>the next tick falls at exactly {@code dueNanos + dueRemainder / m} ns, with
 *       {@code 0 <= dueRemainder < m};</li>
 *   <li>the previous tick (or the anchor, before the first tick) falls at {@code lastNanos + lastRemainder / m};</li>
 *   <li>next = previous + 10^12 / m, computed by adding whole and remainder parts with a carry, so no error
 *       ever accumulates and nothing overflows however long the game runs.</li>
 * </ul>
 * Simulated time is an integer number of nanoseconds, so a tick is due at {@code now} exactly when
 * {@code now > dueNanos}, or {@code now == dueNanos} and the remainder is zero.
 */
final class TickSchedule {

    Rate rate;
    long dueNanos;
    long dueRemainder;
    long lastNanos;
    long lastRemainder;

    TickSchedule(Rate rate, long anchorNanos) {
        reanchor(rate, anchorNanos);
    }

    /** Starts a new grid: the previous tick is taken to be at {@code anchorNanos}, the next one step later. */
    void reanchor(Rate newRate, long anchorNanos) {
        this.rate = newRate;
        this.lastNanos = anchorNanos;
        this.lastRemainder = 0;
        this.dueNanos = anchorNanos + newRate.stepNanos;
        this.dueRemainder = newRate.stepRemainder;
    }

    /** Whether the next tick's exact time is at or before {@code now}. */
    boolean isDueBy(long now) {
        return now > dueNanos || (now == dueNanos && dueRemainder == 0);
    }

    /** The first whole nanosecond at or after the next tick: when simulated time must reach to run it. */
    long dueCeilNanos() {
        return dueRemainder == 0 ? dueNanos : dueNanos + 1;
    }

    /** The previous tick's time rounded up to whole nanoseconds. */
    long lastCeilNanos() {
        return lastRemainder == 0 ? lastNanos : lastNanos + 1;
    }

    /** Consumes the next tick: it becomes the previous one. */
    void advance() {
        lastNanos = dueNanos;
        lastRemainder = dueRemainder;
        dueNanos += rate.stepNanos;
        dueRemainder += rate.stepRemainder;
        if (dueRemainder >= rate.millihertz) {
            dueRemainder -= rate.millihertz;
            dueNanos++;
        }
    }

    /**
     * Moves forward to the latest occurrence due by {@code now}, skipping earlier ones without running them.
     *
     * @return whether any occurrence was skipped
     */
    boolean skipToLatestDueBy(long now) {
        boolean skipped = false;
        while (true) {
            long nextNanos = dueNanos + rate.stepNanos;
            long nextRemainder = dueRemainder + rate.stepRemainder;
            if (nextRemainder >= rate.millihertz) {
                nextRemainder -= rate.millihertz;
                nextNanos++;
            }
            boolean nextDue = now > nextNanos || (now == nextNanos && nextRemainder == 0);
            if (!nextDue) {
                return skipped;
            }
            advance();
            skipped = true;
        }
    }

    /**
     * Compares the next tick times of two schedules exactly. Remainders are below their rate in millihertz
     * (at most 10^9), so the cross products stay below 10^18 and fit a long.
     */
    static int compareDue(TickSchedule a, TickSchedule b) {
        if (a.dueNanos != b.dueNanos) {
            return a.dueNanos < b.dueNanos ? -1 : 1;
        }
        return Long.compare(a.dueRemainder * b.rate.millihertz, b.dueRemainder * a.rate.millihertz);
    }

    /** Whether both schedules tick at the same rate on the same grid, now and at every later tick. */
    boolean sameGridAs(TickSchedule o) {
        return rate.millihertz == o.rate.millihertz && dueNanos == o.dueNanos && dueRemainder == o.dueRemainder
                && lastNanos == o.lastNanos && lastRemainder == o.lastRemainder;
    }

    /** Simulated nanoseconds from the previous tick to {@code now}, with the fraction; may be negative. */
    double nanosSinceLast(long now) {
        return (now - lastNanos) - (double) lastRemainder / rate.millihertz;
    }

    /** How far {@code now} lies between the previous and the next tick, in [0, 1]. */
    float alpha(long now) {
        double a = nanosSinceLast(now) / rate.stepNanosExact();
        return (float) Math.max(0.0, Math.min(1.0, a));
    }
}
