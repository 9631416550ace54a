package dev.ecsloop.lockstep;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One peer of a test match on its own thread, with its own manual clock and frame profile: builds the game, starts
 * the session, runs frames until the end turn (or a stop), giving its scripted orders when its simulation reaches
 * them. Everything that touches the loop happens on that thread; results are read after {@link #await}.
 */
final class TestPeer {

    static final int UNITS = 200;
    static final String GAME_SETUP = "lockstep-test units=" + UNITS + " seed=7";

    /** An order to give once the simulation reaches {@code atNanos}. */
    record Order(long atNanos, Command command) {
    }

    /** An order as given: the turn the simulation was in and the turn it was scheduled for. */
    record Given(Command command, long turn, long effectTurn) {
    }

    final String name;
    final LongSupplier frames;
    final List<Order> script = new ArrayList<>();
    final List<Given> given = new ArrayList<>();
    final List<String> reports = new ArrayList<>();
    final CountDownLatch finished = new CountDownLatch(1);
    long chaosFromNanos = -1;
    boolean keepDebt;
    long killAtNanos = -1;
    long freezeAtNanos = -1;
    boolean leaveAtEnd;
    /** Once this holds after the end, the peer leaves through its session ("match over at turn N"); null: never. */
    java.util.function.BooleanSupplier closeSessionWhen;
    /** The match's command rule for this peer's loop, or null for none. */
    java.util.function.Function<GameLoop, CommandFilter> filter;
    /** Resumes a match-wide pause after this many frames paused; -1 never. */
    int resumeAfterPausedFrames = -1;
    /** Frames this peer ran while its loop was paused. */
    int pausedFrames;
    /** The resume waits for this too (another peer's state, read across threads); always by default. */
    java.util.function.BooleanSupplier resumeWhen = () -> true;
    /** Counted down at this peer's first paused frame. */
    final CountDownLatch paused = new CountDownLatch(1);
    final CountDownLatch frozen = new CountDownLatch(1);

    // Results, written by the peer thread before it counts down 'finished'.
    volatile Throwable failure;
    LockstepSession session;
    List<CommandSystem.Seen> seen;
    long finalHash;
    long finalSimNanos;
    /** Whether the session had reached its end (its own, or the one the host said) when the peer stopped. */
    boolean ended;
    long firstChaosNanos = -1;
    Recorder recorder;
    java.nio.file.Path recordTo;
    /** A spectator's delay, or null. */
    Duration spectatorDelay;
    /** The peer's counters now and then, for a failure message. */
    volatile String status = "not started";
    private int framesRun;
    /** The most complete turns this peer held ahead of its simulation. */
    long maxLagTurns;
    /** Where desync diagnosis writes its snapshots; null: no diagnosis. */
    java.nio.file.Path diagnoseIn;
    ReplayResult replayed;
    /** Whether this peer (the host's player) serves rejoins. */
    boolean serveRejoins;
    /** The setup the snapshots this peer serves claim (a rogue host's); null: the match's. */
    String servedSetup;
    /** Holds the simulation (frames and polls go on) at an instant until a condition holds. */
    record Gate(long atNanos, java.util.function.BooleanSupplier open) {
    }
    final List<Gate> gates = new ArrayList<>();
    /** Counted down once a rejoined peer has caught up and plays live. */
    final CountDownLatch live = new CountDownLatch(1);
    /** Frames run while catching up after a rejoin. */
    int catchUpFrames;
    /** A rejoiner's delay budget right after its catch-up was restored, before any turn; -1 if it did not rejoin. */
    long restoredBudget = -1;

    TestPeer(String name, LongSupplier frames) {
        this.name = name;
        this.frames = frames;
    }

    /** Frames of a fixed length. */
    static LongSupplier steady(double ms) {
        long nanos = Math.round(ms * 1e6);
        return () -> nanos;
    }

    /** Frames uniform in [min, max] ms, seeded. */
    static LongSupplier jitter(double minMs, double maxMs, long seed) {
        Random r = new Random(seed);
        return () -> Math.round((minMs + r.nextDouble() * (maxMs - minMs)) * 1e6);
    }

    TestPeer command(double atSeconds, Command command) {
        script.add(new Order(Math.round(atSeconds * 1e9), command));
        return this;
    }

    TestPeer order(double atSeconds, int team, float x, float y) {
        script.add(new Order(Math.round(atSeconds * 1e9), new Command(1, team, x, y, 0, 0)));
        return this;
    }

    /** Starts the peer's thread on an already started link. */
    Thread start(PeerLink link, LockstepConfig config, long endTurn) {
        Thread t = new Thread(() -> run(link, config, endTurn), "peer-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The test game: its loop, input queue and the systems the test looks into. */
    record Game(GameLoop loop, InputQueue inputs, CommandSystem commands, ChaosSystem chaos) {
    }

    /** Builds the test game on {@code clock}, at simulated time 0, the same on every peer. */
    static Game build(ManualClock clock) {
        return build(clock, UNITS);
    }

    /** As {@link #build(ManualClock)}, with {@code units} bodies (the benchmark's larger world). */
    static Game build(ManualClock clock, int units) {
        CommandSystem commands = new CommandSystem();
        ChaosSystem chaos = new ChaosSystem();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(commands, new MoveSystem(), chaos))
                .build();
        commands.loop = loop;
        chaos.loop = loop;
        InputQueue inputs = InputQueue.install(loop, CommandSystem.class);
        commands.inputs = inputs;
        spawn(loop, units);
        return new Game(loop, inputs, commands, chaos);
    }

    private void run(PeerLink link, LockstepConfig config, long endTurn) {
        try {
            ManualClock clock = new ManualClock();
            Game game = build(clock);
            GameLoop loop = game.loop();
            InputQueue inputs = game.inputs();
            CommandSystem commands = game.commands();
            ChaosSystem chaos = game.chaos();
            chaos.fromNanos = chaosFromNanos;
            if (keepDebt) {
                loop.setDebtPolicy(dev.ecsloop.DebtPolicy.KEEP);
            }
            dev.ecsloop.snapshot.Snapshots snapshots = dev.ecsloop.snapshot.Snapshots.builder(loop)
                    .setup(servedSetup != null ? servedSetup : config.setup(GAME_SETUP)).input(inputs).build();
            if (link.rejoining()) {
                session = LateStart.rejoin(loop, inputs, link, config, snapshots, Duration.ofSeconds(20));
                restoredBudget = session.budgetNanos();
                if (recordTo != null) {
                    // A rejoiner records from the snapshot it received: its replay starts there.
                    recorder = Recorder.attach(snapshots, inputs, config.setup(GAME_SETUP), Duration.ofMillis(250));
                }
            } else {
                recorder = Recorder.attach(loop, inputs, config.setup(GAME_SETUP), Duration.ofMillis(250));
                session = ScriptedRoundTrip.start(loop, inputs, link, config);
            }
            if (serveRejoins) {
                session.serveRejoins(snapshots);
            }
            session.onReport(line -> reports.add(line));
            if (filter != null) {
                session.filter(filter.apply(loop));
            }
            if (endTurn >= 0) {
                session.endAt(endTurn); // otherwise it ends where the host says the match ended
            }
            int next = 0;
            if (spectatorDelay != null) {
                session.spectatorDelay(spectatorDelay);
            }
            if (diagnoseIn != null) {
                session.diagnose(dev.ecsloop.snapshot.Snapshots.builder(loop).setup(config.setup(GAME_SETUP))
                        .input(inputs).build(), diagnoseIn);
            }
            while (!session.ended() && (session.stopReason() == null || session.diagnosing())) {
                session.poll(TimeUnit.MILLISECONDS.toNanos(20));
                if (session.catchingUp()) {
                    catchUpFrames++;
                } else if (catchUpFrames > 0) {
                    live.countDown();
                }
                if (gated(loop.simulatedNanos())) {
                    session.poll(TimeUnit.MILLISECONDS.toNanos(5));
                    loop.frame(); // frames go on, simulated time stands
                    continue;
                }
                clock.advance(frames.getAsLong());
                loop.frame();
                maxLagTurns = Math.max(maxLagTurns, session.turnsHeld());
                if (++framesRun % 64 == 0) {
                    status = session.line() + ", " + session.turnsHeld() + " turns held, horizon "
                            + session.horizonNanos();
                }
                if (loop.isPaused()) {
                    paused.countDown();
                    if (++pausedFrames >= resumeAfterPausedFrames && resumeAfterPausedFrames >= 0
                            && resumeWhen.getAsBoolean()) {
                        session.resumeMatch();
                    }
                }
                while (next < script.size() && script.get(next).atNanos() <= loop.simulatedNanos()
                        && !session.catchingUp()) {
                    Command c = script.get(next++).command();
                    long turn = session.turn();
                    given.add(new Given(c, turn, session.submit(c)));
                }
                if (killAtNanos >= 0 && loop.simulatedNanos() >= killAtNanos) {
                    link.close();
                    break;
                }
                if (freezeAtNanos >= 0 && loop.simulatedNanos() >= freezeAtNanos) {
                    frozen.countDown();
                    break;
                }
            }
            if (leaveAtEnd) {
                link.close(); // like a player quitting the moment its match ends
            }
            if (closeSessionWhen != null && session.ended()) {
                while (!closeSessionWhen.getAsBoolean()) {
                    session.poll(TimeUnit.MILLISECONDS.toNanos(5));
                }
                session.close();
            }
            seen = List.copyOf(commands.seen);
            finalHash = new StateHash(loop.world()).hash();
            finalSimNanos = loop.simulatedNanos();
            ended = session.ended();
            firstChaosNanos = chaos.firstChaosNanos;
            if (recordTo != null && recorder != null) {
                recorder.save(recordTo);
                ManualClock replayClock = new ManualClock();
                Game copy = build(replayClock);
                dev.ecsloop.snapshot.Snapshots copySnapshots = dev.ecsloop.snapshot.Snapshots.builder(copy.loop())
                        .setup(config.setup(GAME_SETUP)).input(copy.inputs()).build();
                replayed = Replayer.play(Replay.read(recordTo), copySnapshots, replayClock, copy.inputs(),
                        steady(16.667));
            }
        } catch (Throwable e) {
            failure = e;
        } finally {
            finished.countDown();
        }
    }

    private boolean gated(long simNanos) {
        for (Gate g : gates) {
            if (simNanos >= g.atNanos() && !g.open().getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    static void spawn(GameLoop loop, int units) {
        Random r = new Random(7);
        for (int i = 0; i < units; i++) {
            Body b = loop.world().edit(loop.world().create()).create(Body.class);
            b.x = r.nextFloat() * 100;
            b.y = r.nextFloat() * 100;
            b.vx = r.nextFloat() - 0.5f;
            b.vy = r.nextFloat() - 0.5f;
            b.team = i % 4;
        }
    }

    /** Waits for the peer's thread to finish; rethrows its failure. */
    void await(Duration timeout) throws Exception {
        if (!finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not finish within " + timeout.toSeconds() + " s (" + status + ")");
        }
        if (failure != null) {
            throw new AssertionError(name + " failed: " + failure, failure);
        }
    }
}
