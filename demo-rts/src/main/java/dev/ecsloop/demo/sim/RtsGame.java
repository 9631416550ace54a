package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.interpolate.InterpolationCommand;
import dev.ecsloop.replay.RecordingCommands;
import dev.ecsloop.state.HashCommand;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.influence.InfluenceMap;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.util.Objects;
import org.joml.Vector2f;

/**
 * The demo game as one object, for the window layer and the headless runner alike: the map, the world with
 * its systems, the loop, timestamped input, interpolation, the console and (optionally) a flight recorder.
 *
 * <p>Window use, once per frame on the loop thread:
 * <pre>{@code
 * RtsGame game = RtsGame.create(GameConfig.defaults(seed), Clock.system(), true);
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
 * GameConfig#setup()} alone reapplies them. Like its loop, a game is confined to one thread.
 */
public final class RtsGame {
    /** The team the player orders. */
    public static final int PLAYER_TEAM = 0;
    /** Most pixels along the minimap's edge. */
    public static final int MINIMAP_SIDE = 128;

    private final GameConfig config;
    /** {@link #winner()} while the game goes on. */
    public static final int NO_WINNER = Outcome.NONE;
    /** {@link #winner()} when both bases fell in the same tick. */
    public static final int DRAW = Outcome.DRAW;

    private final GridMap map;
    private final ResourceFields fields;
    private final FogOfWar fog;
    private final InfluenceMap influence;
    private final Minimap minimap;
    private final Outcome outcome = new Outcome();
    private final GameLoop loop;
    private final InputQueue inputs;
    private final Interpolation interpolation;
    private final Console console;
    private final Recorder recorder;
    private final StateHash hasher;
    private final EntitySubscription unitSubscription;
    private final EntitySubscription projectileSubscription;
    private final EntitySubscription baseSubscription;
    private final ComponentMapper<Base> bases;
    private final ComponentMapper<Projectile> projectiles;
    private final ComponentMapper<Unit> units;
    private final ComponentMapper<Health> healths;
    private final ComponentMapper<Mover> movers;
    private final ComponentMapper<Selected> selected;
    private final ComponentMapper<AnimationState> looks;
    private final ComponentMapper<Transform2> transforms;
    private final Vector2f drawAt = new Vector2f();
    private int playerTeam = PLAYER_TEAM;
    private final MinimapSystem minimapSystem;
    private OrderSink orders;
    private boolean networked;
    private Runnable beforeFrame = () -> { };
    private java.util.function.Supplier<String> statusLine = () -> "";

