package dev.ecsloop.demo.path;

import java.util.Arrays;

/**
 * An immutable list of cells from a start to a goal, each a king's move from the one before, never repeating
 * a cell. Many units may hold the same instance: {@link #nextCell} works from any cell on the path, so a unit
 * that starts part-way along it simply joins there.
 *
 * <p>A sorted copy of {@code (cell, position)} pairs makes {@link #nextCell} a binary search instead of a
 * scan; it is built once per path, not per query.
 */
public final class Path implements Route {
    private static final Path UNREACHABLE = new Path(new int[0], 0);

    private final int[] cells;
    private final long[] sortedCells;
    private final int cost;

    /** Takes ownership of {@code cells}, which must hold no cell twice. */
    Path(int[] cells, int cost) {
        this.cells = cells;
        this.cost = cost;
        this.sortedCells = new long[cells.length];
        for (int i = 0; i < cells.length; i++) {
            sortedCells[i] = ((long) cells[i] << 32) | i;
        }
        Arrays.sort(sortedCells);
    }

    /** The shared "no path" answer: no cells, {@link #reachable()} false. */
    public static Path unreachable() {
        return UNREACHABLE;
    }

    @Override
    public boolean reachable() {
        return cells.length > 0;
    }

    /** Number of cells including start and goal; 1 when start equals goal, 0 when unreachable. */
    public int length() {
        return cells.length;
    }

    /**
     * @throws IndexOutOfBoundsException if {@code i} is outside {@code [0, length())}
     */
    public int cell(int i) {
        return cells[i];
    }

    /** Total step cost in {@link Moves} units (orthogonal 70, diagonal 99). */
    public int cost() {
        return cost;
    }

    public int startCell() {
        return cells.length == 0 ? -1 : cells[0];
    }

    @Override
    public int goalCell() {
        return cells.length == 0 ? -1 : cells[cells.length - 1];
    }

    /** Position of {@code cell} on this path, or -1 if it is not on it. O(log length). */
    public int indexOf(int cell) {
        int lo = 0;
        int hi = sortedCells.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = (int) (sortedCells[mid] >> 32);
            if (c < cell) {
                lo = mid + 1;
            } else if (c > cell) {
                hi = mid - 1;
            } else {
                return (int) sortedCells[mid];
            }
        }
        return -1;
    }

    @Override
    public int nextCell(int cell) {
        int i = indexOf(cell);
        return i < 0 || i == cells.length - 1 ? -1 : cells[i + 1];
    }

    /**
     * The first {@code n} cells as a new path, with its cost recomputed; used to cut a lead-in where it meets
     * a shared path. {@code width} is the map width, needed to tell diagonal steps from orthogonal ones.
     */
    Path prefix(int n, int width) {
        int c = 0;
        for (int i = 1; i < n; i++) {
            int delta = Math.abs(cells[i] - cells[i - 1]);
            c += delta == 1 || delta == width ? Moves.ORTHOGONAL : Moves.DIAGONAL;
        }
        return new Path(Arrays.copyOf(cells, n), c);
    }

    @Override
    public String toString() {
        return "Path[" + cells.length + " cells, cost " + cost + "]";
    }
}
