package dev.ecsloop.time;

/**
 * The one way every message a user sees writes a time, so that no message mixes nanoseconds, milliseconds and
 * seconds for the same kind of time:
 * <ul>
 *   <li>{@link #seconds(long) Simulated time} (an instant or a span of it) in seconds with three decimals:
 *       {@code 12.345 s}, {@code 0.250 s}, rounded to the nearest millisecond (half up, as {@code %.3f} does:
 *       30 ticks at 60 Hz, 0.499999980 s, read 0.500 s). Where two instants a user compares may lie within a millisecond (an error about
 *       the order of records, the instant a tick failed), {@link #exactSeconds(long)} writes the same format
 *       with as many more decimals as the value needs ({@code 0.016666667 s}, a 60 Hz tick): two different
 *       instants never print alike.</li>
 *   <li>{@link #cost(long) Real-time costs} (how long work took, a wait, a timeout) in milliseconds, or
 *       microseconds below one millisecond: {@code 2.35 ms}, {@code 120.4 µs}.</li>
 * </ul>
 * Both use integer arithmetic on the nanoseconds (no double rounding) and a fixed decimal point, whatever the
 * default locale.
 */
public final class Durations {
    private static final long MILLI = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private Durations() {
    }

    /**
     * A simulated time in seconds with three decimals, rounded to the nearest millisecond (half away from zero):
     * {@code 12.345 s}; negative values get a minus sign.
     *
     * @param nanos simulated nanoseconds
     * @return seconds with three decimals, then {@code " s"}
     */
    public static String seconds(long nanos) {
        long half = MILLI / 2;
        long rounded = nanos >= 0 ? (nanos > Long.MAX_VALUE - half ? nanos : nanos + half)
                : (nanos < Long.MIN_VALUE + half ? nanos : nanos - half);
        return format(rounded - rounded % MILLI, 3);
    }

    /**
     * A simulated time in seconds, exactly: {@code 12.345 s}, {@code 0.016666667 s}; negative values get a minus
     * sign.
     *
     * @param nanos simulated nanoseconds
     * @return seconds with three decimals, or up to nine when needed to be exact, then {@code " s"}
     */
    public static String exactSeconds(long nanos) {
        return format(nanos, 9);
    }

    private static String format(long nanos, int maxDecimals) {
        StringBuilder sb = new StringBuilder(24);
        if (nanos < 0) {
            sb.append('-');
        }
        // Long.MIN_VALUE has no positive counterpart: work on the unsigned magnitude.
        long whole = Long.divideUnsigned(Math.abs(nanos), SECOND);
        long frac = Long.remainderUnsigned(Math.abs(nanos), SECOND);
        sb.append(whole).append('.');
        String digits = Long.toString(SECOND + frac).substring(1); // nine digits, leading zeros kept
        int end = maxDecimals;
        while (end > 3 && digits.charAt(end - 1) == '0') {
            end--;
        }
        return sb.append(digits, 0, end).append(" s").toString();
    }

    /**
     * A cost in real time: {@code 2.35 ms} from one millisecond up, {@code 120.4 µs} below it (rounded half up).
     *
     * @param nanos real nanoseconds, at least 0 (a negative cost is shown with a minus sign)
     * @return milliseconds with two decimals or microseconds with one, then the unit
     */
    public static String cost(long nanos) {
        String sign = nanos < 0 ? "-" : "";
        long n = Math.abs(nanos == Long.MIN_VALUE ? nanos + 1 : nanos);
        if (n < MILLI) {
            long tenths = (n + 50) / 100; // tenths of a microsecond
            if (tenths < 10_000) {
                return sign + tenths / 10 + "." + tenths % 10 + " µs";
            }
        }
        long hundredths = n / 10_000 + (n % 10_000 >= 5_000 ? 1 : 0); // hundredths of a millisecond
        return sign + hundredths / 100 + "." + (hundredths % 100 < 10 ? "0" : "") + hundredths % 100 + " ms";
    }

    /**
     * A cost given in (fractional) milliseconds, as counters keep it: the same format as {@link #cost(long)}.
     *
     * @param millis milliseconds
     * @return as {@link #cost(long)} of the nearest whole nanosecond
     */
    public static String costMillis(double millis) {
        return cost(Math.round(millis * MILLI));
    }
}
