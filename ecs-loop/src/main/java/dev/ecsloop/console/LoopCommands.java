package dev.ecsloop.console;

import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;

/**
 * The built-ins that drive simulated time: {@code pause}, {@code resume}, {@code step [n]},
 * {@code timescale <x>}, {@code catchup <ms>}, {@code debt keep|discard}, and the {@code stats} line. Each one
 * parses all its arguments before touching the loop, and confirms what it did in one line, with the value it
 * replaced.
 */
final class LoopCommands {

    /** Most single-steps one {@code step} may run: enough to skip ahead, few enough to keep the frame short. */
    static final int MAX_STEPS = 10_000;
    /**
     * Largest catch-up bound in milliseconds. The bound exists to stop the spiral of death; a minute of catch-up
     * in one frame would defeat it.
     */
    static final int MAX_CATCH_UP_MS = 60_000;

    private LoopCommands() {
    }

    static void register(Console console, GameLoop loop) {
        console.register("pause", "pause", "stops simulated time; every-frame systems keep running",
                (args, out) -> {
                    args.expectAtMost(0);
                    boolean was = loop.isPaused();
                    loop.pause();
                    out.accept((was ? "already paused" : "paused") + " at " + simulated(loop));
                });
        console.register("resume", "resume", "restarts simulated time where it stopped", (args, out) -> {
            args.expectAtMost(0);
            boolean was = loop.isPaused();
            loop.resume();
            out.accept((was ? "resumed" : "already running") + " at " + simulated(loop));
        });
        console.register("step", "step [n]",
                "pauses, then runs the next n tick instants (1 to " + MAX_STEPS + ", default 1)", (args, out) -> {
                    args.expectAtMost(1);
                    int n = args.integer(0, "[n]", 1, MAX_STEPS, 1);
                    if (!hasFixedStep(loop)) {
                        throw args.error("nothing to step: every system runs every frame");
                    }
                    for (int i = 0; i < n; i++) {
                        try {
                            loop.step();
                        } catch (RuntimeException e) {
                            // The earlier steps did happen: say so rather than pretend nothing changed.
                            out.accept("error: step " + (i + 1) + " of " + n + " failed, paused at " + simulated(loop)
                                    + ": " + e.getMessage());
                            return;
                        }
                    }
                    out.accept("stepped " + n + (n == 1 ? " time" : " times") + ", paused at " + simulated(loop));
                });
        console.register("timescale", "timescale <x>",
                "sets simulated seconds per real second (0 to 1000; 1 is real time)", (args, out) -> {
                    args.expectAtMost(1);
                    double scale = args.number(0, "<x>");
                    String before = plain(loop.timeScale());
                    loop.setTimeScale(scale);
                    out.accept("time scale " + plain(loop.timeScale()) + " (was " + before + ")");
                });
        console.register("catchup", "catchup <ms>",
                "sets the most simulated time one frame may catch up (1 to " + MAX_CATCH_UP_MS + " ms)",
                (args, out) -> {
                    args.expectAtMost(1);
                    int ms = args.integer(0, "<ms>", 1, MAX_CATCH_UP_MS);
                    String before = millis(loop.catchUpBound());
                    loop.setCatchUpBound(Duration.ofMillis(ms));
                    out.accept("catch-up bound " + millis(loop.catchUpBound()) + " (was " + before + ")");
                });
        console.register("debt", "debt keep|discard",
                "keeps time past the catch-up bound to catch up later (lockstep), or discards it (solo)",
                (args, out) -> {
                    args.expectAtMost(1);
                    DebtPolicy policy = DebtPolicy.valueOf(
                            args.choice(0, "keep|discard", "keep", "discard").toUpperCase(Locale.ROOT));
                    DebtPolicy before = loop.debtPolicy();
                    long debt = loop.debtNanos();
                    loop.setDebtPolicy(policy);
                    String dropped = policy == DebtPolicy.DISCARD && debt > 0
                            ? ", " + millis(Duration.ofNanos(debt)) + " of debt discarded" : "";
                    out.accept("debt policy " + name(policy) + " (was " + name(before) + dropped + ")");
                });
        console.register("stats", "stats", "prints the per-second counters line", (args, out) -> {
            args.expectAtMost(0);
            out.accept(loop.stats().line());
        });
    }

    private static boolean hasFixedStep(GameLoop loop) {
        for (Class<? extends BaseSystem> type : loop.systems()) {
            if (!loop.system(type).isEveryFrame()) {
                return true;
            }
        }
        return false;
    }

    private static String simulated(GameLoop loop) {
        return "simulated time " + Durations.seconds(loop.simulatedNanos());
    }

    private static String millis(Duration d) {
        return plain(d.toNanos() / 1e6) + " ms";
    }

    private static String plain(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    private static String name(DebtPolicy policy) {
        return policy.name().toLowerCase(Locale.ROOT);
    }
}
