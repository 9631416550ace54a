package dev.ecsloop.demo.window;

import dev.ecsloop.time.Durations;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * A screenshot to take at a simulated time: the first frame drawn at or after {@code simNanos} of simulated time
 * is written to {@code file} as PNG. Simulated rather than real time, so the same request shows the same game
 * state on a fast machine and a slow one.
 *
 * @param file     where the PNG goes; parent directories are created (the command line refuses a missing one
 *                 up front, so a typo cannot scatter folders)
 * @param simNanos simulated nanoseconds since the loop was built, at least 0
 */
public record Screenshot(Path file, long simNanos) {

    /**
     * Checks the parts.
     *
     * @param file     where the PNG goes
     * @param simNanos when, in simulated nanoseconds, at least 0
     * @throws NullPointerException     if {@code file} is null
     * @throws IllegalArgumentException if {@code simNanos} is negative
     */
    public Screenshot {
        Objects.requireNonNull(file, "file");
        if (simNanos < 0) {
            throw new IllegalArgumentException("screenshot time must not be negative, was "
                    + Durations.exactSeconds(simNanos));
        }
    }

    /**
     * Parses the CLI form {@code FILE@SECONDS}, e.g. {@code shot.png@2.5}; the last {@code @} splits, so a file
     * name may hold one.
     *
     * @param spec what the user typed
     * @return the screenshot it names
     * @throws IllegalArgumentException if there is no {@code @}, no file, or the seconds are not a finite
     *                                  number from 0 up
     */
    public static Screenshot parse(String spec) {
        int at = spec == null ? -1 : spec.lastIndexOf('@');
        if (at <= 0) {
            throw new IllegalArgumentException("screenshot must be FILE@SECONDS, was " + spec);
        }
        double seconds;
        try {
            seconds = Double.parseDouble(spec.substring(at + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("screenshot seconds must be a number: " + spec);
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds) || seconds > 1e9) {
            throw new IllegalArgumentException("screenshot seconds must be from 0 to 1e9: " + spec);
        }
        return new Screenshot(Path.of(spec.substring(0, at)), Math.round(seconds * 1e9));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s@%.3f", file, simNanos / 1e9);
    }
}
