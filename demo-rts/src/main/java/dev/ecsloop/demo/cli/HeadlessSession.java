package dev.ecsloop.demo.cli;

import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.LiveKeyframes;
import dev.ecsloop.replay.RecordingCommands;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * A game without a window. The loop always runs on a {@link ManualClock}, fed either from real time (paced by
 * a {@link FramePacer} at {@code --fps}) or from a {@link FrameProfile} as fast as possible; owning the clock is
 * what lets the last frame end exactly at {@code --seconds}, so the final state, and its hash, depend on T and
 * the inputs only, never on how time was cut into frames.
 *
 * <p>Shows the {@link StatusLine} every real second (every simulated second under a profile): rewritten in place
 * on a terminal, as plain lines when piped, not at all with {@code --quiet} (see {@link StatusOutput}). Takes
 * console commands from standard input (and TCP if asked), and stops at T, on {@code quit}, when a base falls
 * (printing a line naming the winner and the world hash), or, without T, at the end of standard input.
 */
final class HeadlessSession {
    private static final long SECOND = 1_000_000_000L;

    private final Options options;
    private final PrintStream out;
    private final StatusOutput status;
    private final ManualClock clock = new ManualClock();
    private final RtsGame game;
    private final GameLoop loop;
    private final SaveSchedule saving;
    private volatile boolean quit;

    HeadlessSession(Options options, MatchSetup config, PrintStream out) {
        this(options, config, out, options.quiet ? StatusOutput.Mode.QUIET
                : out == System.out && System.console() != null ? StatusOutput.Mode.TERMINAL
                : StatusOutput.Mode.LINES);
    }

    /** @param mode how the status line shows; the terminal check is the caller's (tests choose it) */
    HeadlessSession(Options options, MatchSetup config, PrintStream out, StatusOutput.Mode mode) {
        this.options = options;
        this.status = new StatusOutput(out, mode);
        this.out = status.printer();
        // --record keeps replay keyframes as it goes (FILE.keys beside the replay), so the file seeks at once.
        int keyframes = options.record == null || options.net.active() ? 0 : options.keyframeBudget != null
                ? options.keyframeBudget : Keyframes.DEFAULT_BUDGET_MB;
        this.game = ConsoleRules.apply(RtsGame.create(config, clock, true, Clock.system(), options.workers,
                keyframes));
        this.loop = game.loop();
        this.saving = SaveSchedule.attach(options, game, this.out);
        game.console().register("quit", "quit", "ends the session (saving --record, printing --print-hash)",
                (args, reply) -> {
                    args.expectAtMost(0);
                    quit = true;
                    reply.accept("quitting at simulated time " + Durations.seconds(loop.simulatedNanos()));
                });
    }

    RtsGame game() {
        return game;
    }

    /**
     * Runs to the end, then saves the recording and prints the hash if asked. Ctrl-C or SIGTERM ends the run
     * like {@code quit} (see {@link ExitSaver}), so the recording is saved then too.
     *
     * @throws IOException if the console port cannot be opened or the replay not saved
     */
    int run(InputStream in) throws IOException {
        try {
            return runGame(in);
        } finally {
            // First of all, also on OutOfMemoryError: the worker threads would keep the game reachable, and the
            // caller needs the room to say what happened.
            game.loop().close();
        }
    }

    @SuppressWarnings("try")   // the exit saver is held only to be closed: it saves on Ctrl-C while the game runs
    private int runGame(InputStream in) throws IOException {
        ConsoleReader reader = ConsoleReader.start(game.console(), status.watch(in), out);
        ExitSaver saver = ExitSaver.install(game.console()); // also for a recording named by the console's 'record'
        try (dev.ecsloop.explorer.Explorer explorer = ExplorerOption.open(options, game, out)) {
            try (ConsoleServer server = options.consolePort == null ? null
                    : ConsoleServer.open(game.console(), options.consolePort,
                            options.consoleToken == null ? ConsoleServer.newToken() : options.consoleToken)) {
                if (server != null) {
                    out.println(consoleLine(server));
                }
                if (options.frameTimes != null) {
                    runProfile(options.frameTimes, reader);
                } else {
                    runRealTime(reader);
                }
            } finally {
                reader.close();
                status.finish();
            }
            boolean saved = saving.finish();
            finish(options, game, out);
            if (!saved) {
                return OneLineErrors.EXIT;
            }
        } finally {
            ExitSaver.close(saver);
        }
        return 0;
    }

    /** What a user needs to connect: where, and the first line to send. */
    static String consoleLine(ConsoleServer server) {
        return "console on " + server.address().getHostAddress() + ":" + server.port() + " (first line: token "
                + server.token() + ")";
    }

