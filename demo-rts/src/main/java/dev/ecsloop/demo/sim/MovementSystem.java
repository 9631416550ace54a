package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import dev.ecsloop.TickRate;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.path.Route;
import dev.ecsloop.demo.spatial.SpatialGrid;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

/**
 * Moves units: route following, chasing an enemy seen nearby, holding still to fight, and separation from
 * neighbours through a {@link SpatialGrid}. Owns every unit's {@link Transform2}, so the window draws units
 * blended at this system's alpha.
 *
 * <p>Invariant: a unit never stands in a blocked cell or outside the map. Each tick moves x, then y, and drops
 * an axis's step when it would end in a blocked cell (so units slide along walls); since units spawn on
 * walkable cells, they stay on them.
 *
 * <p>All units step from the positions they had when the tick began (a snapshot in {@link UnitArrays}), so the
 * order units are processed in does not matter. Facings use {@link FastAtan2}, plain float arithmetic, to be bit-identical everywhere.
 */
@TickRate(60)
public final class MovementSystem extends GameSystem {
    /** Units closer than this push each other apart (cells). */
    static final float SEPARATION = 0.6f;
    /** Neighbours that push one unit apart at most: in a dense crowd the nearest few matter, not everyone. */
    static final int NEIGHBOURS = 8;
    /** Separation push in cells per second per cell of overlap. */
    private static final float PUSH = 10f;
    /** Movement ticks on one cell while following a route before asking for a new one (2 s at 60 Hz). */
    static final int STUCK_TICKS = 120;

    private final GridMap map;
    private final SpatialGrid grid;
    private final UnitArrays arrays = new UnitArrays();
    /**
     * Per-chunk scratch: the separation push ({@code [0]}, {@code [1]}, as {@link SpatialGrid#separation} writes it)
     * and the desired velocity ({@link #DESIRED_X}, {@link #DESIRED_Y}). One array of {@link #SCRATCH}
     * floats per chunk, so that two threads on neighbouring chunks never write one cache line: with a few bytes
     * per chunk, side by side, they did for every unit, and 2 workers stepped barely faster than 1.
     */
    private float[][] scratch = new float[0][];
    private static final int SCRATCH = 32;
    private static final int DESIRED_X = 2;
    private static final int DESIRED_Y = 3;
    private final Chunk.Task step = this::step;
    @Wire
    private Parallel parallel;

    private ComponentMapper<Unit> units;
    private ComponentMapper<Mover> movers;
    private ComponentMapper<Weapon> weapons;
    private ComponentMapper<Transform2> transforms;

    MovementSystem(GridMap map, int capacity, Outcome outcome) {
        super(Aspect.all(Unit.class, Mover.class, Weapon.class, Transform2.class), outcome);
        this.map = map;
        this.grid = new SpatialGrid(map.width(), map.height(), 1f, capacity);
    }

    @Override
    protected void processSystem() {
        arrays.fill(getEntityIds(), transforms, units, parallel);
        grid.rebuild(arrays.count, arrays.xs, arrays.ys, parallel);
        int chunks = (arrays.count + Parallel.CHUNK_SIZE - 1) / Parallel.CHUNK_SIZE;
        if (scratch.length < chunks) {
            int old = scratch.length;
            scratch = java.util.Arrays.copyOf(scratch, Math.max(chunks, old * 2));
            for (int c = old; c < scratch.length; c++) {
                scratch[c] = new float[SCRATCH];
            }
        }
        parallel.forEach(arrays.ids, arrays.count, Parallel.CHUNK_SIZE, step);
    }

    /** One chunk of units: each reads the tick's snapshot arrays and writes only its own components. */
    private void step(Chunk chunk) {
        float[] s = scratch[chunk.index()];
        float dt = world.getDelta();
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int e = arrays.ids[i];
            float x = arrays.xs[i];
            float y = arrays.ys[i];
            Transform2 t = transforms.get(e);
            Mover m = movers.get(e);
            Weapon w = weapons.get(e);
            s[DESIRED_X] = 0f;
            s[DESIRED_Y] = 0f;
            float speed = units.get(e).speed;
            float angle = t.angle;
            int target = arrays.indexOf(w.target);
            int chase = arrays.indexOf(w.chase);
            if (target >= 0 && m.order != Mover.ORDER_MOVE) {
                angle = FastAtan2.atan2(arrays.ys[target] - y, arrays.xs[target] - x);
            } else if (chase >= 0 && m.order != Mover.ORDER_MOVE) {
                steerTo(s, x, y, arrays.xs[chase], arrays.ys[chase], speed);
            } else if (m.state == Mover.FOLLOWING) {
                follow(s, m, x, y, speed);
            }
            float vx = s[DESIRED_X];
            float vy = s[DESIRED_Y];
            if (vx != 0f || vy != 0f) {
                angle = FastAtan2.atan2(vy, vx);
            }
            grid.separation(x, y, SEPARATION, i, NEIGHBOURS, PUSH, s);
            vx += s[0];
            vy += s[1];
            float nx = x + vx * dt;
            if (map.isWalkableAt(nx, y)) {
                x = nx;
            }
            float ny = y + vy * dt;
            if (map.isWalkableAt(x, ny)) {
                y = ny;
            }
            t.position.set(x, y);
            t.angle = angle;
        }
    }

    /** Walks the route: arrive near the goal, else head for the next route cell, re-pathing when lost. */
    private void follow(float[] s, Mover m, float x, float y, float speed) {
        int cx = GridMap.cellCoord(x);
        int cy = GridMap.cellCoord(y);
        int cell = map.index(cx, cy);
        float gx = map.xOf(m.goalCell) + 0.5f - x;
        float gy = map.yOf(m.goalCell) + 0.5f - y;
        if (cell == m.goalCell || gx * gx + gy * gy <= m.arriveRadius * m.arriveRadius) {
            m.state = Mover.ARRIVED;
            m.waypoint = -1;
            return;
        }
        Route route = m.route;
        if (m.waypoint < 0 || m.waypoint == cell) {
            int next = route.nextCell(cell);
            m.waypoint = next >= 0 ? next : rejoin(route, cx, cy);
            if (m.waypoint < 0) {
                m.state = Mover.NEEDS_PATH; // pushed off a path, and no route cell next to us
                return;
            }
        }
        m.stuckTicks = cell == m.lastCell ? m.stuckTicks + 1 : 0;
        m.lastCell = cell;
        if (m.stuckTicks > STUCK_TICKS) {
            m.state = Mover.NEEDS_PATH;
            m.waypoint = -1;
            m.stuckTicks = 0;
            return;
        }
        steerTo(s, x, y, map.xOf(m.waypoint) + 0.5f, map.yOf(m.waypoint) + 0.5f, speed);
    }

    /** A neighbouring cell on the route reachable without cutting a corner, or -1; fixed scan order. */
    private int rejoin(Route route, int cx, int cy) {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if ((dx | dy) == 0 || !map.isWalkable(cx + dx, cy + dy)
                        || !map.isWalkable(cx + dx, cy) || !map.isWalkable(cx, cy + dy)) {
                    continue;
                }
                int n = map.index(cx + dx, cy + dy);
                if (n == route.goalCell() || route.nextCell(n) >= 0) {
                    return n;
                }
            }
        }
        return -1;
    }

    private static void steerTo(float[] s, float x, float y, float tx, float ty, float speed) {
        float dx = tx - x;
        float dy = ty - y;
        float d = (float) Math.sqrt(dx * dx + dy * dy);
        if (d > 1e-4f) {
            s[DESIRED_X] = dx * speed / d;
            s[DESIRED_Y] = dy * speed / d;
        }
    }
}
