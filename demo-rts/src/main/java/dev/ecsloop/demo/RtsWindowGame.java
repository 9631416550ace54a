package dev.ecsloop.demo;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.economy.ResourceFields;
import dev.ecsloop.demo.fog.FogOfWar;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.minimap.Minimap;
import dev.ecsloop.demo.replay.ReplayPlayback;
import dev.ecsloop.demo.sim.FrameView;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.demo.window.ReplayControls;
import dev.ecsloop.demo.window.WindowGame;
import dev.ecsloop.demo.window.Standing;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;

import java.util.function.Consumer;

/**
 * The RTS as the window sees it: copies the game's interpolated {@link FrameView} into the window's own
 * snapshot each frame, and turns mouse gestures into the game's timestamped orders. The window layer knows
 * nothing of the simulation and the simulation nothing of the window; this class is the only place both meet.
 *
 * <p>Steady-state frames allocate nothing: both snapshots are reused and grow only when the unit count does.
 */
final class RtsWindowGame implements WindowGame {

    /** A right-click this close (in cells) to an enemy unit attacks it; farther away it is a move order. */
    static final float ATTACK_PICK_RADIUS = 1.5f;

    private final RtsGame game;
    private final long stopAtNanos;
    private final Consumer<RtsGame> prepare;
    private final FrameView drawn = new FrameView();
    private byte[] fogCells = new byte[0];
    private boolean fogOn = true;
    private GameWindow window;
    /** The recording this window plays, or null for a live game. */
    private final ReplayPlayback replay;
    private final ReplayControls controls;
    private String statusLine = "";
    private long statusAt = -1;
    private boolean statusPaused;

    /**
     * @param game        the game to show
     * @param stopAtNanos simulated time at which to close the window, or -1 for never
     */
    RtsWindowGame(RtsGame game, long stopAtNanos) {
        this(game, stopAtNanos, g -> { });
    }

    /**
     * @param game        the game to show
     * @param stopAtNanos simulated time at which to close the window, or -1 for never
     * @param prepare     run on each fresh game {@link #restart()} builds (the frame cap's {@code fps} command)
     */
    RtsWindowGame(RtsGame game, long stopAtNanos, Consumer<RtsGame> prepare) {
        this(game, stopAtNanos, prepare, null);
    }

    /**
     * A window that plays a recording: the playback drives the game (its manual clock, the recorded input) and
     * owns the console; the player's clicks order nothing, and there is no restart.
     *
     * @param replay      the playback
     * @param stopAtNanos simulated time at which to close the window, or -1 for never
     */
    static RtsWindowGame replaying(ReplayPlayback replay, long stopAtNanos) {
        return new RtsWindowGame(replay.game(), stopAtNanos, g -> { }, replay);
    }

    private RtsWindowGame(RtsGame game, long stopAtNanos, Consumer<RtsGame> prepare, ReplayPlayback replay) {
        this.game = game;
        this.stopAtNanos = stopAtNanos;
        this.prepare = prepare;
        this.replay = replay;
        this.controls = replay == null ? null : new Controls(replay);
        if (stopAtNanos >= 0 && !game.networked() && replay == null) {
            // Simulated time stops exactly at --seconds, as in a headless run, rather than at the end of the first
            // frame past it (whose ticks depend on how long that frame was): the window's --print-hash is then
            // the headless one for the same setup and orders. A lockstep session moves the horizon itself.
            game.loop().setHorizon(stopAtNanos);
        }
    }

    /** The window to close at the stop time; set once it is open. */
    void attach(GameWindow window) {
        this.window = window;
    }

    @Override
    public GameLoop loop() {
        return game.loop();
    }

    @Override
    public Console console() {
        return replay != null ? replay.console() : game.console();
    }

    @Override
    public ReplayControls replayControls() {
        return controls;
    }

    /** The scrubber's view of the playback. */
    private record Controls(ReplayPlayback p) implements ReplayControls {
        @Override
        public long positionNanos() {
            return p.positionNanos();
        }

        @Override
        public long stopNanos() {
            return p.stopNanos();
        }

        @Override
        public String seek(long simNanos) {
            return p.seek(simNanos);
        }

        @Override
        public boolean paused() {
            return p.paused();
        }

        @Override
        public void setPaused(boolean on) {
            p.setPaused(on);
        }
    }

