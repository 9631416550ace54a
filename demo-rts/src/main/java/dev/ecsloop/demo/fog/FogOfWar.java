package dev.ecsloop.demo.fog;

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
 * <p>Invariant: between two updates of a team, {@link #visible} answers from the positions of the last
 * update only. Sight is not blocked by rock (an open-field model); everything is integer arithmetic.
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

    /**
     * @param width  map width in cells
     * @param height map height in cells
     * @throws IllegalArgumentException if a size is not positive
     */
    public FogOfWar(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("fog size must be positive, was " + width + " x " + height);
        }
        this.width = width;
        this.height = height;
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

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }
}
