package dev.ecsloop.demo.cli;

import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.explorer.Explorer;
import java.io.PrintStream;

/**
 * {@code --explorer PORT} and {@code --explorer-edit}: opens the browser explorer on the game, with the console's
 * token (made here if none was given, so that the console server and the explorer share it), answered before each
 * frame with the console's lines.
 */
final class ExplorerOption {
    private ExplorerOption() {
    }

    /**
     * The console's token: the given one, or (when the explorer is asked for) one made now and kept in the options,
     * so that the console server opened later uses the same.
     */
    static String token(Options options) {
        if (options.consoleToken == null && options.explorerPort != null) {
            options.consoleToken = ConsoleServer.newToken();
        }
        return options.consoleToken;
    }

    /**
     * @return the open explorer, or null when {@code --explorer} was not given
     * @throws java.io.UncheckedIOException if the port cannot be bound (one line naming it)
     */
    static Explorer open(Options options, RtsGame game, PrintStream out) {
        if (options.explorerPort == null) {
            return null;
        }
        Explorer explorer = Explorer.builder(game.loop()).port(options.explorerPort).token(token(options))
                .edits(options.explorerEdit).recorder(game.recorder()).open();
        game.onBeforeFrame(explorer::drain);
        out.println("explorer on " + explorer.pageUrl() + (options.explorerEdit ? " (edits enabled)" : " (read-only)"));
        return explorer;
    }
}
