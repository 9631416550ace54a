package dev.ecsloop;

import java.math.BigInteger;

/**
 * When one fixed-step system ticks: exact rational tick times on a grid.
 *
 * <p>Invariants, with {@code m} the rate in millihertz:
 * <ul>
 *   <li>the next tick falls at exactly {@code dueNanos + dueRemainder / m} ns, with
 *       {@code 0 <= dueRemainder < m};</li>
 *   <li>the previous grid point (the previous tick, or where it would have been) falls one step earlier, at
 *       {@code lastNanos + lastRemainder / m};</li>
 *   <li>next = previous + 10^12 / m, computed by adding whole and remainder parts with a carry, so no error
 *       ever accumulates and nothing overflows however long the game runs.</li>
 * </ul>
 * Simulated time is an integer number of nanoseconds, so a tick is due at {@code now} exactly when
 * {@code now > dueNanos}, or {@code now == dueNanos} and the remainder is zero; it runs at the instant
 * {@link #dueCeilNanos()}, the first whole nanosecond at or after its exact time.
 *
 * <p>A grid is placed by {@link #regrid}: a base instant, a phase (a fraction of the step, in millionths) and
 * the instant after which the next tick must fall. Only control changes regrid; ticking never does.
 */
final class TickSchedule {

    /** One whole phase: the step, in millionths of a step. */
    static final long PHASE_ONE = 1_000_000L;
    private static final BigInteger STEP_UNITS = BigInteger.valueOf(Rate.NANOS_PER_MILLIHERTZ_TICK);

    /** The rate; set only through {@link #use(Rate)}, which copies its step into the fields below. */
    Rate rate;
    // The rate's step, copied here: ticking reads them on every run, one dependent load fewer than through rate.
    private long stepNanos;
    private long stepRemainder;
    private long millihertz;
    private float stepSeconds;
    long dueNanos;
    long dueRemainder;
    long lastNanos;
    long lastRemainder;
    /** Occurrences the last {@link #skipToLatestDueBy} skipped (saturated), for tracing. */
    long skippedRuns;

    /**
     * Checks and converts a phase: the one place that decides what a valid phase is.
     *
     * @param phase a fraction of the step in [0, 1), exact to a millionth
     * @param what  names the system in the error message
     * @return the phase in millionths of a step, in [0, 10^6)
     * @throws IllegalArgumentException if {@code phase} is not finite, negative, or 1 or more once rounded to a
     *                                  millionth (0.9999999 would silently read back as 0)
     */
    static long phasePpm(double phase, String what) {
        long ppm = Double.isFinite(phase) ? Math.round(phase * PHASE_ONE) : -1;
        if (!Double.isFinite(phase) || phase < 0 || ppm >= PHASE_ONE) {
            throw new IllegalArgumentException("bad phase for " + what + ": " + phase
                    + " (a phase is a fraction of the step, from 0 to 0.999999)");
        }
        return ppm;
    }

    /** A schedule whose grid starts at simulated time 0, offset by {@code phasePpm} millionths of a step. */
    TickSchedule(Rate rate, long phasePpm) {
        this(rate, 0L, phasePpm);
    }

    private TickSchedule(Rate rate, long baseNanos, long phasePpm) {
        regrid(rate, baseNanos, 0L, 1L, phasePpm, baseNanos);
    }

    /**
     * A schedule whose grid goes through {@code atNanos}, offset by {@code phasePpm}, with its next tick strictly
     * after {@code atNanos}: an every-frame system becoming fixed-step there.
     */
    static TickSchedule anchoredAt(Rate rate, long atNanos, long phasePpm) {
        return new TickSchedule(rate, atNanos, phasePpm);
    }

    private TickSchedule() {
    }

    /** A schedule whose previous grid point is exactly {@code lastNanos + lastRemainder / m}: a snapshot's. */
    static TickSchedule restored(Rate rate, long lastNanos, long lastRemainder) {
        TickSchedule s = new TickSchedule();
        s.use(rate);
        s.lastNanos = lastNanos;
        s.lastRemainder = lastRemainder;
        s.dueNanos = lastNanos;
        s.dueRemainder = lastRemainder;
        s.advance();
        s.lastNanos = lastNanos;
        s.lastRemainder = lastRemainder;
        return s;
    }

    /** An independent copy. */
    TickSchedule copy() {
        return restored(rate, lastNanos, lastRemainder);
    }

    /**
     * Places the grid {@code base + (phasePpm / 10^6 + k) * step} for all integers k, and makes its first point
     * strictly after {@code afterNanos} the next tick. The base is the exact instant
     * {@code baseNanos + baseRemainder / baseDenominator}; where the new rate cannot represent it exactly (its
     * grid points are multiples of 1/millihertz ns), it is rounded up by less than that. Runs only on control
     * changes, so it may allocate.
     *
     * @param newRate         the rate of the new grid
     * @param baseNanos       whole nanoseconds of an instant on the grid when {@code phasePpm} is 0
     * @param baseRemainder   its fraction, in units of {@code 1 / baseDenominator} ns
     * @param baseDenominator positive
     * @param phasePpm        offset of the grid from the base, in millionths of a step, in [0, 10^6)
     * @param afterNanos      the next tick falls strictly after this instant
     */
    void regrid(Rate newRate, long baseNanos, long baseRemainder, long baseDenominator, long phasePpm,
                long afterNanos) {
        BigInteger m = BigInteger.valueOf(newRate.millihertz);
        BigInteger den = BigInteger.valueOf(baseDenominator);
        // In units of 1/m ns, one step is exactly 10^12 and the phase offset phasePpm * 10^6.
        BigInteger baseUnits = ceilDiv(BigInteger.valueOf(baseNanos).multiply(den)
                .add(BigInteger.valueOf(baseRemainder)).multiply(m), den);
        BigInteger origin = baseUnits.add(BigInteger.valueOf(phasePpm).multiply(BigInteger.valueOf(1_000_000L)));
        BigInteger after = BigInteger.valueOf(afterNanos).multiply(m);
        BigInteger k = floorDivMod(after.subtract(origin), STEP_UNITS)[0];
        BigInteger due = origin.add(k.add(BigInteger.ONE).multiply(STEP_UNITS));
        BigInteger[] d = floorDivMod(due, m);
        BigInteger[] l = floorDivMod(due.subtract(STEP_UNITS), m);
        use(newRate);
        this.dueNanos = d[0].longValueExact();
        this.dueRemainder = d[1].longValueExact();
        this.lastNanos = l[0].longValueExact();
        this.lastRemainder = l[1].longValueExact();
    }

