package dev.ecsloop.demo.fog;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import dev.ecsloop.demo.map.GridMap;
import java.util.Arrays;

/**
 * What each team sees: per team and cell, whether one of its units saw the cell at the last update
 * ("visible") and whether any ever did ("explored").
 *
 * <p>An update is {@link #begin(int)} followed by one {@link #reveal} per unit of that team. Visibility is kept
 * as a stamp per cell rather than a flag, so beginning an update is O(1): a cell is visible when its stamp
 * equals the team's current one. Each reveal fills a disc row by row with {@link Arrays#fill}, so its cost is
 * the disc's area, about {@code pi r^2} cell writes per unit: the honest cost of fog of war, and the reason
 * a game updates it a few times a second rather than every physics tick.
 *
 * <p>{@link #revealInSight} is the game's reveal: rock blocks sight. Each cell of the disc is seen when the cell
 * one step nearer the viewer on the line towards it is seen and is open ground; past rock, only more rock is
 * seen (a rock mass shows its shape, but the ground and units behind it stay hidden). Cells are visited nearest
 * first from a table built once per radius, so a reveal costs a few operations per cell of the disc and no
 * trigonometry. That is the load a real RTS fog carries.
 *
 * <p>Invariant: between two updates of a team, {@link #visible} answers from the positions of the last
 * update only. Everything is integer arithmetic.
 */
public final class FogOfWar {
    /** Largest sight radius in cells a reveal accepts. */
    public static final int MAX_RADIUS = 32;

    private final int width;
    private final int height;
    private final int[][] stamp;
    private final boolean[][] explored;
    /** The stamp of each team's current update; cells start at 0, so nothing is visible before the first. */
    private final int[] current = {1, 1};
    /** Half-width of the disc of radius r at row offset dy: {@code halfWidth[r][|dy|]}. */
    private final int[][] halfWidth = new int[MAX_RADIUS + 1][];
    /** Rock per cell (row-major), or null for an open field. */
    private final boolean[] opaque;
    /** Per radius, built on first use: disc offsets nearest first, and each one's parent index (or -1). */
    private final int[][] rayDx = new int[MAX_RADIUS + 1][];
    private final int[][] rayDy = new int[MAX_RADIUS + 1][];
    private final int[][] rayParent = new int[MAX_RADIUS + 1][];
    /** Per disc offset during a reveal: light reaches nothing beyond it, anything, or only more rock. */
    private byte[] lit = new byte[1];
    private static final byte DARK = 0;
    private static final byte CLEAR = 1;
    private static final byte INTO_ROCK = 2;

    /** Fog over {@code map}, where rock blocks sight for {@link #revealInSight}. */
    public FogOfWar(GridMap map) {
        this(map.width(), map.height(), opacity(map));
    }

    private static boolean[] opacity(GridMap map) {
        boolean[] rock = new boolean[map.cellCount()];
        for (int i = 0; i < rock.length; i++) {
            rock[i] = !map.isWalkable(i);
        }
        return rock;
    }

    /**
     * @param width  map width in cells
     * @param height map height in cells
     * @throws IllegalArgumentException if a size is not positive
     */
    public FogOfWar(int width, int height) {
        this(width, height, null);
    }

