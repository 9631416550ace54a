package dev.ecsloop.demo.sim;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.interpolate.InterpolationCommand;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.LiveKeyframes;
import dev.ecsloop.replay.RecordingCommands;
import dev.ecsloop.state.HashCommand;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import dev.ecsloop.trace.Trace;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The demo game as one object, for the window layer and the headless runner alike: a facade over the pieces that
 * do the work, each with one job. {@link MatchWorld} builds the world from the {@link MatchSetup} (map, systems in
 * {@link SimSystems}' order, loop, input, interpolation, armies); {@link PlayerOrders} knows the player's team and
 * where their orders go; {@link TeamCounters} reads how each team stands; {@link FrameViewFiller} fills what to
 * draw; {@link GameCommands} are the game's console commands. This class wires them, adds the console and
 * (optionally) a flight recorder, and runs frames.
 *
 * <p>Window use, once per frame on the loop thread:
 * <pre>{@code
 * RtsGame game = RtsGame.create(MatchSetup.defaults(seed), Clock.system(), true);
 * game.frame();                       // console commands, then due ticks and every-frame systems
 * game.snapshot(snapshot);            // interpolated units, selection and routes to draw
 * game.select(x0, y0, x1, y1); game.orderMove(x, y);   // mouse input, posted with the clock's time
 * }</pre>
 *
 * <p>The console has the loop built-ins, {@code interp}, {@code record}/{@code stop}/{@code replay} (with a
 * recorder), and the game's {@code select}, {@code move}, {@code attack} and {@code units}. A window adds
 * {@code fps} for its own pacer with {@code FrameCapCommand.register(console(), pacer)}.
 *
 * <p>Build order matters for replays: the recorder is attached at simulated time 0, before the configured
 * rates are applied, so those rate changes are journaled at time 0 and a replay rebuilt from {@link
 * MatchSetup#identity()} alone reapplies them. Like its loop, a game is confined to one thread.
 */
public final class RtsGame {
    /** The team the player orders unless a network match seats them elsewhere. */
    public static final int PLAYER_TEAM = PlayerOrders.DEFAULT_TEAM;
    /** Most pixels along the minimap's edge. */
    public static final int MINIMAP_SIDE = MatchWorld.MINIMAP_SIDE;
    /** {@link #winner()} while the game goes on. */
    public static final int NO_WINNER = Outcome.NONE;
    /** {@link #winner()} when both bases fell in the same tick. */
    public static final int DRAW = Outcome.DRAW;

    private final MatchWorld match;
    private final PlayerOrders player;
    private final TeamCounters counters;
    private final FrameViewFiller views;
    private final Console console;
    private Recorder recorder;
    private final StateHash hasher;
    private Snapshots snapshots;
    /** Replay keyframes kept while recording (a headless {@code --record}), or null. */
    private LiveKeyframes keyframes;
    private boolean networked;
    private Runnable beforeFrame = () -> { };
    private final java.util.ArrayList<Runnable> betweenFrames = new java.util.ArrayList<>();
    private Supplier<String> statusLine = () -> "";
    private Supplier<String> loopControlsRefusal = () -> null;
    private Supplier<String> stepRefusal = () -> null;
    /** Paces this game's frames, once a window or a headless run does; tells a network game its frames' spare. */
    private FramePacer pacer;

    private RtsGame(MatchSetup setup, Clock clock, boolean record, Clock profiler, int workers, int keyframeBudget,
                    BaseSystem... extra) {
        this.match = new MatchWorld(setup, clock, profiler, workers, extra);
        try {
            InputQueue inputs = match.inputs;
            this.player = new PlayerOrders((type, code, x, y, z, w) -> {
                inputs.post().set(type, code, x, y, z, w);
                return OrderSink.NEXT_TICK;
            }, match.system(MinimapSystem.class));
            this.counters = new TeamCounters(match.loop.world());
            this.views = new FrameViewFiller(match, player);
            this.console = Console.forLoop(match.loop);
            InterpolationCommand.register(console, match.interpolation);
            HashCommand.register(console, match.loop);
            GameCommands.register(console, this);
            // 'trace SECONDS FILE' for Perfetto, and the loop's JDK Flight Recorder events for JMC and IDE profilers
            // (a flag check per hook point until a recording enables them).
            Trace.addCommand(console, match.loop);
            Trace.flightRecorder(match.loop, true);
            this.recorder = record
                    ? Recorder.attach(match.loop, inputs, setup.identity(), Recorder.defaultHashInterval()) : null;
            // The keyframe at 0 is the fresh world, before the setup's rates (which the recorder journals at 0 and
            // a replay applies after it), as a replay's own keyframe at 0 is.
            this.keyframes = recorder != null && keyframeBudget > 0 ? LiveKeyframes.start(snapshots(), inputs,
                    Keyframes.DEFAULT_INTERVAL, keyframeBudget) : null;
            if (recorder != null) {
                // 'stop' and the end of the session write the keyframes beside a console-named recording too.
                // They follow the recorder in use: a load starts a new one from the loaded instant.
                RecordingCommands.register(console, match.loop, () -> recorder, () -> freshCopy(setup),
                        () -> keyframes);
            }
            match.applyRates();
            this.hasher = new StateHash(match.loop.world());
        } catch (RuntimeException | Error e) {
            match.loop.close(); // its worker threads would keep the half-built game reachable
            throw e;
        }
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}, with a flight recorder.
     *
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(MatchSetup setup, Clock clock) {
        return create(setup, clock, true);
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}.
     *
     * @param record whether to attach a {@link Recorder} (a replay run must not: the replayer drives the loop)
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(MatchSetup setup, Clock clock, boolean record) {
        return create(setup, clock, record, Clock.system());
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}, timing its systems with {@code profiler} (what
     * {@code LoopStats} reports): a benchmark on a shared machine passes the loop thread's CPU time.
     *
     * @param record   whether to attach a {@link Recorder}
     * @param profiler the clock system costs are measured with
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(MatchSetup setup, Clock clock, boolean record, Clock profiler) {
        return create(setup, clock, record, profiler, 1);
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}, whose parallel systems run on {@code workers} threads
     * (the loop thread counted). The simulation is the same at any worker count; only its speed changes.
     *
     * @param record   whether to attach a {@link Recorder}
     * @param profiler the clock system costs are measured with
     * @param workers  from 1 to 256
     * @throws IllegalArgumentException if a configured rate or {@code workers} is out of range
     */
    public static RtsGame create(MatchSetup setup, Clock clock, boolean record, Clock profiler, int workers) {
        return create(setup, clock, record, profiler, workers, 0);
    }

    /**
     * As {@link #create(MatchSetup, Clock, boolean, Clock, int)}, keeping replay keyframes while recording
     * ({@link #keyframes()}): one every {@link Keyframes#DEFAULT_INTERVAL} of simulated time that a frame ends on
     * ({@link #frame()} takes them), within the budget, so that the saved recording seeks without a replay pass.
     *
     * @param keyframeBudget the keyframes' budget in MB, 1 to {@link Keyframes#MAX_BUDGET_MB}, or 0 for none
     * @throws IllegalArgumentException if a rate, {@code workers} or the budget is out of range
     */
    public static RtsGame create(MatchSetup setup, Clock clock, boolean record, Clock profiler, int workers,
                                 int keyframeBudget) {
        return new RtsGame(Objects.requireNonNull(setup, "setup"), Objects.requireNonNull(clock, "clock"), record,
                Objects.requireNonNull(profiler, "profiler"), workers, keyframeBudget);
    }

    /**
     * A game with systems added after the game's own: for tests of what the snapshot check mode reports.
     */
    static RtsGame createWith(MatchSetup setup, Clock clock, BaseSystem... extra) {
        return new RtsGame(setup, clock, false, Clock.system(), 1, 0, extra);
    }

    /**
     * Captures and restores this game's simulation, exactly and in place (built on first use):
     * {@code snapshots().capture()} gives bytes, {@code snapshots().restore(bytes)} puts a game of the same
     * {@link MatchSetup#identity()} back to that instant, after which it goes on exactly as the captured one
     * (same ticks, same {@link #worldHash()}) under any frame split. {@code save(Path)} and {@code load(Path)}
     * do the same through a file; {@code check(other.snapshots(), span)} proves nothing is missing. Between
     * frames, on the loop's thread only.
     *
     * <p>What it holds: every entity and component, the loop's schedules and time, pending input, the state
     * each system declares (AI tasks, path queues, caches and searches under way, every unit's route, fog and
     * influence maps, counters) and the game's outcome. Not held: walk cycles and hit flashes (restored at
     * rest), the minimap picture and the window's camera (presentation), and the flight recorder, whose journal
     * still starts at time zero.
     *
     * @return the snapshots of this game
     */
    public Snapshots snapshots() {
        if (snapshots == null) {
            snapshots = Snapshots.builder(match.loop).setup(match.setup.identity()).input(match.inputs)
                    .state("demo-rts.outcome", match.outcome).codec(AnimationState.class, AnimationState.CODEC)
                    .build();
        }
        return snapshots;
    }

    /**
     * What the console's {@code replay} checks a recording against: this game rebuilt from its setup alone, with
     * its snapshots for a recording that starts from one (after a load).
     */
    private static ReplayTarget freshCopy(MatchSetup setup) {
        ManualClock clock = new ManualClock();
        RtsGame copy = create(setup.withRates(List.of()), clock, false);
        return new ReplayTarget(copy.loop(), clock, copy.inputs(), copy.snapshots());
    }

    /** Runs the console commands typed since the last frame, the before-frame hook, then one loop frame. */
    public void frame() {
        console.drain();
        beforeFrame();
        match.loop.frame();
        if (keyframes != null && !networked) {
            keyframes.poll(); // right after the frame, before the next commands and input: see LiveKeyframes
        }
    }

    /** @return the replay keyframes kept while recording, or null when none are kept */
    public LiveKeyframes keyframes() {
        return keyframes;
    }

    /** @return the next simulated instant a frame should end at for a keyframe, or {@link Long#MAX_VALUE} */
    public long keyframeDueNanos() {
        return keyframes == null || networked ? Long.MAX_VALUE : keyframes.nextDueNanos();
    }

    /**
     * Where this player's orders go and which team they command, instead of the local input queue: a network game
     * sends them to every peer, which post them at the same simulated instant.
     *
     * @param team the team this player commands
     * @param sink receives each order (select, move, attack) with the team in its code
     * @throws IllegalArgumentException if the team is not 0 or 1
     */
    public void playAs(int team, OrderSink sink) {
        player.playAs(team, sink);
        this.networked = true;
    }

    /** @return whether {@link #playAs} sent this game's orders elsewhere (a network match): it cannot restart alone */
    public boolean networked() {
        return networked;
    }

    /** @return the team this player commands */
    public int playerTeam() {
        return player.team();
    }

    /**
     * Runs before every frame, after the console: a network game takes in the other players' inputs there.
     *
     * @param hook what to run
     */
    public void onBeforeFrame(Runnable hook) {
        this.beforeFrame = Objects.requireNonNull(hook, "hook");
    }

    /**
     * Says what paces this game's frames, so that a network game can wait for a late batch within a frame's spare
     * time ({@link FramePacer#spareNanos()}) rather than draw a frame whose simulation stopped short.
     *
     * @param pacer the pacer of the loop that runs this game's frames
     */
    public void pacedBy(FramePacer pacer) {
        this.pacer = Objects.requireNonNull(pacer, "pacer");
    }

    /** @return how long the frame starting now may wait and still end on time; 0 before {@link #pacedBy} */
    public long frameSpareNanos() {
        return pacer == null ? 0 : pacer.spareNanos();
    }

    /**
     * An extra counters line for the window's overlay.
     *
     * @param line gives the current line; called once per drawn frame, so it should return a kept string
     */
    public void onStatusLine(Supplier<String> line) {
        this.statusLine = Objects.requireNonNull(line, "line");
    }

    /** @return the extra counters line, or the empty string */
    public String statusLine() {
        return statusLine.get();
    }

    /**
     * Why this player may not change the loop now (a network match's rule), for the window to grey its loop controls
     * out and say why; null while it may.
     *
     * @param why gives the one-line reason or null; called once per drawn frame, so it should return kept strings
     */
    public void onLoopControlsRefusal(Supplier<String> why) {
        this.loopControlsRefusal = Objects.requireNonNull(why, "why");
    }

    /** @return why this player may not change the loop now, or null while it may */
    public String loopControlsRefusal() {
        return loopControlsRefusal.get();
    }

    /**
     * Why this player may not single-step now (a network match refuses it to everyone), for the window to grey its
     * step out and say why; null while it may.
     *
     * @param why gives the one-line reason or null; called once per drawn frame, so it should return kept strings
     */
    public void onStepRefusal(Supplier<String> why) {
        this.stepRefusal = Objects.requireNonNull(why, "why");
    }

    /** @return why this player may not single-step now, or null while it may */
    public String stepRefusal() {
        return stepRefusal.get();
    }

    /**
     * Adds work that must run between frames, on the loop thread, before every frame (after the console): saves
     * due by simulated time. Runs before the {@link #onBeforeFrame} hook.
     *
     * @param work what to run
     */
    public void addBetweenFrames(Runnable work) {
        betweenFrames.add(Objects.requireNonNull(work, "work"));
    }

    /** Runs the between-frames work, then the before-frame hook; the window calls it before each of its frames. */
    public void beforeFrame() {
        for (int i = 0; i < betweenFrames.size(); i++) {
            betweenFrames.get(i).run();
        }
        beforeFrame.run();
    }

    /**
     * Fills {@code into} with what to draw now: units blended at the movement system's alpha, and the route cells
     * ahead of each selected unit (at most 64 per unit).
     *
     * @return {@code into}
     */
    public FrameView snapshot(FrameView into) {
        return views.fill(into);
    }

    /**
     * Posts a box selection of the player's units, corners in world coordinates, at the clock's time.
     *
     * @return the simulated time at which it is applied, or {@link OrderSink#NEXT_TICK}
     */
    public long select(float x0, float y0, float x1, float y1) {
        return player.select(x0, y0, x1, y1);
    }

    /** Posts a move order for the player's selection to world point {@code (x, y)}. */
    public void orderMove(float x, float y) {
        player.move(x, y);
    }

    /** Posts an attack-move order for the player's selection to world point {@code (x, y)}. */
    public void orderAttack(float x, float y) {
        player.attack(x, y);
    }

    /**
     * Who won: {@link #NO_WINNER} while the game goes on, else 0 or 1 (the team whose base still stands), or
     * {@link #DRAW}. Once decided the simulation stops, and the world (and its hash) stays as it ended.
     */
    public int winner() {
        return match.outcome.winner();
    }

    /** Whether a base has fallen. */
    public boolean isOver() {
        return match.outcome.over();
    }

    /** Credits in {@code team}'s bank, or 0 once its base has fallen. */
    public int credits(int team) {
        return counters.credits(team);
    }

    /** Credits harvesters of {@code team} have delivered since the start, or 0 once its base has fallen. */
    public int delivered(int team) {
        return counters.delivered(team);
    }

    /** Credits {@code team}'s factory has spent since the start, or 0 once its base has fallen. */
    public int spentCredits(int team) {
        return counters.spent(team);
    }

    /** Units {@code team}'s factory has built since the start, or 0 once its base has fallen. */
    public int produced(int team) {
        return counters.produced(team);
    }

    /** The hit points of {@code team}'s base over its maximum, in [0, 1]; 0 once fallen. */
    public float baseHealth(int team) {
        return counters.baseHealth(team);
    }

    /** The cell {@code team}'s base stands on (a flat map index); it never moves. */
    public int baseCell(int team) {
        return match.fields.baseCell(team);
    }

    /** The base entity of {@code team}, or -1 once it has fallen. */
    int baseOf(int team) {
        return counters.baseOf(team);
    }

    /** Living units of a team (harvesters included, bases not). */
    public int unitCount(int team) {
        return counters.unitCount(team);
    }

    /** Resource fields and base cells. */
    public ResourceFields resourceFields() {
        return match.fields;
    }

    /** What each team sees; the window draws the player's ({@link #playerTeam()}). */
    public FogOfWar fog() {
        return match.fog;
    }

    /** Each team's influence map, as the AI last read it. */
    public InfluenceMap influence() {
        return match.influence;
    }

    /** The minimap picture, refreshed at the minimap system's rate (newest only). */
    public Minimap minimap() {
        return match.minimap;
    }

    /** The world-state hash now (what {@code --print-hash} prints and replays check). */
    public long worldHash() {
        return hasher.hash();
    }

    /** @return the setup this game was built from */
    public MatchSetup setup() {
        return match.setup;
    }

    /** The terrain: {@link GridMap#isWalkable(int, int)} per cell, fixed for the whole game. */
    public GridMap map() {
        return match.map;
    }

    public GameLoop loop() {
        return match.loop;
    }

    public InputQueue inputs() {
        return match.inputs;
    }

    public Interpolation interpolation() {
        return match.interpolation;
    }

    public Console console() {
        return console;
    }

    /**
     * Starts a new flight recording from the game's current state (after a load or a lockstep catch-up): the
     * replay starts from a snapshot captured now, which a replay restores first. The recording made so far is
     * detached; the console's {@code record}, {@code stop} and {@code replay} follow the new one, and live
     * keyframes (kept from time 0) are dropped.
     *
     * @throws IllegalStateException if live input waits for its frame, or the game cannot be captured now
     */
    public void recordFromHere() {
        if (recorder != null) {
            recorder.detach();
        }
        keyframes = null;
        recorder = Recorder.attach(snapshots(), match.inputs, setup().identity(), Recorder.defaultHashInterval());
    }

    /** The flight recorder, or null if the game was built without one. */
    public Recorder recorder() {
        return recorder;
    }
}
