package dev.ecsloop.time;

/**
 * Turns real elapsed time into simulated time: the game's clock, which stops when paused, runs slower or faster
 * with the time scale, and advances at most the catch-up bound per frame.
 *
 * <p>All arithmetic is on long nanoseconds. The time scale is kept in parts per million and the remainder of
 * each conversion is carried to the next, so a scale of 1/3 never drifts however many frames pass. Time that a
 * frame could not cover (past the catch-up bound) becomes <em>debt</em>: kept for later frames when
 * {@code keepDebt}, otherwise dropped and counted in {@link #droppedNanos()}.
 *
 * <p>Not thread-safe: the loop thread owns it.
 */
public final class SimulatedTime {

    /** Time scale resolution: one part per million. */
    public static final long SCALE_ONE = 1_000_000L;
    /** Largest accepted time scale. */
    public static final double MAX_SCALE = 1000.0;

    private long nowNanos;
    private long scalePpm = SCALE_ONE;
    private long scaleCarry;
    private long maxAdvanceNanos;
    private boolean keepDebt;
    private boolean paused;
    private long debtNanos;
    private long droppedNanos;
    private boolean lastAdvanceCapped;
    private long wantedStart;
    private long wantedEnd;

    /**
     * @param maxAdvanceNanos the most simulated time one frame may cover; positive
     * @param keepDebt        carry time past the bound to later frames ({@code true}) or drop it
     * @throws IllegalArgumentException if {@code maxAdvanceNanos} is not positive
     */
    public SimulatedTime(long maxAdvanceNanos, boolean keepDebt) {
        setMaxAdvance(maxAdvanceNanos);
        this.keepDebt = keepDebt;
    }

    /**
     * Accounts for {@code realNanos} of real time and returns how far simulated time moved: the scaled real time
     * plus any debt, bounded by the catch-up bound. While paused, real time is ignored and 0 is returned.
     *
     * @param realNanos real time since the previous call; negative values count as zero
     * @return the simulated nanoseconds this frame covers
     */
    public long advance(long realNanos) {
        lastAdvanceCapped = false;
        wantedStart = saturatedAdd(nowNanos, debtNanos);
        wantedEnd = wantedStart;
        if (paused || realNanos <= 0 && debtNanos == 0) {
            return 0;
        }
        long wanted = saturatedAdd(debtNanos, scale(Math.max(0, realNanos)));
        wantedEnd = saturatedAdd(nowNanos, wanted);
        long advance = Math.min(wanted, maxAdvanceNanos);
        long excess = wanted - advance;
        if (excess > 0) {
            lastAdvanceCapped = true;
            if (keepDebt) {
                debtNanos = excess;
            } else {
                debtNanos = 0;
                droppedNanos = saturatedAdd(droppedNanos, excess);
            }
        } else {
            debtNanos = 0;
        }
        nowNanos += advance;
        return advance;
    }

    /**
     * Moves simulated time forward by exactly {@code nanos}, outside the real-time flow (single-stepping).
     *
     * @param nanos how far; not negative
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    public void skip(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("simulated time cannot go back: skip(" + nanos + ")");
        }
        nowNanos += nanos;
    }

    private long scale(long realNanos) {
        if (scalePpm == SCALE_ONE) {
            return realNanos;
        }
        long whole = realNanos / SCALE_ONE;
        long part = realNanos % SCALE_ONE;
        long fraction = part * scalePpm + scaleCarry;
        scaleCarry = fraction % SCALE_ONE;
        long scaledWhole;
        try {
            scaledWhole = Math.multiplyExact(whole, scalePpm);
        } catch (ArithmeticException overflow) {
            scaledWhole = Long.MAX_VALUE / 4;
        }
        return saturatedAdd(scaledWhole, fraction / SCALE_ONE);
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /**
     * Simulated time now.
     *
     * @return nanoseconds since the loop started
     */
    public long nowNanos() {
        return nowNanos;
    }

    /**
     * Where the last {@link #advance(long)}'s real time began on the unbounded simulated timeline: simulated time
     * before it plus the debt owed then. With debt kept, the real instant that began the frame corresponds to
     * this simulated time, even though the simulation has not reached it yet.
     *
     * @return simulated nanoseconds
     */
    public long lastWantedStart() {
        return wantedStart;
    }

    /**
     * Where the last advance's real time ended on the unbounded simulated timeline (before any bound).
     *
     * @return simulated nanoseconds
     */
    public long lastWantedEnd() {
        return wantedEnd;
    }

    /**
     * Whether the last {@link #advance(long)} hit the catch-up bound.
     *
     * @return true if it was cut short
     */
    public boolean lastAdvanceCapped() {
        return lastAdvanceCapped;
    }

    /**
     * The debt: simulated time owed to later frames (only under keep-debt).
     *
     * @return nanoseconds owed
     */
    public long debtNanos() {
        return debtNanos;
    }

    /**
     * Total simulated time dropped at the catch-up bound (only when debt is not kept).
     *
     * @return nanoseconds dropped since the start
     */
    public long droppedNanos() {
        return droppedNanos;
    }

    /**
     * Whether simulated time is stopped.
     *
     * @return true while paused
     */
    public boolean isPaused() {
        return paused;
    }

    /**
     * Pauses or resumes. Real time that passes while paused is never turned into simulated time.
     *
     * @param paused true to pause, false to resume
     */
    public void setPaused(boolean paused) {
        this.paused = paused;
    }

    /**
     * The time scale, as set (rounded to a millionth).
     *
     * @return simulated seconds per real second
     */
    public double scale() {
        return scalePpm / (double) SCALE_ONE;
    }

    /**
     * Sets the time scale.
     *
     * @param scale simulated seconds per real second, from 0 to {@link #MAX_SCALE}; rounded to a millionth
     * @throws IllegalArgumentException if {@code scale} is NaN, infinite, negative or above the maximum
     */
    public void setScale(double scale) {
        if (!Double.isFinite(scale) || scale < 0 || scale > MAX_SCALE) {
            throw new IllegalArgumentException("bad time scale: " + scale + " (must be from 0 to " + MAX_SCALE + ")");
        }
        long ppm = Math.round(scale * SCALE_ONE);
        if (ppm != scalePpm) {
            scalePpm = ppm;
            scaleCarry = 0;
        }
    }

    /**
     * The catch-up bound.
     *
     * @return the most simulated time one frame may cover, in nanoseconds
     */
    public long maxAdvanceNanos() {
        return maxAdvanceNanos;
    }

    /**
     * Sets the catch-up bound.
     *
     * @param nanos the most simulated time one frame may cover
     * @throws IllegalArgumentException if {@code nanos} is not positive
     */
    public void setMaxAdvance(long nanos) {
        if (nanos <= 0) {
            throw new IllegalArgumentException("bad catch-up bound: " + nanos + " ns (must be positive)");
        }
        this.maxAdvanceNanos = nanos;
    }

    /**
     * Whether time past the catch-up bound is kept as debt.
     *
     * @return true under keep-debt, false when it is dropped
     */
    public boolean keepsDebt() {
        return keepDebt;
    }

    /**
     * Switches the debt policy. Switching to drop discards the current debt (it is counted as dropped).
     *
     * @param keep true to keep time past the catch-up bound as debt, false to drop it
     */
    public void setKeepDebt(boolean keep) {
        if (!keep && debtNanos > 0) {
            droppedNanos = saturatedAdd(droppedNanos, debtNanos);
            debtNanos = 0;
        }
        this.keepDebt = keep;
    }
}
