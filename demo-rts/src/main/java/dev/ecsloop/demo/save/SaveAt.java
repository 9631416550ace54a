package dev.ecsloop.demo.save;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A save at a simulated instant ({@code --save FILE@SECONDS}): the state at exactly {@code simNanos} is written
 * to {@code file} (headless runs end a frame there, as at {@code --seconds}).
 *
 * @param file     where the snapshot goes
 * @param simNanos simulated nanoseconds, at least 0
 */
public record SaveAt(Path file, long simNanos) {

    /**
     * @throws IllegalArgumentException if {@code simNanos} is negative
     */
    public SaveAt {
        Objects.requireNonNull(file, "file");
        if (simNanos < 0) {
            throw new IllegalArgumentException("save time must not be negative");
        }
    }

    /**
     * Parses {@code FILE@SECONDS}, e.g. {@code s.snap@12}; the last {@code @} splits, so a file name may hold one.
     * Seconds are a decimal with at most 9 places, from 0 to a year, read exactly.
     *
     * @param spec what the user typed
     * @return the save it names
     * @throws IllegalArgumentException if there is no {@code @}, no file, or the seconds are not such a number
     */
    public static SaveAt parse(String spec) {
        int at = spec == null ? -1 : spec.lastIndexOf('@');
        if (at <= 0) {
            throw new IllegalArgumentException("save must be FILE@SECONDS, was " + spec);
        }
        String seconds = spec.substring(at + 1).trim();
        if (!seconds.matches("\\d{1,8}(\\.\\d{1,9})?")) {
            throw new IllegalArgumentException("save seconds must be a decimal from 0 to 31536000 with at most 9"
                    + " places: " + spec);
        }
        long nanos = new java.math.BigDecimal(seconds).movePointRight(9).longValueExact();
        if (nanos > 31_536_000L * 1_000_000_000L) {
            throw new IllegalArgumentException("save seconds must be at most 31536000: " + spec);
        }
        return new SaveAt(Path.of(spec.substring(0, at)), nanos);
    }
}
