package dev.ecsloop.console;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;

import java.util.function.ToDoubleBiFunction;

/**
 * {@code rate <system> <hz>|frame}: retunes one system live. The change applies at the frame boundary where the
 * console drains, re-anchoring a fixed-step system at its last tick ({@link GameLoop#setRate}); {@code frame}
 * makes it run once per frame. The range check is the loop's own, so the console never disagrees with it, unless
 * the game gives its own rule ({@link Console#withRateRule}), so that it never disagrees with the game's flags.
 */
final class RateCommand {

    private RateCommand() {
    }

    static void register(Console console, GameLoop loop) {
        console.register("rate", "rate <system> <hz>|frame",
                "sets a system's rate in Hz, or makes it run every frame", (args, out) -> {
                    args.expectAtMost(2);
                    Class<? extends BaseSystem> type = SystemNames.resolve(args.word(0, "<system>"), loop.systems());
                    String before = SystemsCommand.rate(loop.system(type));
                    String name = type.getSimpleName();
                    if (args.word(1, "<hz>|frame").equalsIgnoreCase("frame")) {
                        loop.setEveryFrame(type);
                        out.accept(name + ": every frame (was " + before + ")");
                        return;
                    }
                    ToDoubleBiFunction<Class<? extends BaseSystem>, String> rule = console.rateRule();
                    double hz = rule == null ? args.number(1, "<hz>|frame")
                            : rule.applyAsDouble(type, args.word(1, "<hz>|frame"));
                    loop.setRate(type, hz);
                    out.accept(name + ": " + SystemsCommand.rate(loop.system(type)) + " " + SystemsCommand.kind(loop.system(type))
                            + " (was " + before + ")");
                });
    }
}
