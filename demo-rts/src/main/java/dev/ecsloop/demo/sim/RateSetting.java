package dev.ecsloop.demo.sim;

import com.artemis.BaseSystem;
import java.util.Objects;

/**
 * A rate to run one system at from simulated time zero, as {@code --rate ai=5} asks.
 *
 * @param system one of {@link SimSystems#ALL}
 * @param hz     ticks per simulated second; validated by the loop when applied
 */
public record RateSetting(Class<? extends BaseSystem> system, double hz) {
    public RateSetting {
        Objects.requireNonNull(system, "system");
    }

    /**
     * Parses {@code SYSTEM=HZ}, the system by case-insensitive unique prefix.
     *
     * @throws IllegalArgumentException with a one-line message if the form, system or rate is bad
     */
    public static RateSetting parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not SYSTEM=HZ");
        }
        Class<? extends BaseSystem> system = SimSystems.resolve(text.substring(0, eq));
        String number = text.substring(eq + 1);
        double hz;
        try {
            hz = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + number + "' is not a number of Hz");
        }
        if (!(hz >= 0.001 && hz <= 1000) || !number.matches("[0-9.eE+-]+")) {
            throw new IllegalArgumentException("rate '" + number + "' must be from 0.001 to 1000 Hz");
        }
        return new RateSetting(system, hz);
    }
}
