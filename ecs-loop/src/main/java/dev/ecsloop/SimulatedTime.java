package dev.ecsloop;

import dev.ecsloop.time.Durations;

/**
 * Turns real elapsed time into simulated time: the game's clock, which stops when paused, runs slower or faster
 * with the time scale, and advances at most the catch-up bound per frame and never past the horizon.
 *
 * <p>All arithmetic is on long nanoseconds and saturates instead of wrapping. The time scale is kept in parts per
 * million and the remainder of each conversion is carried to the next, so a scale of 1/3 never drifts however
 * many frames pass. Time that a frame could not cover (past the catch-up bound or the horizon) is handled by the
 * debt policy: kept as debt for later frames, or dropped and counted in {@link #droppedNanos()}.
 *
 * <p>Dropped time can be given back ({@link #regain}): the next advance covers it beyond its real time, like debt,
 * and whatever the bound or the horizon cuts of it is dropped again. It is real-time pacing, not simulation state:
 * a snapshot does not hold it (a restore forgets it), and how frames split time never changes what they compute.
 *
 * <p>Invariants: {@code 0 <= nowNanos <= END_NANOS}; {@code nowNanos <= horizonNanos} whenever the horizon was set
 * at or after the current time; {@code debtNanos == 0} unless the debt policy is KEEP; {@code droppedNanos} and
 * {@code regainNanos} are never negative, and regaining moves time from the one to the other.
 *
 * <p>Not thread-safe: the loop thread owns it.
 */
final class SimulatedTime {

    /** Time scale resolution: one part per million. */
    static final long SCALE_ONE = 1_000_000L;
    /** Largest accepted time scale. */
    static final double MAX_SCALE = 1000.0;
    /**
     * The end of simulated time, 200 years. Every tick instant, step and phase offset stays far below
     * {@code Long.MAX_VALUE} from here, so schedule arithmetic never wraps; simulated time stops at the end.
     */
    static final long END_NANOS = 200L * 365_25L * 864L * 1_000_000_000L;
    /** No horizon: simulated time may advance to {@link #END_NANOS}. */
    static final long NO_HORIZON = Long.MAX_VALUE;

    private long nowNanos;
    private long scalePpm = SCALE_ONE;
    private long scaleCarry;
    private long catchUpBoundNanos;
    private DebtPolicy debtPolicy;
    private boolean paused;
    private long debtNanos;
    private long droppedNanos;
    /** Dropped time given back, which the next advance covers beyond its real time. */
    private long regainNanos;
    private boolean lastFrameHitBound;
    private boolean lastFrameHeld;
    private long wantedStart;
    private long wantedEnd;
    private long horizonNanos = NO_HORIZON;

    /**
     * @param catchUpBound the catch-up bound: the most simulated time one frame may cover
     * @param debtPolicy   what happens to time past the bound
     * @throws IllegalArgumentException if the bound is null, not positive or beyond {@link #END_NANOS}
     */
    SimulatedTime(java.time.Duration catchUpBound, DebtPolicy debtPolicy) {
        setCatchUpBound(catchUpBoundNanos(catchUpBound));
        this.debtPolicy = java.util.Objects.requireNonNull(debtPolicy, "debtPolicy");
    }

    /**
     * Checks a catch-up bound: the one place that decides what a valid bound is.
     *
     * @param bound the most simulated time one frame may cover
     * @return the bound in nanoseconds
     * @throws IllegalArgumentException if {@code bound} is null, not positive or longer than 200 years
     */
    static long catchUpBoundNanos(java.time.Duration bound) {
        if (bound == null || bound.isZero() || bound.isNegative()
                || bound.compareTo(java.time.Duration.ofNanos(END_NANOS)) > 0) {
            throw new IllegalArgumentException("bad catch-up bound: " + shown(bound)
                    + " (must be positive and at most 200 years)");
        }
        return bound.toNanos();
    }

    private static String shown(java.time.Duration bound) {
        if (bound == null) {
            return "none";
        }
        try {
            return Durations.cost(bound.toNanos());
        } catch (ArithmeticException beyondNanos) {
            return bound.toString();
        }
    }

