package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.GlWindowLauncher;
import dev.ecsloop.demo.StartingClock;
import dev.ecsloop.demo.WindowLauncher;
import dev.ecsloop.demo.WindowRequest;
import dev.ecsloop.demo.WindowUnavailableException;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Optional;
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
        return run(args, in, out, err, Optional.of(new GlWindowLauncher()));
    }

    /** As {@link #run(String[], InputStream, PrintStream, PrintStream)}, with this window (or none). */
    static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Optional<WindowLauncher> window) {
        Options options = new Options();
        CommandLine cli = new CommandLine(options);
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setErr(new java.io.PrintWriter(err, true));
        cli.setParameterExceptionHandler(new OneLineErrors(err));
        cli.setExecutionStrategy(parsed -> CommandLine.executeHelpRequest(parsed) != null
                ? CommandLine.ExitCode.OK : execute(options, in, out, err, window));
        return cli.execute(args);
    }

    private static int execute(Options options, InputStream in, PrintStream out, PrintStream err,
                               Optional<WindowLauncher> window) {
        String conflict = options.windowConflict();
        if (conflict == null) {
            conflict = ScreenshotTargets.problem(options.screenshots, options.stopAtNanos);
        }
        if (conflict == null) {
            conflict = options.saveConflict();
        }
        if (conflict == null) {
            conflict = SaveSchedule.problem(options);
        }
        if (conflict != null) {
            err.println("error: " + conflict);
            return OneLineErrors.EXIT;
        }
        if (options.net.active() || options.net.conflict() != null) {
            return NetPlay.run(options, in, out, err, window);
        }
        String replayConflict = options.replayConflict();
        if (replayConflict != null) {
            err.println("error: " + replayConflict);
            return OneLineErrors.EXIT;
        }
        if (options.replay != null) {
            if (!options.headless && options.frameTimes == null) {
                Integer shown = ReplayWindow.tryRun(options, in, out, err, window, System::getenv);
                if (shown != null) {
                    return shown;
                }
            }
            return ReplaySession.run(options, out, err);
        }
        String recordProblem = options.record == null ? null : RecordTarget.claim(options.record);
        if (recordProblem != null) {
            err.println("error: " + recordProblem);
            return OneLineErrors.EXIT;
        }
        try {
            if (!options.headless && options.frameTimes == null) {
                Integer windowed = tryWindow(options, in, out, window, System::getenv);
                if (windowed != null) {
                    return windowed;
                }
            }
            return new HeadlessSession(options, options.setup(false), out).run(in);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return OneLineErrors.EXIT;
        } catch (OutOfMemoryError e) {
            // The game, its only large allocation, is garbage once unwound: there is room for one line.
            err.println("error: " + outOfMemory(options));
            return OneLineErrors.EXIT;
        } finally {
            if (options.record != null) {
                RecordTarget.release(options.record);
            }
        }
    }

    /** Says which setup did not fit in how much heap, and the flag to change: one line, as {@code --replay} does. */
    static String outOfMemory(Options options) {
        return "this game (" + options.setup(false).identity() + ") needs more memory than this JVM has (max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB): raise -Xmx, e.g. java -Xmx2g -jar "
                + "demo-rts.jar, or ask for fewer --units";
    }

    /**
     * Runs the window if one can open; otherwise says why in one line and returns null (go headless). While the
     * window runs, console commands come from standard input and, if asked, the TCP port, as when headless.
     */
    @SuppressWarnings("try")   // the exit saver is held only to be closed: it saves on Ctrl-C while the window runs
    static Integer tryWindow(Options options, InputStream in, PrintStream out, Optional<WindowLauncher> window,
                             Function<String, String> env) throws IOException {
        if (window.isEmpty()) {
            out.println("no window in this build: running headless");
            return null;
        }
        if (!options.offscreen && env.apply("DISPLAY") == null && env.apply("WAYLAND_DISPLAY") == null) {
            out.println("no display (DISPLAY is not set): running headless");
            return null;
        }
        StartingClock clock = new StartingClock(Clock.system()); // simulated time starts when the window does
        // --record keeps replay keyframes (FILE.keys), the window ending a frame on each keyframe's instant.
        int keyframes = options.record == null ? 0 : options.keyframeBudget != null ? options.keyframeBudget
                : dev.ecsloop.replay.Keyframes.DEFAULT_BUDGET_MB;
        RtsGame game = ConsoleRules.apply(RtsGame.create(options.setup(true), clock, true, Clock.system(),
                options.workers, keyframes));
        SaveSchedule saving = SaveSchedule.attach(options, game, out);
        game.addBetweenFrames(saving::poll);
        WindowRequest request = new WindowRequest(options.fps, options.stopAtNanos == null ? -1 : options.stopAtNanos,
                options.offscreen, options.screenshots);
        Transports transports = new Transports(game, in, out, options.consolePort, ExplorerOption.token(options));
        int status;
        ExitSaver saver = ExitSaver.install(game.console()); // also for a recording named by the console's 'record'
        try (dev.ecsloop.explorer.Explorer explorer = ExplorerOption.open(options, game, out)) {
            try (transports) {
                status = window.get().run(game, request, () -> {
                    clock.start();
                    transports.start();
                });
            } catch (WindowUnavailableException e) {
                out.println("window unavailable (" + e.getMessage() + "): running headless");
                return null;
            }
            boolean saved = saving.finish();
            HeadlessSession.finish(options, game, out);
            if (!saved && status == 0) {
                status = OneLineErrors.EXIT;
            }
        } finally {
            ExitSaver.close(saver);
        }
        return status;
    }
}
