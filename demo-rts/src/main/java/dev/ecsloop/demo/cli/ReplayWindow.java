package dev.ecsloop.demo.cli;

import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.demo.WindowLauncher;
import dev.ecsloop.demo.WindowRequest;
import dev.ecsloop.demo.WindowUnavailableException;
import dev.ecsloop.demo.replay.ReplayPlayback;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayFormatException;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code --replay FILE} with a window: the recording plays at real speed in the window ({@link ReplayPlayback}),
 * with a scrubber along the bottom and the console's {@code seek SECONDS}, {@code play} and {@code pause} (typed
 * in the window's console or the terminal). Keyframes come from {@code FILE.keys} when it exists, else they are
 * built as the replay plays and seeks ({@code --keyframe-budget}; {@code --save-keyframes} writes them at exit).
 * {@code --seek} starts there; {@code --seconds} closes the window when the replay reaches it; {@code
 * --print-hash} prints the state where the window closed. No window (none in this build, no display, no GL):
 * the replay is checked headless as before.
 */
final class ReplayWindow {

    private ReplayWindow() {
    }

    /**
     * Plays the replay in a window if one can open.
     *
     * @return the exit status (0 shown, 1 diverged, 2 a bad file), or null to replay headless instead
     */
    static Integer tryRun(Options options, InputStream in, PrintStream out, PrintStream err,
                          Optional<WindowLauncher> window, Function<String, String> env) {
        if (window.isEmpty()) {
            return null;
        }
        if (!options.offscreen && env.apply("DISPLAY") == null && env.apply("WAYLAND_DISPLAY") == null) {
            out.println("no display (DISPLAY is not set): replaying headless");
            return null;
        }
        Replay replay;
        MatchSetup recorded;
        try {
            replay = Replay.read(options.replay);
            recorded = ReplaySession.recordedSetup(options, replay);
        } catch (IOException e) {
            err.println("error: " + ReplaySession.oneLine(e.getMessage()));
            return ReplaySession.BAD_FILE;
        }
        int budget = options.keyframeBudget == null ? Keyframes.DEFAULT_BUDGET_MB : options.keyframeBudget;
        Path keys = Keyframes.besideReplay(options.replay);
        ManualClock clock = new ManualClock();
        RtsGame game = null;
        ReplayPlayback playback = null;
        try {
            Keyframes keyframes = Files.exists(keys) ? Keyframes.load(keys, replay, budget)
                    : Keyframes.every(Keyframes.DEFAULT_INTERVAL, budget);
            game = RtsGame.create(recorded, clock, false, Clock.system(), options.workers);
            long stop = options.stopAtNanos == null ? -1 : options.stopAtNanos;
            playback = ReplayPlayback.open(game, replay, clock, Clock.system(), keyframes, stop);
            if (options.seekNanos != null) {
                out.println(playback.seek(options.seekNanos));
            }
        } catch (ReplayFormatException | IllegalArgumentException | IllegalStateException e) {
            err.println("error: " + options.replay + ": " + ReplaySession.oneLine(e.getMessage()));
            close(playback, game);
            return ReplaySession.BAD_FILE;
        }
        WindowRequest request = new WindowRequest(options.fps, options.stopAtNanos == null ? -1 : options.stopAtNanos,
                options.offscreen, options.screenshots);
        ReplayPlayback shown = playback;
        ConsoleReader[] reader = new ConsoleReader[1];
        try {
            window.get().replay(playback, request, () -> reader[0] = ConsoleReader.start(shown.console(), in, out));
        } catch (WindowUnavailableException e) {
            out.println("window unavailable (" + e.getMessage() + "): replaying headless");
            close(playback, game);
            return null;
        } finally {
            if (reader[0] != null) {
                reader[0].close();
            }
        }
        return finish(options, playback, keys, replay, out, err);
    }

    private static int finish(Options options, ReplayPlayback playback, Path keys, Replay replay, PrintStream out,
                              PrintStream err) {
        try {
            out.println("replay shown to " + Durations.exactSeconds(playback.positionNanos()) + " of "
                    + Durations.exactSeconds(playback.endNanos()) + " (" + playback.keyframes().count()
                    + " keyframes every " + Durations.exactSeconds(playback.keyframes().interval().toNanos()) + ")");
            if (options.saveKeyframes) {
                try {
                    playback.keyframes().save(keys, replay);
                    out.println("keyframes saved: " + keys);
                } catch (IOException e) {
                    err.println("error: cannot write keyframes " + keys + ": " + e.getMessage());
                    return ReplaySession.BAD_FILE;
                }
            }
            String problem = playback.problem();
            if (problem != null) {
                out.println(problem);
            }
            if (options.printHash) {
                out.println("world-hash: " + StateHash.hex(playback.game().worldHash()));
            }
            return problem == null ? ReplaySession.MATCH : ReplaySession.DIVERGED;
        } finally {
            close(playback, playback.game());
        }
    }

    private static void close(ReplayPlayback playback, RtsGame game) {
        if (playback != null) {
            playback.close();
        }
        if (game != null) {
            game.loop().close();
        }
    }
}
