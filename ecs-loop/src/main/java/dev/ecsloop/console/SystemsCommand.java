package dev.ecsloop.console;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.SystemHandle;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * {@code systems}: one row per system in registration order (kind, target rate, measured ticks per second and
 * mean/max milliseconds per tick over the last second of real time), then the frame and catch-up bound figures.
 * The measured figures come from {@link LoopStats} and refresh four times a second.
 */
final class SystemsCommand {

    private SystemsCommand() {
    }

    static void register(Console console, GameLoop loop) {
        console.register("systems", "systems",
                "lists each system: kind, target rate, ticks/s, mean and max ms per tick over the last second",
                (args, out) -> {
                    args.expectAtMost(0);
                    List<Class<? extends BaseSystem>> systems = loop.systems();
                    int width = "system".length();
                    for (Class<? extends BaseSystem> type : systems) {
                        width = Math.max(width, type.getSimpleName().length());
                    }
                    String row = "%-" + width + "s  %-9s  %12s  %7s  %8s  %8s";
                    out.accept(String.format(Locale.ROOT, row, "system", "kind", "rate", "ticks/s", "mean ms",
                            "max ms"));
                    LoopStats stats = loop.stats();
                    for (Class<? extends BaseSystem> type : systems) {
                        SystemHandle system = loop.system(type);
                        out.accept(String.format(Locale.ROOT, row, system.name(), kind(system), rate(system),
                                stats.runsPerSecond(system),
                                String.format(Locale.ROOT, "%.3f", stats.meanRunMillis(system)),
                                String.format(Locale.ROOT, "%.3f", stats.maxRunMillis(system))));
                    }
                    out.accept("frames/s: " + stats.framesPerSecond() + " | catch-up bound hits/s: "
                            + stats.catchUpBoundHitsPerSecond());
                });
    }

    /** {@code fixed}, {@code throttled} or {@code frame}. */
    static String kind(SystemHandle system) {
        if (system.isEveryFrame()) {
            return "frame";
        }
        return system.isThrottled() ? "throttled" : "fixed";
    }

    /** The target rate as the user would type it, e.g. {@code 12.5 Hz}, or {@code every frame}. */
    static String rate(SystemHandle system) {
        return system.isEveryFrame() ? "every frame" : hz(system.rate());
    }

    /** {@code 60 Hz}, {@code 12.5 Hz}: no trailing zeros, no exponent. */
    static String hz(double hz) {
        return BigDecimal.valueOf(hz).stripTrailingZeros().toPlainString() + " Hz";
    }
}
