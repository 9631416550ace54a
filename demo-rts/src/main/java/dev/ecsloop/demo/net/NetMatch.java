package dev.ecsloop.demo.net;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.demo.WindowLauncher;
import dev.ecsloop.demo.WindowRequest;
import dev.ecsloop.demo.WindowUnavailableException;
import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.OrderSink;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.lockstep.BuildId;
import dev.ecsloop.lockstep.Command;
import dev.ecsloop.lockstep.LateStart;
import dev.ecsloop.lockstep.LockstepConfig;
import dev.ecsloop.lockstep.LockstepSession;
import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One player's side of a network match: connects (hosting or joining), builds the game, starts the lockstep
 * session, then runs the window or, without one, a headless loop printing the counters and the session line (turn,
 * input delay, round trip) every second. Seat {@code s} commands team {@code s % 2} ({@link SeatTeams}: in a match
 * resumed under a new host, the team the player's name had).
 *
 * <p>The match ends for this player on {@code quit} (Ctrl-C too), at {@code --seconds}, or when it stops (a desync,
 * the host lost, this player dropped). Leaving, it tells the others why ("quit", "match over"). With
 * {@code --record} it saves this player's recording however the match ended, for a replay to bisect; without, it
 * writes no file. The loop's controls are match-wide ({@link MatchControls}); a player who comes into the match
 * under way does so through {@link MatchRejoin}.
 */
public final class NetMatch {
    /** Exit status of a match that stopped (desync, host lost) or could not start (refused, unreachable). */
    public static final int EXIT_STOPPED = 3;
    private static final long SECOND = 1_000_000_000L;
    /** Longest real wait for the peers' desync diagnosis once a match stopped. */
    static final int DIAGNOSIS_SECONDS = 10;

    private final NetFlags flags;
    private final NetRun run;
    private final PrintStream out;
    private final PrintStream err;
    private final Clock real = Clock.system();
    private final RtsGame game;
    private final GameLoop loop;
    private final LockstepConfig config;
    /** Which team each seat commands (by seat, or by name in a resumed match). */
    private final SeatTeams teams;
    /** This player's way into a match under way, if it comes in so. */
    private final MatchRejoin rejoin;
    private LockstepSession session;
    /** This player's host, when it hosts: it alone knows the spectators. */
    private LockstepHost host;
    private MatchControls controls;
    /** The spectator count this host last told the players; -1 before. */
    private int toldSpectators = -1;
    /** Real time the match stopped at, for the bounded wait of a desync diagnosis; -1 while it runs. */
    private long stoppedAt = -1;
    private long nextLine;
    /** Whether a match that starts paused was told so: after the first poll, which may take a relayed resume. */
    private boolean pauseToldAtStart;
    private String line = "";
    private volatile boolean quit;
    /** The snapshot a resumed match loads ({@code --load}), or null. */
    private byte[] resume;

    private NetMatch(NetFlags flags, NetRun run, PrintStream out, PrintStream err) {
        this.flags = flags;
        this.run = run;
        this.out = out;
        this.err = err;
        this.teams = flags.seats == null ? SeatTeams.BY_SEAT : new SeatTeams(List.copyOf(flags.seats));
        this.game = RtsGame.create(run.config(), real, true, real, run.workers());
        this.loop = game.loop();
        this.rejoin = new MatchRejoin(game, real, out);
        long turn = (flags.turnMs == null ? 50 : flags.turnMs) * 1_000_000L;
        NetFlags.DelayRange delay = flags.inputDelay == null ? new NetFlags.DelayRange(3, 3) : flags.inputDelay;
        LockstepConfig rules = new LockstepConfig(turn, Math.max(delay.floor(), Math.min(delay.ceiling(), 3)),
                (int) Math.max(1, SECOND / turn));
        this.config = delay.adaptive() ? rules.withAdaptiveDelay(delay.floor(), delay.ceiling())
                : rules.withInputDelay(delay.floor());
    }

    /**
     * Plays a match.
     *
     * @param flags  the network flags (checked with {@link NetFlags#conflict()} first)
     * @param run    the rest of the command line
     * @param in     console input (headless)
     * @param out    counters and reports
     * @param err    errors
     * @param window the window, if this build has one
     * @param env    environment lookup (the secret, the display)
     * @return 0 if the match ran to its end or quit, {@link #EXIT_STOPPED} if it stopped or could not start, 2 for
     *         a bad flag
     */
    public static int run(NetFlags flags, NetRun run, InputStream in, PrintStream out, PrintStream err,
                          Optional<WindowLauncher> window, Function<String, String> env) {
        String conflict = flags.conflict();
        if (conflict != null) {
            err.println("error: " + conflict);
            return 2;
        }
        String secret = flags.secret != null ? flags.secret : env.apply(NetFlags.SECRET_ENV);
        if (secret == null || secret.isEmpty()) {
            err.println("error: a network match needs --secret (or " + NetFlags.SECRET_ENV + ")");
            return 2;
        }
        String name = flags.name != null ? flags.name : "host";
        String badName = PeerSettings.checkName(name);
        if (badName != null) {
            err.println("error: --name: " + badName);
            return 2;
        }
        if (flags.seats != null && run.load() == null) {
            err.println("error: --seats is a resumed match's: it needs --load");
            return 2;
        }
        byte[] resume = null;
        if (run.load() != null) {
            try {
                resume = MatchResilience.read(run.load());
            } catch (SnapshotException e) {
                err.println("error: --load " + run.load() + ": " + e.getMessage());
                return 2;
            }
        }
        if (flags.diagnose != null) {
            try {
                java.nio.file.Files.createDirectories(flags.diagnose);
            } catch (IOException e) {
                err.println("error: --diagnose: cannot make the directory " + flags.diagnose + " ("
                        + e.getClass().getSimpleName() + ")");
                return 2;
            }
        }
        NetMatch match = new NetMatch(flags, run, out, err);
        match.resume = resume;
        if (resume != null) {
            try {
                out.println(SaveFiles.restore(match.game, resume, run.load().toString()));
            } catch (SnapshotException e) {
                err.println("error: --load " + run.load() + ": " + e.getMessage());
                return 2;
            }
            String passed = run.stopAtNanos() == null ? null
                    : secondsPassed(run.stopAtNanos(), match.loop.simulatedNanos(), match.config.turnNanos());
            if (passed != null) { // said before the match: nobody else joins a match this player would leave
                err.println("error: " + passed);
                return 2;
            }
        }
        PeerSettings settings = PeerSettings.of(name, secret, match.buildId(),
                match.config.setup(setup(run.config()) + (resume == null ? "" : MatchResilience.resumed(resume))
                        + match.teams.setup() + (flags.hostOnlyControls() ? " controls=host" : "")))
                .withNotices(out::println);
        LockstepHost host = null;
        PeerLink link;
        try {
            if (flags.hostPort != null) {
                InetAddress bind = flags.bind != null ? flags.bind : InetAddress.getLoopbackAddress();
                int players = flags.players == null ? 2 : flags.players;
                try {
                    host = LockstepHost.open(settings, bind, flags.hostPort, players, match.config);
                } catch (IOException e) { // "Address already in use" alone names neither the flag nor the port
                    throw new IOException("--host " + flags.hostPort + ": cannot listen on " + bind.getHostAddress()
                            + ":" + flags.hostPort + ": " + e.getMessage(), e);
                }
                host.onTurnedAway(new HostLog(out::println, dev.ecsloop.time.Clock.system()));
                if (resume != null) {
                    host.resumeAt(match.loop.simulatedNanos() / match.config.turnNanos());
                }
                match.host = host;
                int watchers = flags.waitSpectators == null ? 0 : flags.waitSpectators;
                int late = flags.lateJoin == null ? 0 : flags.lateJoin;
                host.startAfterSpectators(watchers);
                int awaited = players - 1 - late;
                boolean waits = awaited > 0 || watchers > 0;
                out.println("hosting on " + bind.getHostAddress() + ":" + host.port() + " as " + name
                        + (waits ? ": waiting for " + awaited + " more player(s)" : "")
                        + (watchers > 0 ? " and " + watchers + " spectator(s)" : "")
                        + (late > 0 ? (waits ? "; " : ": ") + late + " seat(s) open for late joiners" : ""));
                host.lateSeats(late); // may start the match at once: the host alone, the rest late
                link = host.awaitStart(Duration.ofHours(1));
            } else if (flags.spectate != null) {
                out.println("watching " + flags.spectate.host() + ":" + flags.spectate.port() + " as " + name);
                link = LockstepClient.spectate(settings, flags.spectate.host(), flags.spectate.port(),
                        Duration.ofHours(1));
            } else {
                out.println("joining " + flags.join.host() + ":" + flags.join.port() + " as " + name);
                match.rejoin.beforeJoin(flags.join, name);
                link = LockstepClient.join(settings, flags.join.host(), flags.join.port(), Duration.ofHours(1),
                        MatchResilience.tokens());
            }
        } catch (IOException | TimeoutException e) {
            if (host != null) {
                host.close();
            }
            err.println("error: " + e.getMessage());
            return EXIT_STOPPED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (host != null) {
                host.close();
            }
            return EXIT_STOPPED;
        }
        try (link) {
            return match.play(link, in, window, env);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return EXIT_STOPPED;
        }
    }

    /** The setup every player must share: the game's own and the rates applied from time zero. */
    static String setup(MatchSetup config) {
        StringBuilder s = new StringBuilder(config.identity());
        for (RateSetting r : config.rates()) {
            s.append(' ').append(r.system().getSimpleName()).append('=').append(r.hz());
        }
        return s.toString();
    }

    /** The code that decides the simulation: the game and its systems. */
    private String buildId() {
        Class<?>[] classes = new Class<?>[loop.systems().size() + 2];
        for (int i = 0; i < loop.systems().size(); i++) {
            classes[i] = loop.systems().get(i);
        }
        classes[classes.length - 2] = RtsGame.class;
        classes[classes.length - 1] = MatchSetup.class;
        return BuildId.of(classes);
    }

    private int play(PeerLink link, InputStream in, Optional<WindowLauncher> window, Function<String, String> env)
            throws IOException {
        startSession(link);
        session.coverLateFrames(); // a hitch of this machine's (a long frame, a pause) no longer stalls the others
        session.onReport(out::println);
        if (session.seat() == 0) {
            session.serveRejoins(game.snapshots());
        }
        if (session.seat() < 0 && flags.spectateDelay != null) {
            session.spectatorDelay(flags.spectateDelay);
        }
        if (flags.diagnose != null) {
            session.diagnose(game.snapshots(), flags.diagnose);
        }
        // The session's names, not the Start's: a late joiner's seat is renamed when it is taken, and its name decides
        // its team in a resumed match as in its own peer's view.
        controls = new MatchControls(loop, config.turnNanos(), session.names(), teams, flags.hostOnlyControls(),
                out::println);
        session.filter(controls);
        controls.install(game.console(), session);
        Runnable saved = run.exitGuard().apply(game.console());
        try {
            return playMatch(in, window, env);
        } finally {
            saved.run();
        }
    }

    /** A new match at time 0, a resumed one from {@code --load}, or this seat taken back in one under way. */
    private void startSession(PeerLink link) throws IOException {
        if (link.rejoining()) {
            session = rejoin.start(link, config);
        } else if (resume != null) {
            session = LateStart.resume(loop, game.inputs(), link, config);
        } else {
            session = LockstepSession.start(loop, game.inputs(), link, config);
        }
    }

    private int playMatch(InputStream in, Optional<WindowLauncher> window, Function<String, String> env)
            throws IOException {
        if (run.stopAtNanos() != null) {
            String passed = secondsPassed(run.stopAtNanos(), loop.simulatedNanos(), config.turnNanos());
            if (passed != null) { // joined the match under way past its end: no peer ends there
                err.println("error: " + passed);
                session.leave("its --seconds had passed");
                return 2;
            }
            session.endAt(endTurn(run.stopAtNanos(), config.turnNanos()));
        }
        int team = teams.team(session.names(), Math.max(0, session.seat()));
        boolean[] told = {false};
        game.playAs(team, session.seat() < 0 ? (type, code, x, y, z, w) -> {
            if (!told[0]) {
                told[0] = true;
                out.println(MatchControls.SPECTATOR);
            }
            return OrderSink.NEXT_TICK;
        } : (type, code, x, y, z, w) -> {
            long turn = session.submit(new Command(type, code, x, y, z, w));
            return turn < 0 ? OrderSink.NEXT_TICK : turn * config.turnNanos(); // applied at its turn's instant
        });
        game.onBeforeFrame(this::beforeFrame);
        game.onStatusLine(() -> line);
        game.onLoopControlsRefusal(() -> controls.loopRefusal(session.seat()));
        game.onStepRefusal(() -> MatchControls.STEP_REFUSED);
        game.console().register("net", "net", "the network match: turn, input delay, round trip, players",
                (args, reply) -> {
                    args.expectAtMost(0);
                    reply.accept(matchLine() + "  players " + players());
                });
        out.println("match started: " + players() + (session.seat() < 0
                ? "; you watch" + (flags.spectateDelay == null || flags.spectateDelay.isZero() ? ""
                : ", " + Durations.exactSeconds(flags.spectateDelay.toNanos()) + " behind")
                : "; you are " + session.names().get(session.seat()) + " (seat " + session.seat()
                + ") commanding team " + team));
        if (!controls.mayControl(session.seat())) {
            out.println("the host alone changes the loop in this match (--controls host): rate, phase, timescale, "
                    + "pause and resume are the host's");
        }
        boolean windowed = false;
        if (!run.headless() && window.isPresent() && (run.offscreen() || env.apply("DISPLAY") != null
                || env.apply("WAYLAND_DISPLAY") != null)) {
            ConsoleReader[] reader = new ConsoleReader[1];
            try {
                window.get().run(game, new WindowRequest(run.fps(), run.stopAtNanos() == null ? -1
                        : config.turnNanos() * endTurn(run.stopAtNanos(), config.turnNanos()), run.offscreen(),
                        run.screenshots()),
                        () -> reader[0] = ConsoleReader.start(game.console(), in, out));
                windowed = true;
            } catch (WindowUnavailableException e) {
                out.println("window unavailable (" + e.getMessage() + "): running headless");
            } finally {
                if (reader[0] != null) {
                    reader[0].close();
                }
            }
        }
        if (!windowed) {
            runHeadless(in);
        }
        return finish();
    }

    /**
     * Before every frame: the others' inputs in (a batch that would stop the frame short is waited for within the
     * frame's spare time), the horizon moved; the counters line four times a second.
     */
    private void beforeFrame() {
        long now = real.nanoTime();
        try {
            session.poll(game.frameSpareNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the loop's runner stops on it
        }
        rejoin.polled(session, now);
        if (!pauseToldAtStart) {
            // After the first poll: a rejoiner takes what was relayed during its transfer there, a resume included
            pauseToldAtStart = true;
            if (session.pausedByMatch()) {
                out.println("the match is paused at turn " + session.turn() + ": " + (flags.hostOnlyControls()
                        ? "the host's" : "a player's") + " 'resume' ends it");
            }
        }
        if (host != null && host.spectators() != toldSpectators && session.stopReason() == null) {
            toldSpectators = host.spectators();
            controls.announceSpectators(toldSpectators);
        }
        if (now >= nextLine) {
            line = matchLine();
            nextLine = now + SECOND / 4;
        }
    }

    private void runHeadless(InputStream in) {
        game.console().register("quit", "quit", "leaves the match (saving --record, printing --print-hash)",
                (args, reply) -> {
                    args.expectAtMost(0);
                    quit = true;
                    reply.accept("leaving at turn " + session.turn());
                });
        ConsoleReader reader = ConsoleReader.start(game.console(), in, out);
        try {
            FramePacer pacer = new FramePacer(real, run.fps());
            game.pacedBy(pacer);
            FrameCapCommand.register(game.console(), pacer); // as a solo headless game and the window have it
            LoopRunner runner = new LoopRunner(pacer);
            long[] nextPrint = {real.nanoTime() + SECOND};
            runner.run(() -> {
                game.frame();
                long now = real.nanoTime();
                if (now >= nextPrint[0]) {
                    if (run.counters() != null) {
                        out.println(run.counters().apply(game) + " | " + matchLine());
                    }
                    nextPrint[0] = Math.max(nextPrint[0] + SECOND, now);
                }
                if (quit || session.ended() || session.stopReason() != null && !diagnosing(now)) {
                    runner.stop();
                }
            });
        } finally {
            reader.close();
        }
    }

    /**
     * @param stopAtNanos the simulated time {@code --seconds} asks to end at
     * @param turnNanos   the turn length
     * @return the turn the match ends at: the first whose instant is at or past it
     */
    static long endTurn(long stopAtNanos, long turnNanos) {
        return (stopAtNanos + turnNanos - 1) / turnNanos;
    }

    /**
     * @param stopAtNanos the simulated time {@code --seconds} asks to end at (the match ends at {@link #endTurn})
     * @param simNanos    where this player's simulation stands: a loaded snapshot, a catch-up
     * @param turnNanos   the turn length
     * @return why that end has passed (one line, naming the flag), or null if it has not
     */
    static String secondsPassed(long stopAtNanos, long simNanos, long turnNanos) {
        if (simNanos <= endTurn(stopAtNanos, turnNanos) * turnNanos) {
            return null;
        }
        return "--seconds: the match is at " + Durations.seconds(simNanos) + " (turn " + simNanos / turnNanos
                + "), past the " + Durations.exactSeconds(stopAtNanos) + " asked; give more, or leave --seconds out";
    }

    /**
     * @return the players by seat, each that left marked so (an open seat's name says it is open; this player's own
     *         seat plays, even while it catches up)
     */
    private String players() {
        StringBuilder all = new StringBuilder();
        List<String> names = session.names();
        for (int s = 0; s < names.size(); s++) {
            all.append(s == 0 ? "" : ", ").append(names.get(s)).append(s == session.seat() || session.playing(s)
                    || session.open(s) ? "" : " (left)"); // own seat: catching up
        }
        return all.toString();
    }

    /** The session's counters line, with the spectators (as the host said) and a spectator's lag. */
    private String matchLine() {
        return session.line() + (controls.spectators() > 0 ? "  spectators " + controls.spectators() : "")
                + (session.seat() < 0 ? "  watching" + (session.turnsHeld() > 0 ? ", " + session.turnsHeld()
                + " turns behind" : "") : "") + (flags.hostOnlyControls() ? "  loop: host only" : "");
    }

    /**
     * Whether a stopped match still diagnoses its desync with the others: at most {@value #DIAGNOSIS_SECONDS} s,
     * since a rogue peer can stop a match and never answer.
     */
    private boolean diagnosing(long now) {
        if (stoppedAt < 0) {
            stoppedAt = now;
        }
        return session.diagnosing() && now - stoppedAt < DIAGNOSIS_SECONDS * SECOND;
    }

    /** Leaves (telling the others why), then saves and prints what this player owes. The stop was reported. */
    private int finish() throws IOException {
        if (session.ended()) {
            out.println("match over at turn " + session.turn() + " (simulated "
                    + Durations.exactSeconds(loop.simulatedNanos()) + ")");
        }
        session.close();
        if (flags.join != null && (session.ended() || session.desync() != null || session.hostLost())) {
            // the match is over for everyone: no seat to take back. A player that quit or was dropped keeps its
            // token, so that the same command takes the seat back while the others play on.
            MatchResilience.tokens().forget(flags.join.host(), flags.join.port(), session.names().get(session.seat()));
        }
        // Only a file the player asked for (--record, or the console's record): nothing lands in the working
        // directory unasked.
        Path file = rejoin.recording(run.record());
        if (session.stopReason() != null && file == null && !session.hostLost() && !session.dropped()
                && !rejoin.rejoined()) {
            out.println("no --record: no replay saved to bisect it"); // the stop itself was reported once
        }
        game.console().finish(out::println);
        IOException failed = null;
        if (file != null) {
            try {
                game.recorder().save(file);
                out.println("recorded " + game.recorder().records() + " records to " + file + " (replay: --replay "
                        + file + ")");
            } catch (IOException e) {
                failed = new IOException("--record: cannot write " + file + ": " + e.getMessage(), e);
            }
        }
        if (session.hostLost() && session.seat() >= 0) { // a spectator has nothing to resume
            MatchResilience.hostLost(game, session, teams, failed == null ? file : null, out);
        }
        if (run.printHash()) {
            out.println("world-hash: " + StateHash.hex(game.worldHash()));
        }
        if (failed != null) {
            throw failed; // after the hash: a recording that cannot be written does not hide the result
        }
        return session.stopReason() != null ? EXIT_STOPPED : 0;
    }
}