    /**
     * Draws what the player sees: the map with resource fields, the fog of war from the player's team's side
     * (enemy units and projectiles outside its sight are left out), every unit in its kind's shape, projectiles,
     * the selected units' routes, and the game's own minimap picture.
     */
    @Override
    public void fill(RenderSnapshot into) {
        takeKeyframe();
        GridMap map = game.map();
        if (into.mapWidth() == 0) {
            setMap(into, map, game.resourceFields());
        }
        game.snapshot(drawn);
        into.setViewer(game.playerTeam());
        if (fogOn) {
            FogOfWar fog = game.fog();
            if (fogCells.length != map.cellCount()) {
                fogCells = new byte[map.cellCount()];
            }
            int w = map.width();
            for (int c = 0; c < fogCells.length; c++) {
                fogCells[c] = fog.visible(game.playerTeam(), c) ? RenderSnapshot.VISIBLE
                        : fog.explored(game.playerTeam(), c % w, c / w) ? RenderSnapshot.EXPLORED
                        : RenderSnapshot.UNEXPLORED;
            }
            into.setFog(fogCells);
        }
        Minimap minimap = game.minimap();
        into.setMinimap(minimap.pixels(), minimap.side(), minimap.renders());
        int width = map.width();
        for (int i = 0; i < drawn.count; i++) {
            if (drawn.team[i] != game.playerTeam() && !seen(drawn.x[i], drawn.y[i])) {
                continue;
            }
            into.addUnit(drawn.x[i], drawn.y[i], drawn.angle[i], drawn.team[i], drawn.health[i], drawn.selected[i],
                    kindOf(drawn.kind[i]));
            int length = drawn.routeLength[i];
            if (length > 0) {
                into.beginPath();
                into.pathPoint(drawn.x[i], drawn.y[i]);
                for (int k = drawn.routeStart[i], end = k + length; k < end; k++) {
                    int cell = drawn.pathCells[k];
                    into.pathPoint(cell % width + 0.5f, cell / width + 0.5f);
                }
            }
        }
        for (int i = 0; i < drawn.projectileCount; i++) {
            if (drawn.projectileTeam[i] == game.playerTeam() || seen(drawn.projectileX[i], drawn.projectileY[i])) {
                into.addProjectile(drawn.projectileX[i], drawn.projectileY[i], drawn.projectileTeam[i]);
            }
        }
        if (stopAtNanos >= 0 && game.loop().simulatedNanos() >= stopAtNanos && window != null) {
            window.requestClose();
        }
    }

    /** Whether the player sees a world point now (always, with the fog off). */
    private boolean seen(float x, float y) {
        return !fogOn || game.fog().visible(game.playerTeam(), GridMap.cellCoord(x), GridMap.cellCoord(y));
    }

    private static int kindOf(int kind) {
        return switch (kind) {
            case FrameView.ARCHER -> RenderSnapshot.ARCHER;
            case FrameView.HARVESTER -> RenderSnapshot.HARVESTER;
            case FrameView.BASE -> RenderSnapshot.BASE;
            default -> RenderSnapshot.SOLDIER;
        };
    }

    private static void setMap(RenderSnapshot into, GridMap map, ResourceFields fields) {
        boolean[] blocked = new boolean[map.cellCount()];
        for (int i = 0; i < blocked.length; i++) {
            blocked[i] = !map.isWalkable(i);
        }
        into.setMap(map.width(), map.height(), blocked);
        boolean[] resource = new boolean[map.cellCount()];
        for (int team = 0; team < 2; team++) {
            for (int k = 0; k < fields.cellCount(team); k++) {
                resource[fields.cell(team, k)] = true;
            }
        }
        into.setResources(resource);
    }

    @Override
    public boolean toggleFog() {
        fogOn = !fogOn;
        return fogOn;
    }

    @Override
    public void onSelect(float x0, float y0, float x1, float y1) {
        if (replay != null) {
            return; // a replay takes no orders: a selection is journaled input too
        }
        game.select(x0, y0, x1, y1);
    }

    /** Attack when the click lands on an enemy (as last drawn), otherwise move there. */
    @Override
    public void onOrder(float x, float y) {
        if (replay != null) {
            return;
        }
        if (enemyNear(x, y)) {
            game.orderAttack(x, y);
        } else {
            game.orderMove(x, y);
        }
    }

