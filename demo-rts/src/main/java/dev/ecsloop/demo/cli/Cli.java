package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.GameWindow;
import dev.ecsloop.demo.WindowUnavailableException;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * The demo's command line: parses with picocli (bad input: one {@code error:} line, exit 2), then runs a
 * replay, a window, or a headless session. See {@link Options} for the flags and {@code --help} for the text.
 */
public final class Cli {
    private Cli() {
    }

    /**
     * Runs the demo with the given streams and returns the exit status: 0 done or replay matched, 1 replay
     * diverged, 2 bad command line or replay file.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Options options = new Options();
        CommandLine cli = new CommandLine(options);
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setParameterExceptionHandler(new OneLineErrors(err));
        cli.setExecutionStrategy(parsed -> CommandLine.executeHelpRequest(parsed) != null
                ? CommandLine.ExitCode.OK : execute(options, in, out, err));
        return cli.execute(args);
    }

    private static int execute(Options options, InputStream in, PrintStream out, PrintStream err) {
        if (options.replay != null) {
            if (options.record != null || !options.rates.isEmpty()) {
                err.println("error: --replay takes its rates and orders from the file: drop "
                        + (options.record != null ? "--record" : "--rate"));
                return OneLineErrors.EXIT;
            }
            return ReplaySession.run(options, out, err);
        }
        try {
            if (!options.headless) {
                Integer windowed = tryWindow(options, out, ServiceLoader.load(GameWindow.class).findFirst(),
                        System::getenv);
                if (windowed != null) {
                    return windowed;
                }
            }
            return new HeadlessSession(options, options.config(), out).run(in);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return OneLineErrors.EXIT;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return OneLineErrors.EXIT;
        }
    }

    /** Runs the window if one can open; otherwise says why in one line and returns null (go headless). */
    static Integer tryWindow(Options options, PrintStream out, Optional<GameWindow> window,
                             Function<String, String> env) throws IOException {
        if (window.isEmpty()) {
            out.println("no window in this build: running headless");
            return null;
        }
        if (env.apply("DISPLAY") == null && env.apply("WAYLAND_DISPLAY") == null) {
            out.println("no display (DISPLAY is not set): running headless");
            return null;
        }
        RtsGame game = RtsGame.create(options.config(), Clock.system(), true);
        int status;
        try {
            status = window.get().run(game, options.fps, options.stopAtNanos == null ? -1 : options.stopAtNanos);
        } catch (WindowUnavailableException e) {
            out.println("window unavailable (" + e.getMessage() + "): running headless");
            return null;
        }
        if (options.record != null) {
            game.recorder().save(options.record);
        }
        if (options.printHash) {
            out.println("world-hash: " + dev.ecsloop.replay.StateHash.hex(game.worldHash()));
        }
        return status;
    }
}
