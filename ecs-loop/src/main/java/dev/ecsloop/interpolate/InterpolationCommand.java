package dev.ecsloop.interpolate;

import dev.ecsloop.console.Console;

import java.util.Locale;
import java.util.Objects;

/** The console command {@code interp on|off|extrapolate}, which switches an interpolation's mode. */
public final class InterpolationCommand {

    private InterpolationCommand() {
    }

    /**
     * Adds {@code interp} to a console.
     *
     * @param console       the game's console
     * @param interpolation the game's interpolation
     * @throws IllegalArgumentException if the console already has an {@code interp} command
     */
    public static void register(Console console, Interpolation interpolation) {
        Objects.requireNonNull(interpolation, "interpolation");
        console.register("interp", "interp on|off|extrapolate",
                "draws moving things between the last two fixed states, at the latest state, or ahead of it",
                (args, out) -> {
                    args.expectAtMost(1);
                    String choice = args.choice(0, "on|off|extrapolate", "on", "off", "extrapolate");
                    InterpolationMode before = interpolation.mode();
                    interpolation.setMode(switch (choice) {
                        case "on" -> InterpolationMode.INTERPOLATE;
                        case "off" -> InterpolationMode.OFF;
                        default -> InterpolationMode.EXTRAPOLATE;
                    });
                    out.accept("interpolation " + name(interpolation.mode()) + " (was " + name(before) + ")");
                });
    }

    private static String name(InterpolationMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }
}