    boolean enemyNear(float x, float y) {
        float r2 = ATTACK_PICK_RADIUS * ATTACK_PICK_RADIUS;
        for (int i = 0; i < drawn.count; i++) {
            float dx = drawn.x[i] - x;
            float dy = drawn.y[i] - y;
            if (drawn.team[i] != game.playerTeam() && dx * dx + dy * dy <= r2) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void beforeFrame() {
        if (replay != null) {
            replay.beforeFrame();
            if (replay.takeNews() != null) {
                statusAt = -1; // the status line says why it stopped
            }
        } else {
            game.beforeFrame();
            if (game.keyframeDueNanos() != Long.MAX_VALUE) {
                // Held there for this frame only (fill lifts it): the frame ends on the keyframe's instant when it
                // reaches it, and the time it could not cover is dropped as time past the catch-up bound is.
                game.loop().setHorizon(Math.min(userHorizon(), game.keyframeDueNanos()));
            }
        }
    }

    /**
     * Right after the frame, before anything the next one brings (clicks, console lines, saves): puts back the
     * horizon {@code --seconds} set, then takes the recording's keyframe if the frame ended on its instant.
     */
    private void takeKeyframe() {
        if (replay != null || game.keyframeDueNanos() == Long.MAX_VALUE) {
            return;
        }
        if (userHorizon() == Long.MAX_VALUE) {
            game.loop().clearHorizon();
        } else {
            game.loop().setHorizon(userHorizon());
        }
        game.keyframes().poll();
    }

    private long userHorizon() {
        return stopAtNanos >= 0 ? stopAtNanos : Long.MAX_VALUE;
    }

    /** A live game's own rule; a replay's controls are the replay's own, never refused. */
    @Override
    public String loopControlsRefusal() {
        return replay == null ? game.loopControlsRefusal() : null;
    }

    /** A live game's own rule; a replay's step is its own, never refused. */
    @Override
    public String stepRefusal() {
        return replay == null ? game.stepRefusal() : null;
    }

    /** A live game's own line; a replay's position, state and end, rebuilt only when the tenth of a second moves. */
    @Override
    public String statusLine() {
        if (replay == null) {
            return game.statusLine();
        }
        long tenth = replay.positionNanos() / 100_000_000L;
        if (tenth != statusAt || replay.paused() != statusPaused) {
            statusAt = tenth;
            statusPaused = replay.paused();
            String problem = replay.problem();
            statusLine = "replay " + Durations.seconds(replay.positionNanos()) + " of "
                    + Durations.seconds(replay.endNanos()) + (problem != null ? ", stopped: " + problem
                    : replay.paused() ? ", paused" : ", playing");
        }
        return statusLine;
    }

    @Override
    public void setInterpolation(InterpolationMode mode) {
        game.interpolation().setMode(mode);
    }

    /** Decided once a base has fallen: won when the enemy's did, lost when the player's did, drawn when both. */
    @Override
    public Standing standing() {
        int winner = drawn.winner;
        if (winner == RtsGame.NO_WINNER) {
            return Standing.PLAYING;
        }
        return winner == RtsGame.DRAW ? Standing.DRAW : winner == game.playerTeam() ? Standing.WON : Standing.LOST;
    }

    /**
     * The same setup from simulated time 0, on the real clock, keeping the interpolation mode; this game's console
     * forwards to the fresh one's from now on (see {@link Console#forwardTo}). None in a network match, where a
     * fresh game alone would leave the match.
     */
    @Override
    public WindowGame restart() {
        if (game.networked() || replay != null) {
            return null;
        }
        RtsGame fresh = RtsGame.create(game.setup(), Clock.system(), game.recorder() != null, Clock.system(),
                game.loop().parallel().workers());
        fresh.interpolation().setMode(game.interpolation().mode());
        prepare.accept(fresh);
        // The terminal reader, the TCP server and the Ctrl-C hook were started on this game's console: its lines
        // now reach the fresh game's, or they would wait for a drain that never comes.
        game.console().forwardTo(fresh.console());
        RtsWindowGame next = new RtsWindowGame(fresh, -1, prepare);
        next.window = window;
        return next;
    }

    @Override
    public InterpolationMode interpolation() {
        return game.interpolation().mode();
    }
}