    /**
     * Accounts for {@code realNanos} of real time: simulated time moves by the scaled real time plus any debt,
     * bounded by the catch-up bound, the horizon and the end of simulated time. While paused, real time is
     * ignored.
     *
     * @param realNanos real time since the previous call; negative values count as zero
     */
    void advance(long realNanos) {
        lastFrameHitBound = false;
        lastFrameHeld = false;
        long owed = saturatedAdd(debtNanos, regainNanos);
        wantedStart = saturatedAdd(nowNanos, owed);
        wantedEnd = wantedStart;
        if (paused || realNanos <= 0 && owed == 0) {
            return;
        }
        long wanted = saturatedAdd(owed, scale(Math.max(0, realNanos)));
        wantedEnd = saturatedAdd(nowNanos, wanted);
        long room = Math.max(0, Math.min(horizonNanos, END_NANOS) - nowNanos);
        long advance = Math.min(wanted, Math.min(catchUpBoundNanos, room));
        lastFrameHitBound = wanted > catchUpBoundNanos && advance == catchUpBoundNanos;
        lastFrameHeld = wanted > room && advance == room;
        debtNanos = 0;
        regainNanos = 0;
        owe(wanted - advance);
        nowNanos += advance;
    }

    /**
     * Where an {@link #advance(long)} by {@code realNanos} would take simulated time were the horizon out of the
     * way: the debt, the time given back and the scaled real time, within the catch-up bound and the end; simulated
     * time itself while paused. Changes nothing: the scale's carry is read, not moved, so an advance by the same real
     * time right after reaches exactly this (or the horizon, if nearer).
     *
     * @param realNanos real time since the previous advance; negative values count as zero
     * @return the simulated time reached
     */
    long reachAfter(long realNanos) {
        if (paused) {
            return nowNanos;
        }
        long scaled = scalePpm == SCALE_ONE ? Math.max(0, realNanos) : peekScale(Math.max(0, realNanos));
        long wanted = saturatedAdd(saturatedAdd(debtNanos, regainNanos), scaled);
        return nowNanos + Math.min(wanted, Math.min(catchUpBoundNanos, END_NANOS - nowNanos));
    }

    /** The scaled real time with the carry of earlier conversions, the carry left as it is. */
    private long peekScale(long realNanos) {
        long whole = realNanos / SCALE_ONE;
        long fraction = (realNanos % SCALE_ONE) * scalePpm + scaleCarry;
        long scaledWhole = whole > Long.MAX_VALUE / Math.max(1, scalePpm) ? Long.MAX_VALUE : whole * scalePpm;
        return saturatedAdd(scaledWhole, fraction / SCALE_ONE);
    }

    /** Handles time the simulation could not cover: debt under keep-debt, dropped otherwise. */
    private void owe(long excess) {
        if (excess <= 0) {
            return;
        }
        if (debtPolicy == DebtPolicy.KEEP) {
            debtNanos = saturatedAdd(debtNanos, excess);
        } else {
            droppedNanos = saturatedAdd(droppedNanos, excess);
        }
    }

    /**
     * Gives back up to {@code nanos} of the dropped time: the next advance covers it beyond its real time.
     *
     * @param nanos the most to give back
     * @return how much was given back: at most what was dropped
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    long regain(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("cannot regain a negative time: " + Durations.exactSeconds(nanos));
        }
        long r = Math.min(nanos, droppedNanos);
        droppedNanos -= r;
        regainNanos = saturatedAdd(regainNanos, r);
        return r;
    }

    /**
     * Ends the frame early at {@code atNanos}, an instant already reached this frame: simulated time goes back to
     * it and the part of the frame's advance beyond it is handled as time past the catch-up bound. A failed tick
     * ends its frame this way, so failures never pile ticks up for later frames beyond what the bound allows.
     *
     * @throws IllegalArgumentException if {@code atNanos} is after the current simulated time
     */
    void endFrameAt(long atNanos) {
        if (atNanos > nowNanos) {
            throw new IllegalArgumentException("cannot end a frame after it: " + atNanos + " > " + nowNanos);
        }
        long excess = nowNanos - atNanos;
        nowNanos = atNanos;
        owe(excess);
    }

    /**
     * Stops the frame at {@code atNanos} because the game paused there: the rest of the frame's advance is
     * paused time, never caught up.
     */
    void pauseAt(long atNanos) {
        if (atNanos < nowNanos) {
            nowNanos = atNanos;
        }
        paused = true;
    }

    /**
     * Moves simulated time forward by exactly {@code nanos}, outside the real-time flow (single-stepping).
     *
     * @throws IllegalArgumentException if {@code nanos} is negative or would pass the horizon or the end
     */
    void skip(long nanos) {
        if (nanos < 0 || nanos > Math.min(horizonNanos, END_NANOS) - nowNanos) {
            throw new IllegalArgumentException("cannot skip simulated time by " + Durations.exactSeconds(nanos) + " from "
                    + Durations.exactSeconds(nowNanos));
        }
        nowNanos += nanos;
    }

    /** Whether simulated time may reach {@code atNanos} (not past the horizon nor the end). */
    boolean mayReach(long atNanos) {
        return atNanos <= Math.min(horizonNanos, END_NANOS);
    }

