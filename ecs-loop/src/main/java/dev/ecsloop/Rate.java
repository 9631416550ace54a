package dev.ecsloop;

/**
 * A tick rate as an exact rational number: {@code millihertz / 1000} ticks per second.
 *
 * <p>Why rational: 1/60 s is not a whole number of nanoseconds. Rounding the step to 16,666,667 ns drifts by a
 * millisecond every 14 hours (a whole tick in under 10 days), and a float accumulator rounds every frame's delta,
 * so how many ticks run comes to depend on how real time was split into frames. Instead the
 * k-th tick after an anchor falls at exactly {@code anchor + k * 10^12 / millihertz} nanoseconds, a rational
 * number tracked as a whole part plus a remainder (see {@link TickSchedule}), so 24 h at 60 Hz is exactly
 * 5,184,000 ticks.
 *
 * <p>Rates with up to three decimals are exact. Others are rounded to the nearest millihertz, so 1/3 Hz becomes
 * 0.333 Hz; {@link #hz()} reports the rate actually used.
 */
final class Rate {

    /** Nanoseconds per second times 1000 (because rates are kept in millihertz). */
    static final long NANOS_PER_MILLIHERTZ_TICK = 1_000_000_000_000L;
    static final double MIN_HZ = 0.001;
    static final double MAX_HZ = 1_000_000.0;

    final long millihertz;
    /** Whole nanoseconds of one step. */
    final long stepNanos;
    /** Remainder of one step, in units of 1/millihertz ns. */
    final long stepRemainder;
    /** {@link #stepSeconds()}, computed once: it is every fixed tick's delta, so no division per tick. */
    private final float stepSeconds;

    private Rate(long millihertz) {
        this.millihertz = millihertz;
        this.stepNanos = NANOS_PER_MILLIHERTZ_TICK / millihertz;
        this.stepRemainder = NANOS_PER_MILLIHERTZ_TICK % millihertz;
        this.stepSeconds = (float) (1000.0 / millihertz);
    }

    /**
     * @param hz   ticks per simulated second
     * @param what names the system in the error message
     * @throws IllegalArgumentException if {@code hz} is not finite or lies outside [0.001, 1,000,000]
     */
    static Rate of(double hz, String what) {
        if (!Double.isFinite(hz) || hz < MIN_HZ || hz > MAX_HZ) {
            throw new IllegalArgumentException("bad rate for " + what + ": " + hz
                    + " Hz (a rate must be a finite number from " + MIN_HZ + " to " + (long) MAX_HZ + " Hz)");
        }
        return new Rate(Math.round(hz * 1000.0));
    }

    /** A rate already in millihertz, as a snapshot holds it; the caller checks the range. */
    static Rate ofMillihertz(long millihertz) {
        return new Rate(millihertz);
    }

    double hz() {
        return millihertz / 1000.0;
    }

    /** Exactly one step in seconds, as Artemis wants it for {@code world.delta}. */
    float stepSeconds() {
        return stepSeconds;
    }

    /** One step in (fractional) nanoseconds; for presentation only. */
    double stepNanosExact() {
        return (double) NANOS_PER_MILLIHERTZ_TICK / millihertz;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rate && ((Rate) o).millihertz == millihertz;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(millihertz);
    }

    @Override
    public String toString() {
        return hz() + " Hz";
    }
}
