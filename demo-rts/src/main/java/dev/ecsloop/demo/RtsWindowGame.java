package dev.ecsloop.demo;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.sim.FrameView;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.demo.window.WindowGame;
import dev.ecsloop.interpolate.InterpolationMode;

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
    private final FrameView drawn = new FrameView();
    private GameWindow window;

    /**
     * @param game        the game to show
     * @param stopAtNanos simulated time at which to close the window, or -1 for never
     */
    RtsWindowGame(RtsGame game, long stopAtNanos) {
        this.game = game;
        this.stopAtNanos = stopAtNanos;
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
        return game.console();
    }

    @Override
    public void fill(RenderSnapshot into) {
        if (into.mapWidth() == 0) {
            setMap(into, game.map());
        }
        game.snapshot(drawn);
        int width = game.map().width();
        for (int i = 0; i < drawn.count; i++) {
            into.addUnit(drawn.x[i], drawn.y[i], drawn.angle[i], drawn.team[i], drawn.health[i], drawn.selected[i]);
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
        if (stopAtNanos >= 0 && game.loop().simulatedNanos() >= stopAtNanos && window != null) {
            window.requestClose();
        }
    }

    private static void setMap(RenderSnapshot into, GridMap map) {
        boolean[] blocked = new boolean[map.cellCount()];
        for (int i = 0; i < blocked.length; i++) {
            blocked[i] = !map.isWalkable(i);
        }
        into.setMap(map.width(), map.height(), blocked);
    }

    @Override
    public void onSelect(float x0, float y0, float x1, float y1) {
        game.select(x0, y0, x1, y1);
    }

    /** Attack when the click lands on an enemy (as last drawn), otherwise move there. */
    @Override
    public void onOrder(float x, float y) {
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
        game.beforeFrame();
    }

    @Override
    public String statusLine() {
        return game.statusLine();
    }

    @Override
    public void setInterpolation(InterpolationMode mode) {
        game.interpolation().setMode(mode);
    }

    @Override
    public InterpolationMode interpolation() {
        return game.interpolation().mode();
    }
}
