package dev.ecsloop.demo.map;

import java.util.Arrays;

/**
 * An immutable grid of walkable and blocked cells; 1 world unit is 1 cell, cell {@code (x, y)} covers world
 * {@code [x, x + 1) x [y, y + 1)}.
 *
 * <p>Cells are also addressed by a flat index {@code y * width + x}, which is what the pathfinders store.
 * Everything outside the grid counts as blocked, so callers never special-case the border.
 *
 * <p>The map labels its connected components once at construction (4-connected flood fill). Pathfinding
 * forbids corner cutting (a diagonal step needs both orthogonal neighbours open), so 4-connectivity is
 * exactly reachability under the pathfinder's moves: {@link #connected} answers "is there a path" in O(1),
 * and a search for an unreachable goal never has to exhaust the map to find out.
 */
public final class GridMap {
    /** Side length of the demo's maps. */
    public static final int DEFAULT_SIZE = 256;
    /** Largest accepted width or height; keeps {@code width * height} and path costs far from overflow. */
    public static final int MAX_SIZE = 4096;

    private final int width;
    private final int height;
    private final boolean[] blocked;
    /** 0 for blocked cells, else 1.. numbered in row-major order of each component's first cell. */
    private final int[] component;
    private final int componentCount;

    /**
     * Takes ownership of {@code blocked} (row-major, length {@code width * height}).
     *
     * @throws IllegalArgumentException if a size is outside {@code [1, MAX_SIZE]} or the array length is wrong
     */
    GridMap(int width, int height, boolean[] blocked) {
        checkSize("width", width);
        checkSize("height", height);
        if (blocked.length != width * height) {
            throw new IllegalArgumentException(
                    "expected " + width * height + " cells for " + width + " x " + height + ", got " + blocked.length);
        }
        this.width = width;
        this.height = height;
        this.blocked = blocked;
        this.component = new int[blocked.length];
        this.componentCount = Components.label(width, height, blocked, component);
    }

    static void checkSize(String name, int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException(name + " must be in [1, " + MAX_SIZE + "], was " + size);
        }
    }

    /**
     * A map with every cell open.
     *
     * @throws IllegalArgumentException if a size is outside {@code [1, MAX_SIZE]}
     */
    public static GridMap open(int width, int height) {
        checkSize("width", width);
        checkSize("height", height);
        return new GridMap(width, height, new boolean[width * height]);
    }

    /**
     * A hand-made map: one string per row, {@code '#'} blocked and {@code '.'} open. The first string is row
     * {@code y = 0}, so the picture reads top-down with y growing downwards.
     *
     * @throws IllegalArgumentException if there are no rows, rows differ in length, or a character is neither
     *                                  {@code '#'} nor {@code '.'}
     */
    public static GridMap fromAscii(String... rows) {
        if (rows.length == 0) {
            throw new IllegalArgumentException("need at least one row");
        }
        int w = rows[0].length();
        checkSize("width", w);
        checkSize("height", rows.length);
        boolean[] cells = new boolean[w * rows.length];
        for (int y = 0; y < rows.length; y++) {
            String row = rows[y];
            if (row.length() != w) {
                throw new IllegalArgumentException("row " + y + " has length " + row.length() + ", expected " + w);
            }
            for (int x = 0; x < w; x++) {
                char c = row.charAt(x);
                if (c == '#') {
                    cells[y * w + x] = true;
                } else if (c != '.') {
                    throw new IllegalArgumentException("unexpected '" + c + "' at (" + x + ", " + y + ")");
                }
            }
        }
        return new GridMap(w, rows.length, cells);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public int cellCount() {
        return blocked.length;
    }

    public boolean inBounds(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    /** Flat index of an in-bounds cell; no check, callers use {@link #inBounds} first. */
    public int index(int x, int y) {
        return y * width + x;
    }

    public int xOf(int index) {
        return index % width;
    }

    public int yOf(int index) {
        return index / width;
    }

    /** False for blocked cells and for every cell outside the grid. */
    public boolean isWalkable(int x, int y) {
        return inBounds(x, y) && !blocked[y * width + x];
    }

    /** By flat index; false outside {@code [0, cellCount)}. */
    public boolean isWalkable(int index) {
        return index >= 0 && index < blocked.length && !blocked[index];
    }

    /** Whether the cell under a world position is walkable; positions outside the map are blocked. */
    public boolean isWalkableAt(float worldX, float worldY) {
        return isWalkable(cellCoord(worldX), cellCoord(worldY));
    }

    /** The cell column or row containing a world coordinate: floor, so -0.5 is cell -1 (outside). */
    public static int cellCoord(float world) {
        return (int) Math.floor(world);
    }

    /** Connected-component label of a cell: 0 if blocked or outside, else a positive id. */
    public int componentAt(int x, int y) {
        return inBounds(x, y) ? component[y * width + x] : 0;
    }

    /** Component label by flat index; 0 if blocked or outside. */
    public int componentAt(int index) {
        return index >= 0 && index < component.length ? component[index] : 0;
    }

    public int componentCount() {
        return componentCount;
    }

    /** Whether a path exists between two cells: both walkable and in the same component. */
    public boolean connected(int ax, int ay, int bx, int by) {
        int a = componentAt(ax, ay);
        return a != 0 && a == componentAt(bx, by);
    }

    public int blockedCount() {
        int n = 0;
        for (boolean b : blocked) {
            if (b) {
                n++;
            }
        }
        return n;
    }

    /**
     * The walkable cell nearest to {@code (x, y)} by Chebyshev rings, scanning each ring row by row, so the
     * answer is deterministic; returns the flat index, or -1 if the map has no walkable cell. Meant for
     * snapping a move order that was clicked onto a rock. {@code (x, y)} may lie outside the map.
     */
    public int nearestWalkable(int x, int y) {
        int maxRing = Math.max(Math.max(x, width - 1 - x), Math.max(y, height - 1 - y));
        for (int r = 0; r <= maxRing; r++) {
            for (int cy = y - r; cy <= y + r; cy++) {
                boolean edgeRow = cy == y - r || cy == y + r;
                int step = edgeRow ? 1 : 2 * r;
                for (int cx = x - r; cx <= x + r; cx += Math.max(step, 1)) {
                    if (isWalkable(cx, cy)) {
                        return index(cx, cy);
                    }
                }
            }
        }
        return -1;
    }

    /** The map as {@code '#'}/{@code '.'} rows joined by {@code '\n'}, the inverse of {@link #fromAscii}. */
    public String toAscii() {
        StringBuilder sb = new StringBuilder((width + 1) * height);
        for (int y = 0; y < height; y++) {
            if (y > 0) {
                sb.append('\n');
            }
            for (int x = 0; x < width; x++) {
                sb.append(blocked[y * width + x] ? '#' : '.');
            }
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GridMap m && m.width == width && m.height == height && Arrays.equals(m.blocked, blocked);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * width + height) + Arrays.hashCode(blocked);
    }

    @Override
    public String toString() {
        return "GridMap[" + width + " x " + height + ", " + blockedCount() + " blocked, "
                + componentCount + " components]";
    }
}