    private FogOfWar(int width, int height, boolean[] opaque) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("fog size must be positive, was " + width + " x " + height);
        }
        this.width = width;
        this.height = height;
        this.opaque = opaque;
        this.stamp = new int[][] {new int[width * height], new int[width * height]};
        this.explored = new boolean[][] {new boolean[width * height], new boolean[width * height]};
        for (int r = 0; r <= MAX_RADIUS; r++) {
            halfWidth[r] = new int[r + 1];
            for (int dy = 0; dy <= r; dy++) {
                int w = 0;
                while ((w + 1) * (w + 1) + dy * dy <= r * r) {
                    w++;
                }
                halfWidth[r][dy] = w;
            }
        }
    }

    /**
     * Starts a new update of {@code team}: nothing is visible to it until cells are revealed again.
     *
     * @param team 0 or 1
     */
    public void begin(int team) {
        current[team]++;
        if (current[team] == 0) { // wrapped after 2^32 updates: old stamps could alias, so wipe them
            Arrays.fill(stamp[team], 0);
            current[team] = 1;
        }
    }

    /**
     * Marks visible and explored for {@code team} every cell whose centre offset from cell {@code (cx, cy)} is
     * within {@code radius} cells (integer offsets, {@code dx^2 + dy^2 <= r^2}), clipped to the map.
     *
     * @param team   0 or 1
     * @param cx     the seeing unit's cell column (may lie off the map: clipped)
     * @param cy     its cell row
     * @param radius sight in cells, clamped to [0, {@link #MAX_RADIUS}]
     */
    public void reveal(int team, int cx, int cy, int radius) {
        int r = Math.max(0, Math.min(MAX_RADIUS, radius));
        int[] cells = stamp[team];
        boolean[] seen = explored[team];
        int s = current[team];
        int[] hw = halfWidth[r];
        for (int dy = -r; dy <= r; dy++) {
            int y = cy + dy;
            if (y < 0 || y >= height) {
                continue;
            }
            int w = hw[Math.abs(dy)];
            int x0 = Math.max(0, cx - w);
            int x1 = Math.min(width - 1, cx + w);
            if (x0 > x1) {
                continue;
            }
            int row = y * width;
            Arrays.fill(cells, row + x0, row + x1 + 1, s);
            Arrays.fill(seen, row + x0, row + x1 + 1, true);
        }
    }

    /**
     * Like {@link #reveal} but rock blocks sight (see the class comment); on an open-field fog, the same as
     * {@link #reveal}.
     *
     * @param team   0 or 1
     * @param cx     the seeing unit's cell column
     * @param cy     its cell row
     * @param radius sight in cells, clamped to [0, {@link #MAX_RADIUS}]
     */
    public void revealInSight(int team, int cx, int cy, int radius) {
        int r = Math.max(0, Math.min(MAX_RADIUS, radius));
        if (opaque != null && rayDx[r] == null) {
            buildRays(r);
        }
        revealInSight(team, cx, cy, radius, lit);
    }

    /**
     * Builds the sight rays of every radius, so that {@link #revealInSight(int, int, int, int, byte[])} may run on
     * several threads at once; idempotent.
     *
     * @return a scratch array long enough for any radius, one per thread that reveals
     */
    public byte[] prepareSight() {
        if (opaque != null) {
            for (int r = 0; r <= MAX_RADIUS; r++) {
                if (rayDx[r] == null) {
                    buildRays(r);
                }
            }
        }
        return new byte[lit.length];
    }

    /**
     * {@link #revealInSight(int, int, int, int)} with the caller's scratch, after {@link #prepareSight()}: threads
     * revealing at once with their own scratch only ever write the same values (this update's stamp, explored),
     * so the result does not depend on their order.
     *
     * @param team   0 or 1
     * @param cx     the seeing unit's cell column
     * @param cy     its cell row
     * @param radius sight in cells, clamped to [0, {@link #MAX_RADIUS}]
     * @param lit    scratch from {@link #prepareSight()}
     */
    public void revealInSight(int team, int cx, int cy, int radius, byte[] lit) {
        if (opaque == null) {
            reveal(team, cx, cy, radius);
            return;
        }
        int r = Math.max(0, Math.min(MAX_RADIUS, radius));
        int[] dxs = rayDx[r];
        int[] dys = rayDy[r];
        int[] parent = rayParent[r];
        int[] cells = stamp[team];
        boolean[] seen = explored[team];
        int s = current[team];
        byte[] on = lit;
        for (int k = 0, n = dxs.length; k < n; k++) {
            int x = cx + dxs[k];
            int y = cy + dys[k];
            int p = parent[k];
            byte from = p < 0 ? CLEAR : on[p];
            if (from == DARK || x < 0 || y < 0 || x >= width || y >= height) {
                on[k] = DARK;
                continue;
            }
            int cell = y * width + x;
            boolean rock = opaque[cell];
            if (from == INTO_ROCK && !rock) {
                on[k] = DARK; // ground behind rock stays hidden
                continue;
            }
            // Read before writing: a line both threads only read stays shared between their caches, where
            // writing the value it already holds would bounce it between them (dense armies overlap sight).
            if (cells[cell] != s) {
                cells[cell] = s;
            }
            if (!seen[cell]) {
                seen[cell] = true;
            }
            on[k] = rock ? INTO_ROCK : CLEAR;
        }
    }

    /** The offsets of the disc of radius r, nearest (Chebyshev, then Euclid, then row, column) first. */
    private void buildRays(int r) {
        int n = 0;
        int[][] offsets = new int[(2 * r + 1) * (2 * r + 1)][];
        for (int dy = -r; dy <= r; dy++) {
            for (int dx = -r; dx <= r; dx++) {
                if (dx * dx + dy * dy <= r * r) {
                    offsets[n++] = new int[] {dx, dy};
                }
            }
        }
        offsets = Arrays.copyOf(offsets, n);
        Arrays.sort(offsets, (a, b) -> {
            int ca = Math.max(Math.abs(a[0]), Math.abs(a[1]));
            int cb = Math.max(Math.abs(b[0]), Math.abs(b[1]));
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            int ea = a[0] * a[0] + a[1] * a[1];
            int eb = b[0] * b[0] + b[1] * b[1];
            return ea != eb ? Integer.compare(ea, eb) : a[1] != b[1] ? Integer.compare(a[1], b[1])
                    : Integer.compare(a[0], b[0]);
        });
        int side = 2 * r + 1;
        int[] indexOf = new int[side * side];
        int[] dxs = new int[n];
        int[] dys = new int[n];
        int[] parent = new int[n];
        for (int k = 0; k < n; k++) {
            dxs[k] = offsets[k][0];
            dys[k] = offsets[k][1];
            indexOf[(dys[k] + r) * side + dxs[k] + r] = k;
        }
        for (int k = 0; k < n; k++) {
            int d = Math.max(Math.abs(dxs[k]), Math.abs(dys[k]));
            if (d == 0) {
                parent[k] = -1;
                continue;
            }
            // One Chebyshev step back along the line to the centre, rounded half away from zero.
            int px = roundDiv(dxs[k] * (d - 1), d);
            int py = roundDiv(dys[k] * (d - 1), d);
            // A rounded step that left the disc finds no entry and falls back to the centre (index 0).
            parent[k] = px * px + py * py <= r * r ? indexOf[(py + r) * side + px + r] : 0;
        }
        rayDx[r] = dxs;
        rayDy[r] = dys;
        rayParent[r] = parent;
        if (lit.length < n) {
            lit = new byte[n];
        }
    }

    /** {@code a / b} rounded to the nearest integer, halves away from zero; {@code b > 0}. */
    private static int roundDiv(int a, int b) {
        return a >= 0 ? (2 * a + b) / (2 * b) : -((-2 * a + b) / (2 * b));
    }

    /** Whether {@code team} saw cell {@code (cx, cy)} at its last update; false off the map. */
    public boolean visible(int team, int cx, int cy) {
        return cx >= 0 && cy >= 0 && cx < width && cy < height && stamp[team][cy * width + cx] == current[team];
    }

    /** Whether {@code team} saw the flat cell index {@code cell} ({@code y * width + x}) at its last update. */
    public boolean visible(int team, int cell) {
        return stamp[team][cell] == current[team];
    }

    /** Whether {@code team} has ever seen cell {@code (cx, cy)}; false off the map. */
    public boolean explored(int team, int cx, int cy) {
        return cx >= 0 && cy >= 0 && cx < width && cy < height && explored[team][cy * width + cx];
    }

    /** Cells visible to {@code team} now: a linear scan, for tests and the overlay. */
    public int visibleCount(int team) {
        int n = 0;
        int s = current[team];
        for (int v : stamp[team]) {
            if (v == s) {
                n++;
            }
        }
        return n;
    }

    /**
     * Writes what the simulation's future depends on: per team its update stamp, which cells it sees (the
     * positions of its last update, not derivable from where units stand now) and which it has explored, as runs
     * ({@link CellRuns}): about 640 KB raw on a 256 x 256 map, a few KB packed. Caches (ray tables) are not state.
     *
     * @param out where
     */
    public void save(SnapshotOut out) {
        for (int t = 0; t < 2; t++) {
            out.writeInt(current[t]);
            CellRuns.writeStamps(out, stamp[t], current[t]);
            CellRuns.writeFlags(out, explored[t]);
        }
    }

    /**
     * Replaces the fog by what {@link #save} wrote (other stamps than the current one mean "not visible" alike,
     * so they come back as 0).
     *
     * @param in the bytes
     * @throws dev.ecsloop.snapshot.SnapshotException if a stamp is not positive or the runs do not cover the map
     */
    public void load(SnapshotIn in) {
        for (int t = 0; t < 2; t++) {
            int s = in.readInt();
            if (s <= 0) {
                throw in.fail("fog stamp " + s + " of team " + t + " is not positive");
            }
            CellRuns.readStamps(in, stamp[t], s);
            CellRuns.readFlags(in, explored[t]);
            current[t] = s;
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }
}