    private long scale(long realNanos) {
        if (scalePpm == SCALE_ONE) {
            return realNanos;
        }
        long scaled = peekScale(realNanos);
        scaleCarry = ((realNanos % SCALE_ONE) * scalePpm + scaleCarry) % SCALE_ONE;
        return scaled;
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }

    /** Simulated time in nanoseconds since the loop started. */
    long nowNanos() {
        return nowNanos;
    }

    /**
     * Where the last {@link #advance(long)}'s real time began on the unbounded simulated timeline: simulated time
     * before it plus the debt owed then. With debt kept, the real instant that began the frame corresponds to
     * this simulated time, even though the simulation has not reached it yet.
     */
    long lastWantedStart() {
        return wantedStart;
    }

    /** Where the last advance's real time ended on the unbounded simulated timeline (before any bound). */
    long lastWantedEnd() {
        return wantedEnd;
    }

    /** Whether the last {@link #advance(long)} was cut short by the catch-up bound. */
    boolean lastFrameHitBound() {
        return lastFrameHitBound;
    }

    /** Whether the last {@link #advance(long)} was held back by the horizon (or the end of simulated time). */
    boolean lastFrameHeld() {
        return lastFrameHeld;
    }

    long debtNanos() {
        return debtNanos;
    }

    long droppedNanos() {
        return droppedNanos;
    }

    boolean isPaused() {
        return paused;
    }

    /** Pauses or resumes. Real time that passes while paused is never turned into simulated time. */
    void setPaused(boolean paused) {
        this.paused = paused;
    }

    /** The time scale, as set (rounded to a millionth). */
    double scale() {
        return scalePpm / (double) SCALE_ONE;
    }

    /**
     * @param scale simulated seconds per real second: 0 (stopped), or from a millionth to {@link #MAX_SCALE};
     *              rounded to a millionth
     * @throws IllegalArgumentException if {@code scale} is NaN, infinite, negative, above the maximum, or so
     *                                  small but not 0 that it would round to 0 and stop time unasked
     */
    void setScale(double scale) {
        long ppm = Double.isFinite(scale) ? Math.round(scale * SCALE_ONE) : -1;
        if (!Double.isFinite(scale) || scale < 0 || scale > MAX_SCALE || ppm == 0 && scale != 0) {
            throw new IllegalArgumentException("bad time scale: " + scale + " (must be 0, or from 0.000001 to "
                    + MAX_SCALE + ")");
        }
        if (ppm != scalePpm) {
            scalePpm = ppm;
            scaleCarry = 0;
        }
    }

    long catchUpBoundNanos() {
        return catchUpBoundNanos;
    }

    /**
     * @param nanos the catch-up bound, as checked by {@link #catchUpBoundNanos(java.time.Duration)}
     */
    void setCatchUpBound(long nanos) {
        this.catchUpBoundNanos = nanos;
    }

    DebtPolicy debtPolicy() {
        return debtPolicy;
    }

    /** Switches the debt policy. Switching to DISCARD drops the current debt (it is counted as dropped). */
    void setDebtPolicy(DebtPolicy policy) {
        if (java.util.Objects.requireNonNull(policy, "policy") == DebtPolicy.DISCARD && debtNanos > 0) {
            droppedNanos = saturatedAdd(droppedNanos, debtNanos);
            debtNanos = 0;
        }
        this.debtPolicy = policy;
    }

    long scalePpm() {
        return scalePpm;
    }

    long scaleCarry() {
        return scaleCarry;
    }

    /** Sets every field a snapshot holds; the caller checked them against the invariants. */
    void restore(long now, long scalePpm, long carry, long catchUpBound, DebtPolicy policy, boolean paused, long debt,
                 long dropped, long horizon) {
        this.nowNanos = now;
        this.scalePpm = scalePpm;
        this.scaleCarry = carry;
        this.catchUpBoundNanos = catchUpBound;
        this.debtPolicy = policy;
        this.paused = paused;
        this.debtNanos = debt;
        this.droppedNanos = dropped;
        this.regainNanos = 0;
        this.horizonNanos = horizon;
        this.lastFrameHitBound = false;
        this.lastFrameHeld = false;
        this.wantedStart = now;
        this.wantedEnd = now;
    }

    long horizonNanos() {
        return horizonNanos;
    }

    /**
     * Sets the simulation horizon: simulated time never advances past it. A horizon behind the current time
     * holds the simulation where it is; time held back is handled like time past the catch-up bound.
     *
     * @param nanos the horizon, or {@link #NO_HORIZON}
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    void setHorizon(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("bad horizon: " + Durations.exactSeconds(nanos) + " (must not be negative)");
        }
        this.horizonNanos = nanos;
    }
}
