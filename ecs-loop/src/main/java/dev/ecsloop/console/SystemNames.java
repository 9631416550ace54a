package dev.ecsloop.console;

import com.artemis.BaseSystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Finds a system from what the user typed: its simple class name, case-insensitively, or any unique
 * case-insensitive prefix of it. An exact name wins over prefixes, so {@code ai} picks {@code Ai} even when
 * {@code AiSystem} exists too. Everything else is an error that lists what would have been valid.
 */
final class SystemNames {

    private SystemNames() {
    }

    /**
     * @param typed   the name as typed
     * @param systems the loop's systems, in registration order
     * @throws IllegalArgumentException if no system matches ({@code unknown system 'x' (systems: ...)}) or
     *                                  several do ({@code ambiguous system 'x' (matches: ...)})
     */
    static Class<? extends BaseSystem> resolve(String typed, List<Class<? extends BaseSystem>> systems) {
        String wanted = typed.toLowerCase(Locale.ROOT);
        List<Class<? extends BaseSystem>> exact = new ArrayList<>();
        List<Class<? extends BaseSystem>> prefixed = new ArrayList<>();
        for (Class<? extends BaseSystem> type : systems) {
            String name = type.getSimpleName().toLowerCase(Locale.ROOT);
            if (name.equals(wanted)) {
                exact.add(type);
            } else if (name.startsWith(wanted)) {
                prefixed.add(type);
            }
        }
        if (exact.size() == 1) {
            return exact.get(0);
        }
        if (exact.size() > 1) {
            // Same simple name in two packages: only the full names tell them apart, and none can be typed.
            throw new IllegalArgumentException("ambiguous system " + Echo.quote(typed) + " (matches: "
                    + names(exact, true) + ")");
        }
        if (prefixed.size() == 1) {
            return prefixed.get(0);
        }
        if (prefixed.size() > 1) {
            throw new IllegalArgumentException("ambiguous system " + Echo.quote(typed) + " (matches: "
                    + names(prefixed, false) + ")");
        }
        throw new IllegalArgumentException("unknown system " + Echo.quote(typed) + " (systems: "
                + names(systems, false) + ")");
    }

    private static String names(List<Class<? extends BaseSystem>> types, boolean full) {
        StringJoiner joiner = new StringJoiner(", ");
        for (Class<? extends BaseSystem> type : types) {
            joiner.add(full ? type.getName() : type.getSimpleName());
        }
        return types.isEmpty() ? "none" : joiner.toString();
    }
}
