package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.random.SplitMix64;
import java.math.BigDecimal;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Frame lengths for driving a manual clock as fast as possible ({@code --frame-times}), in nanoseconds of real
 * time per frame. Stateful: each {@link #getAsLong()} is the next frame. Profiles:
 * <ul>
 *   <li>{@code steady:MS} - every frame lasts MS milliseconds (decimal, e.g. 16.667);</li>
 *   <li>{@code jitter:MIN-MAX:SEED} - each frame lasts a whole number of nanoseconds drawn uniformly from
 *       [MIN, MAX] milliseconds by a SplitMix64 generator seeded with SEED;</li>
 *   <li>{@code stall:MS@SECOND} - 1/60 s frames on an exact grid (frame k ends at k * 10^9 / 60 ns, so 60 frames
 *       make exactly one second), except that the first frame starting at or after SECOND seconds of profile
 *       time lasts MS milliseconds; the grid then continues from where that frame ended.</li>
 * </ul>
 * Frame lengths are between 1 ns and 10 s.
 */
final class FrameProfile implements LongSupplier {
    private static final Pattern STEADY = Pattern.compile("steady:(\\d+(?:\\.\\d+)?)");
    private static final Pattern JITTER = Pattern.compile("jitter:(\\d+(?:\\.\\d+)?)-(\\d+(?:\\.\\d+)?):(-?\\d+)");
    private static final Pattern STALL = Pattern.compile("stall:(\\d+(?:\\.\\d+)?)@(\\d+(?:\\.\\d+)?)");
    private static final long MAX_FRAME = 10_000_000_000L;
    /** Latest stall start: a year of profile time. */
    private static final long MAX_SECOND = 31_536_000L;
    static final String FORMS = "steady:MS, jitter:MIN-MAX:SEED or stall:MS@SECOND";

    private final String text;
    private final int kind;
    private final long a;
    private final long b;
    /** jitter: the frame-length generator, seeded with SEED. */
    private final SplitMix64 jitter;
    // stall: profile time, grid origin and frames on the current grid
    private long time;
    private long gridOrigin;
    private long gridFrames;
    private boolean stalled;

    private FrameProfile(String text, int kind, long a, long b, long seed) {
        this.text = text;
        this.kind = kind;
        this.a = a;
        this.b = b;
        this.jitter = new SplitMix64(seed);
    }

    /** 1/60 s frames on an exact grid: the default when replaying. */
    static FrameProfile sixtyHz() {
        return new FrameProfile("steady:1/60", 2, Long.MAX_VALUE, 0, 0);
    }

    /**
     * @throws IllegalArgumentException with a one-line message naming the bad part
     */
    static FrameProfile parse(String text) {
        Matcher m = STEADY.matcher(text);
        if (m.matches()) {
            return new FrameProfile(text, 0, millis(m.group(1)), 0, 0);
        }
        m = JITTER.matcher(text);
        if (m.matches()) {
            long min = millis(m.group(1));
            long max = millis(m.group(2));
            if (min > max) {
                throw new IllegalArgumentException("'" + text + "': MIN is above MAX");
            }
            long seed;
            try {
                seed = Long.parseLong(m.group(3));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': SEED must fit in 64 bits");
            }
            return new FrameProfile(text, 1, min, max, seed);
        }
        m = STALL.matcher(text);
        if (m.matches()) {
            BigDecimal second = new BigDecimal(m.group(2));
            if (second.compareTo(BigDecimal.valueOf(MAX_SECOND)) > 0 || second.scale() > 9) {
                throw new IllegalArgumentException("'" + text + "': SECOND must be a whole number of nanoseconds"
                        + " up to " + MAX_SECOND + " s");
            }
            return new FrameProfile(text, 2, second.movePointRight(9).longValueExact(), millis(m.group(1)), 0);
        }
        throw new IllegalArgumentException("'" + text + "' is not " + FORMS);
    }

    /** Exact nanoseconds of a decimal millisecond count, compared before any conversion so nothing wraps. */
    private static long millis(String ms) {
        BigDecimal nanos = new BigDecimal(ms).movePointRight(6);
        if (nanos.compareTo(BigDecimal.ONE) < 0 || nanos.compareTo(BigDecimal.valueOf(MAX_FRAME)) > 0
                || nanos.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("frame time " + ms + " ms must be a whole number of nanoseconds from"
                    + " 0.000001 to 10000 ms");
        }
        return nanos.longValueExact();
    }

    @Override
    public long getAsLong() {
        switch (kind) {
            case 0:
                return a;
            case 1: {
                return jitter.nextLong(a, b);
            }
            default: {
                long frame;
                if (!stalled && time >= a) {
                    stalled = true;
                    frame = b;
                    gridOrigin = time + b;
                    gridFrames = 0;
                } else {
                    gridFrames++;
                    frame = gridOrigin + gridFrames * 1_000_000_000L / 60 - time;
                }
                time += frame;
                return frame;
            }
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