    /** Re-places the grid at a new rate through this schedule's previous tick (or grid point), exactly. */
    void regridThroughLast(Rate newRate, long phaseShiftPpm, long afterNanos) {
        regrid(newRate, lastNanos, lastRemainder, rate.millihertz, phaseShiftPpm, afterNanos);
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = floorDivMod(a, b);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    private static BigInteger[] floorDivMod(BigInteger a, BigInteger m) {
        BigInteger[] qr = a.divideAndRemainder(m);
        if (qr[1].signum() < 0) {
            return new BigInteger[] {qr[0].subtract(BigInteger.ONE), qr[1].add(m)};
        }
        return qr;
    }

    /** Whether the next tick's exact time is at or before {@code now}. */
    boolean isDueBy(long now) {
        return now > dueNanos || (now == dueNanos && dueRemainder == 0);
    }

    /** The first whole nanosecond at or after the next tick: when simulated time must reach to run it. */
    long dueCeilNanos() {
        return dueRemainder == 0 ? dueNanos : dueNanos + 1;
    }

    private void use(Rate newRate) {
        rate = newRate;
        stepNanos = newRate.stepNanos;
        stepRemainder = newRate.stepRemainder;
        millihertz = newRate.millihertz;
        stepSeconds = newRate.stepSeconds();
    }

    /** The step in seconds: every fixed tick's delta. */
    float stepSeconds() {
        return stepSeconds;
    }

    /** Consumes the next tick: it becomes the previous one. */
    void advance() {
        lastNanos = dueNanos;
        lastRemainder = dueRemainder;
        dueNanos += stepNanos;
        dueRemainder += stepRemainder;
        if (dueRemainder >= millihertz) {
            dueRemainder -= millihertz;
            dueNanos++;
        }
    }

    /**
     * Moves forward to the latest occurrence due by {@code now}, skipping earlier ones without running them. It
     * jumps there in one calculation, however many steps lie between, so a megahertz rate after a stall of years
     * costs no more than a short one; a stall shorter than about 9 s at 1 MHz (42 h at 60 Hz) allocates nothing.
     *
     * @return whether any occurrence was skipped
     */
    boolean skipToLatestDueBy(long now) {
        long nextNanos = dueNanos + stepNanos;
        long nextRemainder = dueRemainder + stepRemainder;
        if (nextRemainder >= millihertz) {
            nextRemainder -= millihertz;
            nextNanos++;
        }
        if (!(now > nextNanos || (now == nextNanos && nextRemainder == 0))) {
            return false;
        }
        long m = rate.millihertz;
        long gap = now - dueNanos;                     // > 0: the next tick is due by now
        if (gap > Long.MAX_VALUE / m) {
            jumpToLatestDueBy(now);
            return true;
        }
        // Whole steps from the next tick to now: floor((gap * m - dueRemainder) / 10^12), in units of 1/m ns.
        long k = (gap * m - dueRemainder) / Rate.NANOS_PER_MILLIHERTZ_TICK;
        // k * stepRemainder < (gap * m / 10^12) * m <= Long.MAX_VALUE * 10^9 / 10^12: no overflow.
        long remainder = dueRemainder + k * rate.stepRemainder;
        skippedRuns = k;
        dueNanos += k * rate.stepNanos + remainder / m;
        dueRemainder = remainder % m;
        lastNanos = dueNanos - rate.stepNanos;
        lastRemainder = dueRemainder - rate.stepRemainder;
        if (lastRemainder < 0) {
            lastRemainder += m;
            lastNanos--;
        }
        return true;
    }

    /** {@link #skipToLatestDueBy} for gaps too long for long arithmetic: exact, and allocating. */
    private void jumpToLatestDueBy(long now) {
        BigInteger m = BigInteger.valueOf(rate.millihertz);
        BigInteger due = BigInteger.valueOf(dueNanos).multiply(m).add(BigInteger.valueOf(dueRemainder));
        BigInteger k = BigInteger.valueOf(now).multiply(m).subtract(due).divide(STEP_UNITS);
        BigInteger latest = due.add(k.multiply(STEP_UNITS));
        this.skippedRuns = k.min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        BigInteger[] d = floorDivMod(latest, m);
        BigInteger[] l = floorDivMod(latest.subtract(STEP_UNITS), m);
        this.dueNanos = d[0].longValueExact();
        this.dueRemainder = d[1].longValueExact();
        this.lastNanos = l[0].longValueExact();
        this.lastRemainder = l[1].longValueExact();
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
        return alpha(nanosSinceLast(now));
    }

    /** {@link #alpha(long)} as it will read once {@link #advance()} has consumed the next tick. */
    float alphaAfterAdvance(long now) {
        return alpha((now - dueNanos) - (double) dueRemainder / rate.millihertz);
    }

    private float alpha(double nanosSinceLast) {
        double a = nanosSinceLast / rate.stepNanosExact();
        return (float) Math.max(0.0, Math.min(1.0, a));
    }
}