    /**
     * Writes what the console still owes (a file named by {@code record} and not yet written by {@code stop}),
     * saves {@code --record} and prints {@code --print-hash}, at the end of a session. On the loop thread. A
     * recording that cannot be written does not keep the hash from being printed: the error is thrown after it.
     *
     * @throws IOException naming the {@code --record} file, if it could not be written
     */
    static void finish(Options options, RtsGame game, PrintStream out) throws IOException {
        game.console().finish(out::println);
        IOException failed = null;
        if (options.record != null && RecordingCommands.stopped(game.recorder()) != null) {
            failed = new IOException("--record: " + options.record + " not written: "
                    + RecordingCommands.stopped(game.recorder()));
        } else if (options.record != null) {
            try {
                game.recorder().save(options.record);
                out.println("recorded " + game.recorder().records() + " records to " + options.record
                        + (game.recorder().isFull() ? " (the journal filled up: the recording ends where it did)"
                        : ""));
                LiveKeyframes keyframes = game.keyframes();
                if (keyframes != null) {
                    Path keys = keyframes.save(options.record);
                    out.println("keyframes saved: " + keys + " (" + keyframes.keyframes().count() + " every "
                            + Durations.exactSeconds(keyframes.keyframes().interval().toNanos()) + ", kept while "
                            + "recording)");
                }
            } catch (IOException e) {
                failed = new IOException("--record: cannot write " + options.record + ": "
                        + RecordTarget.reason(e), e);
            }
        }
        if (game.isOver()) {
            out.println(gameOverLine(game));
        }
        if (options.printHash) {
            out.println("world-hash: " + StateHash.hex(game.worldHash()));
        }
        if (failed != null) {
            throw failed;
        }
    }

    private void runProfile(FrameProfile frames, ConsoleReader reader) {
        long nextPrint = SECOND;
        while (true) {
            boolean inputEnded = !reader.isRunning();
            clock.advance(clip(frames.getAsLong()));
            game.frame();
            saving.poll();
            if (clock.nanoTime() >= nextPrint) {
                status.status(statusLine());
                nextPrint = (clock.nanoTime() / SECOND + 1) * SECOND;
            }
            if (done(inputEnded)) {
                return;
            }
        }
    }

    private void runRealTime(ConsoleReader reader) {
        Clock real = Clock.system();
        FramePacer pacer = new FramePacer(real, options.fps);
        FrameCapCommand.register(game.console(), pacer);
        LoopRunner runner = new LoopRunner(pacer);
        long[] last = {real.nanoTime()};
        long[] nextPrint = {last[0] + SECOND};
        runner.run(() -> {
            boolean inputEnded = !reader.isRunning();
            long now = real.nanoTime();
            clock.advance(clip(now - last[0]));
            last[0] = now;
            game.frame();
            saving.poll();
            if (now >= nextPrint[0]) {
                status.status(statusLine());
                nextPrint[0] = Math.max(nextPrint[0] + SECOND, now);
            }
            if (done(inputEnded)) {
                runner.stop();
            }
        });
    }

    private String statusLine() {
        return StatusLine.format(loop, game.unitCount(0), game.unitCount(1));
    }

    /**
     * A frame's real length, cut so that simulated time passes neither the stop time, the next save's nor the next
     * replay keyframe's.
     */
    private long clip(long frame) {
        long until = Math.min(Math.min(options.stopAtNanos == null ? Long.MAX_VALUE : options.stopAtNanos,
                saving.nextDue()), game.keyframeDueNanos());
        if (until == Long.MAX_VALUE || loop.isPaused()) {
            return frame;
        }
        long remaining = until - loop.simulatedNanos();
        double scale = loop.timeScale();
        long needed = scale == 1.0 ? remaining : (long) Math.ceil(remaining / scale);
        return Math.max(0, Math.min(frame, needed));
    }

    /** E.g. {@code game over: team 1 wins (world-hash 0123456789abcdef)}. */
    static String gameOverLine(RtsGame game) {
        int w = game.winner();
        String who = w == RtsGame.DRAW ? "a draw, both bases fell" : "team " + w + " wins";
        return "game over: " + who + " (world-hash " + StateHash.hex(game.worldHash()) + ")";
    }

    private boolean done(boolean inputEnded) {
        if (quit || game.isOver()) {
            return true;
        }
        if (options.stopAtNanos != null) {
            return loop.simulatedNanos() >= options.stopAtNanos;
        }
        return inputEnded;
    }
}