    private RtsGame(GameConfig config, Clock clock, boolean record, Clock profiler) {
        this.config = config;
        this.map = MapGenerator.generate(config.mapSize(), config.mapSize(), config.seed());
        this.fields = new ResourceFields(map);
        this.fog = new FogOfWar(map);
        this.influence = new InfluenceMap(map.width(), map.height(), InfluenceSystem.SECTOR);
        this.minimap = new Minimap(map, Math.min(MINIMAP_SIDE, map.width()));
        int squadsPerTeam = Spawner.squadsPerTeam(config.units());
        int perTeam = (config.units() + 1) / 2;
        int capacity = config.units() + 2;
        OrdersSystem orders = new OrdersSystem(map, outcome);
        this.minimapSystem = new MinimapSystem(minimap, fog, fields, PLAYER_TEAM);
        this.loop = GameLoop.builder()
                .clock(clock)
                .profiler(profiler)
                .world(new WorldConfigurationBuilder().with(orders,
                        new EconomySystem(map, fields, new int[] {perTeam, config.units() - perTeam}, squadsPerTeam,
                                outcome),
                        new InfluenceSystem(influence, fog, outcome),
                        new AiSystem(map, influence, fields, squadsPerTeam, outcome),
                        new PathfindingSystem(map, config.pathBudget(), outcome),
                        new MovementSystem(map, capacity, outcome), new ProjectileSystem(outcome),
                        new FogSystem(fog, outcome), new CombatSystem(map, capacity, fog, outcome),
                        minimapSystem, new AnimationSystem()))
                .build();
        this.inputs = InputQueue.install(loop, OrdersSystem.class);
        orders.attach(inputs);
        this.orders = (type, code, x, y, z, w) -> inputs.post().set(type, code, x, y, z, w);
        this.interpolation = Interpolation.install(loop);
        World world = loop.world();
        Spawner.spawn(world, map, config, fields);
        this.console = Console.forLoop(loop);
        InterpolationCommand.register(console, interpolation);
        HashCommand.register(console, loop);
        GameCommands.register(console, this);
        this.recorder = record ? Recorder.attach(loop, inputs, config.setup(), Recorder.defaultHashInterval()) : null;
        if (recorder != null) {
            RecordingCommands.register(console, loop, recorder, () -> freshCopy(config));
        }
        for (RateSetting r : config.rates()) {
            loop.setRate(r.system(), r.hz());
        }
        this.hasher = new StateHash(world);
        this.unitSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Unit.class, Transform2.class));
        this.projectileSubscription = world.getAspectSubscriptionManager()
                .get(Aspect.all(Projectile.class, Transform2.class));
        this.baseSubscription = world.getAspectSubscriptionManager().get(Aspect.all(Base.class, Transform2.class));
        this.bases = world.getMapper(Base.class);
        this.projectiles = world.getMapper(Projectile.class);
        this.units = world.getMapper(Unit.class);
        this.healths = world.getMapper(Health.class);
        this.movers = world.getMapper(Mover.class);
        this.selected = world.getMapper(Selected.class);
        this.looks = world.getMapper(AnimationState.class);
        this.transforms = world.getMapper(Transform2.class);
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}, with a flight recorder.
     *
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(GameConfig config, Clock clock) {
        return create(config, clock, true);
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}.
     *
     * @param record whether to attach a {@link Recorder} (a replay run must not: the replayer drives the loop)
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(GameConfig config, Clock clock, boolean record) {
        return create(config, clock, record, Clock.system());
    }

    /**
     * Builds a game at simulated time 0 on {@code clock}, timing its systems with {@code profiler} (what
     * {@code LoopStats} reports): a benchmark on a shared machine passes the loop thread's CPU time.
     *
     * @param record   whether to attach a {@link Recorder}
     * @param profiler the clock system costs are measured with
     * @throws IllegalArgumentException if a configured rate is out of range
     */
    public static RtsGame create(GameConfig config, Clock clock, boolean record, Clock profiler) {
        return new RtsGame(Objects.requireNonNull(config, "config"), Objects.requireNonNull(clock, "clock"), record,
                Objects.requireNonNull(profiler, "profiler"));
    }

    /** What the console's {@code replay} checks a recording against: this game rebuilt from its setup alone. */
    private static ReplayTarget freshCopy(GameConfig config) {
        ManualClock clock = new ManualClock();
        RtsGame copy = create(config.withRates(java.util.List.of()), clock, false);
        return new ReplayTarget(copy.loop, clock, copy.inputs);
    }

    /** Runs the console commands typed since the last frame, the before-frame hook, then one loop frame. */
    public void frame() {
        console.drain();
        beforeFrame();
        loop.frame();
    }

    /**
     * Where this player's orders go and which team they command, instead of the local input queue: a network game
     * sends them to every peer, which post them at the same simulated instant.
     *
     * @param team the team this player commands
     * @param sink receives each order (select, move, attack) with the team in its code
     */
    public void playAs(int team, OrderSink sink) {
        if (team < 0 || team > 1) {
            throw new IllegalArgumentException("team must be 0 or 1, was " + team);
        }
        this.playerTeam = team;
        this.orders = Objects.requireNonNull(sink, "sink");
        this.networked = true;
        minimapSystem.viewAs(team);
    }

    /** @return whether {@link #playAs} sent this game's orders elsewhere (a network match): it cannot restart alone */
    public boolean networked() {
        return networked;
    }

    /** @return the team this player commands */
    public int playerTeam() {
        return playerTeam;
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
     * An extra counters line for the window's overlay.
     *
     * @param line gives the current line; called once per drawn frame, so it should return a kept string
     */
    public void onStatusLine(java.util.function.Supplier<String> line) {
        this.statusLine = Objects.requireNonNull(line, "line");
    }

    /** @return the extra counters line, or the empty string */
    public String statusLine() {
        return statusLine.get();
    }

    /** Runs the before-frame hook; the window calls it before each of its frames. */
    public void beforeFrame() {
        beforeFrame.run();
    }

    /**
     * Fills {@code into} with what to draw now: units blended at the movement system's alpha, and the route cells
     * ahead of each selected unit (at most 64 per unit).
     *
     * @return {@code into}
     */
    public FrameView snapshot(FrameView into) {
        IntBag all = unitSubscription.getEntities();
        int n = all.size();
        int[] ids = all.getData();
        into.ensureUnits(n);
        into.count = n;
        into.pathCellCount = 0;
        for (int i = 0; i < n; i++) {
            int e = ids[i];
            interpolation.positionOf(e, drawAt);
            into.entity[i] = e;
            into.x[i] = drawAt.x;
            into.y[i] = drawAt.y;
            into.angle[i] = interpolation.angleOf(e);
            Unit u = units.get(e);
            into.team[i] = u.team;
            into.kind[i] = u.kind;
            Health h = healths.get(e);
            into.health[i] = Math.max(0f, h.hp) / h.max;
            into.selected[i] = selected.has(e) && into.team[i] == playerTeam;
            AnimationState look = looks.get(e);
            into.walkPhase[i] = look.walkPhase;
            into.hitFlash[i] = look.hitFlash;
            into.routeStart[i] = into.pathCellCount;
            if (into.selected[i]) {
                addRoute(into, e);
            }
            into.routeLength[i] = into.pathCellCount - into.routeStart[i];
        }
        IntBag shots = projectileSubscription.getEntities();
        int p = shots.size();
        into.ensureProjectiles(p);
        into.projectileCount = p;
        for (int i = 0; i < p; i++) {
            int e = shots.get(i);
            interpolation.positionOf(e, drawAt);
            into.projectileX[i] = drawAt.x;
            into.projectileY[i] = drawAt.y;
            into.projectileTeam[i] = projectiles.get(e).team;
        }
        into.winner = outcome.winner();
        return into;
    }

    private void addRoute(FrameView into, int e) {
        Mover m = movers.get(e);
        if (m.route == null || m.state != Mover.FOLLOWING) {
            return;
        }
        Transform2 t = transforms.get(e);
        int cell = map.index(GridMap.cellCoord(t.position.x), GridMap.cellCoord(t.position.y));
        int next = m.waypoint >= 0 ? m.waypoint : m.route.nextCell(cell);
        for (int k = 0; k < 64 && next >= 0; k++) {
            into.addPathCell(next);
            next = m.route.nextCell(next);
        }
    }

    /** Posts a box selection of the player's units, corners in world coordinates, at the clock's time. */
    public void select(float x0, float y0, float x1, float y1) {
        orders.give(OrderEvents.SELECT, playerTeam, x0, y0, x1, y1);
    }

    /** Posts a move order for the player's selection to world point {@code (x, y)}. */
    public void orderMove(float x, float y) {
        orders.give(OrderEvents.MOVE, playerTeam, x, y, 0, 0);
    }

    /** Posts an attack-move order for the player's selection to world point {@code (x, y)}. */
    public void orderAttack(float x, float y) {
        orders.give(OrderEvents.ATTACK, playerTeam, x, y, 0, 0);
    }

    /**
     * Who won: {@link #NO_WINNER} while the game goes on, else 0 or 1 (the team whose base still stands), or
     * {@link #DRAW}. Once decided the simulation stops, and the world (and its hash) stays as it ended.
     */
    public int winner() {
        return outcome.winner();
    }

    /** Whether a base has fallen. */
    public boolean isOver() {
        return outcome.over();
    }

    /** Credits in {@code team}'s bank, or 0 once its base has fallen. */
    public int credits(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).credits;
    }

    /** Credits harvesters of {@code team} have delivered since the start, or 0 once its base has fallen. */
    public int delivered(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).delivered;
    }

    /** Credits {@code team}'s factory has spent since the start, or 0 once its base has fallen. */
    public int spentCredits(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).spent;
    }

    /** Units {@code team}'s factory has built since the start, or 0 once its base has fallen. */
    public int produced(int team) {
        int base = baseOf(team);
        return base < 0 ? 0 : bases.get(base).produced;
    }

    /** The hit points of {@code team}'s base over its maximum, in [0, 1]; 0 once fallen. */
    public float baseHealth(int team) {
        int base = baseOf(team);
        if (base < 0) {
            return 0f;
        }
        Health h = healths.get(base);
        return Math.max(0f, h.hp) / h.max;
    }

    /** The cell {@code team}'s base stands on (a flat map index); it never moves. */
    public int baseCell(int team) {
        return fields.baseCell(team);
    }

    /** The base entity of {@code team}, or -1 once it has fallen. */
    int baseOf(int team) {
        IntBag all = baseSubscription.getEntities();
        for (int i = 0; i < all.size(); i++) {
            if (bases.get(all.get(i)).team == team) {
                return all.get(i);
            }
        }
        return -1;
    }

    /** Resource fields and base cells. */
    public ResourceFields resourceFields() {
        return fields;
    }

    /** What each team sees; the window draws the player's ({@link #PLAYER_TEAM}). */
    public FogOfWar fog() {
        return fog;
    }

    /** Each team's influence map, as the AI last read it. */
    public InfluenceMap influence() {
        return influence;
    }

    /** The minimap picture, refreshed at the minimap system's rate (newest only). */
    public Minimap minimap() {
        return minimap;
    }

    /** Living units of a team (harvesters included, bases not). */
    public int unitCount(int team) {
        IntBag all = unitSubscription.getEntities();
        int n = 0;
        for (int i = 0; i < all.size(); i++) {
            Unit u = units.get(all.get(i));
            if (u.team == team && u.kind != Unit.BASE) {
                n++;
            }
        }
        return n;
    }

    /** The world-state hash now (what {@code --print-hash} prints and replays check). */
    public long worldHash() {
        return hasher.hash();
    }

    public GameConfig config() {
        return config;
    }

    /** The terrain: {@link GridMap#isWalkable(int, int)} per cell, fixed for the whole game. */
    public GridMap map() {
        return map;
    }

    public GameLoop loop() {
        return loop;
    }

    public InputQueue inputs() {
        return inputs;
    }

    public Interpolation interpolation() {
        return interpolation;
    }

    public Console console() {
        return console;
    }

    /** The flight recorder, or null if the game was built without one. */
    public Recorder recorder() {
        return recorder;
    }
}
