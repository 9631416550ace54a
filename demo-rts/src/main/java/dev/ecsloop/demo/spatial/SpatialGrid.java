package dev.ecsloop.demo.spatial;

import dev.ecsloop.parallel.Parallel;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Uniform-grid buckets over unit positions for neighbour queries (separation, targets in weapon range).
 *
 * <p>Units are ids {@code 0 .. count-1}, indices into the caller's position arrays. {@link #rebuild} is a
 * counting sort: count per bucket, prefix sums, then place units in id order. It allocates nothing, and
 * within a bucket units stay in id (insertion) order, so every query visits units in a fixed order (bucket
 * rows bottom to top, buckets left to right, then id): results never depend on hashing or timing.
 *
 * <p>Positions are copied at rebuild, so moving units afterwards does not corrupt queries until the next
 * rebuild; queries see the world as of that rebuild. Positions outside the world are clamped to the border
 * buckets; clamping is monotone, so radius queries stay exact for them too. Distances use float
 * arithmetic, which Java evaluates identically on every platform.
 */
public final class SpatialGrid {
    private final float cellSize;
    private final float invCellSize;
    private final int columns;
    private final int rows;
    private final int capacity;
    /** {@code bucketStart[b] .. bucketStart[b + 1]} are bucket b's slots in the sorted arrays. */
    final int[] bucketStart;
    private final int[] bucketOf;
    final int[] sortedId;
    final float[] sortedX;
    final float[] sortedY;
    private int count;
    /** The parallel rebuild's buffers, made on its first use. */
    private GridSort parallelSort;

    /**
     * @param worldWidth  extent in world units along x, from 0
     * @param worldHeight extent along y, from 0
     * @param cellSize    bucket side; about the most common query radius works well
     * @param capacity    most units a rebuild may hold
     * @throws IllegalArgumentException if a size is not positive and finite, the grid would have more than
     *                                  {@code 2^24} buckets, or {@code capacity < 0}
     */
    public SpatialGrid(float worldWidth, float worldHeight, float cellSize, int capacity) {
        if (!(worldWidth > 0 && worldHeight > 0 && cellSize > 0) || Float.isInfinite(worldWidth)
                || Float.isInfinite(worldHeight)) {
            throw new IllegalArgumentException("world size and cell size must be positive and finite, got "
                    + worldWidth + " x " + worldHeight + ", cell " + cellSize);
        }
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative, was " + capacity);
        }
        double cols = Math.ceil(worldWidth / (double) cellSize);
        double rws = Math.ceil(worldHeight / (double) cellSize);
        if (cols * rws > (1 << 24)) {
            throw new IllegalArgumentException("too many buckets: " + cols + " x " + rws);
        }
        this.cellSize = cellSize;
        this.invCellSize = 1f / cellSize;
        this.columns = (int) cols;
        this.rows = (int) rws;
        this.capacity = capacity;
        this.bucketStart = new int[columns * rows + 1];
        this.bucketOf = new int[capacity];
        this.sortedId = new int[capacity];
        this.sortedX = new float[capacity];
        this.sortedY = new float[capacity];
    }

    /**
     * Replaces the contents with units {@code 0 .. count-1} at {@code (xs[i], ys[i])}.
     *
     * @throws IllegalArgumentException if {@code count} is negative, above the capacity, or above an array's
     *                                  length
     */
    public void rebuild(int count, float[] xs, float[] ys) {
        rebuild(count, xs, ys, null, 0);
    }

    /**
     * As {@link #rebuild(int, float[], float[])} over the units of one layer only: unit i goes in, as id i, if
     * {@code layer[i] == mine} (every unit if {@code layer} is null); the others are left out. Several grids can so
     * be filled from one set of arrays, each by its own thread ({@link GridSort}): each writes only its own grid.
     *
     * @throws IllegalArgumentException if {@code count} is negative, above the capacity, or above an array's
     *                                  length
     */
    public void rebuild(int count, float[] xs, float[] ys, int[] layer, int mine) {
        if (count < 0 || count > capacity || count > xs.length || count > ys.length
                || (layer != null && count > layer.length)) {
            throw new IllegalArgumentException("count " + count + " must be in [0, min(capacity " + capacity
                    + ", xs " + xs.length + ", ys " + ys.length
                    + (layer == null ? "" : ", layers " + layer.length) + ")]");
        }
        int buckets = columns * rows;
        Arrays.fill(bucketStart, 0);
        int held = 0;
        for (int i = 0; i < count; i++) {
            if (layer == null || layer[i] == mine) {
                int b = row(ys[i]) * columns + column(xs[i]);
                bucketOf[i] = b;
                bucketStart[b + 1]++;
                held++;
            }
        }
        this.count = held;
        for (int b = 0; b < buckets; b++) {
            bucketStart[b + 1] += bucketStart[b];
        }
        // bucketStart[b] now is the first slot of b; use it as the fill cursor, then shift back.
        for (int i = 0; i < count; i++) {
            if (layer == null || layer[i] == mine) {
                int slot = bucketStart[bucketOf[i]]++;
                sortedId[slot] = i;
                sortedX[slot] = xs[i];
                sortedY[slot] = ys[i];
            }
        }
        for (int b = buckets; b > 0; b--) {
            bucketStart[b] = bucketStart[b - 1];
        }
        bucketStart[0] = 0;
    }

    /**
     * As {@link #rebuild(int, float[], float[])}, through the parallel-for: the same grid, slot for slot, at any
     * number of workers (see {@link GridSort}, which also fills several grids at once). Under
     * {@link GridSort#PARALLEL_FROM} workers it is the serial rebuild: the parallel sort's extra pass only pays where
     * more threads share it, and both give the same slots. Call it on the loop thread, outside any chunk.
     *
     * @throws IllegalArgumentException if {@code count} is negative, above the capacity, or above an array's
     *                                  length
     */
    public void rebuild(int count, float[] xs, float[] ys, Parallel parallel) {
        if (parallel.workers() < GridSort.PARALLEL_FROM) {
            rebuild(count, xs, ys);
            return;
        }
        if (parallelSort == null) { // it checks count against the same bounds, with the same message
            parallelSort = new GridSort(this);
        }
        parallelSort.rebuild(count, xs, ys, null, parallel);
    }

    /** For {@link GridSort}: the number of units its rebuild put here. */
    void held(int units) {
        this.count = units;
    }

    /** Most units a rebuild may hold. */
    public int capacity() {
        return capacity;
    }

    /**
     * Whether any unit stands in the buckets of columns {@code c0 .. c1} and rows {@code r0 .. r1} (bucket
     * coordinates, clamped onto the grid): a few subtractions per row.
     */
    public boolean occupied(int c0, int r0, int c1, int r1) {
        int from = Math.max(0, c0);
        int to = Math.min(columns - 1, c1);
        if (from > to) {
            return false;
        }
        for (int r = Math.max(0, r0), last = Math.min(rows - 1, r1); r <= last; r++) {
            if (bucketStart[r * columns + to + 1] > bucketStart[r * columns + from]) {
                return true;
            }
        }
        return false;
    }

    /** Buckets along x. */
    public int columns() {
        return columns;
    }

    /** Buckets along y. */
    public int rows() {
        return rows;
    }

    /** Units held since the last rebuild. */
    public int size() {
        return count;
    }

    public float cellSize() {
        return cellSize;
    }

    /**
     * Writes the ids of units within {@code radius} of {@code (x, y)} (distance <= radius) into {@code out}
     * in the grid's fixed order, stopping at {@code out.length}.
     *
     * @return the number of matches, which may exceed {@code out.length} (then only the first ones fit)
     */
    public int query(float x, float y, float radius, int[] out) {
        float r2 = radius * radius;
        int found = 0;
        float ex = reach(x, radius);
        float ey = reach(y, radius);
        int c0 = column(x - ex);
        int c1 = column(x + ex);
        for (int r = row(y - ey), r1 = row(y + ey); r <= r1; r++) {
            int from = bucketStart[r * columns + c0];
            int to = bucketStart[r * columns + c1 + 1];
            for (int s = from; s < to; s++) {
                float dx = sortedX[s] - x;
                float dy = sortedY[s] - y;
                if (dx * dx + dy * dy <= r2) {
                    if (found < out.length) {
                        out[found] = sortedId[s];
                    }
                    found++;
                }
            }
        }
        return found;
    }

    /**
     * Like {@link #query} but stops scanning once {@code out} is full: the same first matches in the same order,
     * at a cost bounded by the crowd actually needed (separation in a dense crowd looks at a few neighbours, not
     * at every unit in the buckets).
     *
     * @return the number of matches written, at most {@code out.length}
     */
    public int queryFirst(float x, float y, float radius, int[] out) {
        float r2 = radius * radius;
        int found = 0;
        int cap = out.length;
        float ex = reach(x, radius);
        float ey = reach(y, radius);
        int c0 = column(x - ex);
        int c1 = column(x + ex);
        for (int r = row(y - ey), r1 = row(y + ey); r <= r1; r++) {
            int from = bucketStart[r * columns + c0];
            int to = bucketStart[r * columns + c1 + 1];
            for (int s = from; s < to; s++) {
                float dx = sortedX[s] - x;
                float dy = sortedY[s] - y;
                if (dx * dx + dy * dy <= r2) {
                    out[found++] = sortedId[s];
                    if (found == cap) {
                        return found;
                    }
                }
            }
        }
        return found;
    }

    /**
     * The separation push on unit {@code self} at {@code (x, y)} from the first {@code max} other units within
     * {@code radius} (in the grid's fixed order): each at distance d pushes it away along their offset by
     * {@code offset * (radius - d) * gain / d}; one at the very same spot pushes along x by
     * {@code radius * gain}, away from the lower id. Fused with the scan so each neighbour's position is read
     * once, from the grid's own sorted copy.
     *
     * @param x      the unit's position along x
     * @param y      the unit's position along y
     * @param radius neighbours within this distance push
     * @param self   the unit's own id, skipped
     * @param max    most neighbours counted
     * @param gain   push per unit of overlap
     * @param out    receives the push: {@code out[0]} along x, {@code out[1]} along y
     * @return the number of neighbours that pushed
     */
    public int separation(float x, float y, float radius, int self, int max, float gain, float[] out) {
        float r2 = radius * radius;
        float px = 0f;
        float py = 0f;
        int found = 0;
        float ex = reach(x, radius);
        float ey = reach(y, radius);
        int c0 = column(x - ex);
        int c1 = column(x + ex);
        scan:
        for (int r = row(y - ey), r1 = row(y + ey); r <= r1; r++) {
            int from = bucketStart[r * columns + c0];
            int to = bucketStart[r * columns + c1 + 1];
            for (int s = from; s < to; s++) {
                float dx = x - sortedX[s];
                float dy = y - sortedY[s];
                float d2 = dx * dx + dy * dy;
                if (d2 > r2) {
                    continue;
                }
                int o = sortedId[s];
                if (o == self) {
                    continue;
                }
                if (d2 < 1e-10f) {
                    px += (self < o ? -1f : 1f) * radius * gain;
                } else {
                    float d = (float) Math.sqrt(d2);
                    float push = (radius - d) * gain / d;
                    px += dx * push;
                    py += dy * push;
                }
                if (++found == max) {
                    break scan;
                }
            }
        }
        out[0] = px;
        out[1] = py;
        return found;
    }

    /**
     * The unit nearest to {@code (x, y)} within {@code radius} that {@code accept} allows, or -1; ties go to
     * the first in the grid's order. Meant for target finding: pass a filter for "enemy and alive".
     */
    public int nearest(float x, float y, float radius, IntPredicate accept) {
        float best = radius * radius;
        int bestId = -1;
        float ex = reach(x, radius);
        float ey = reach(y, radius);
        int c0 = column(x - ex);
        int c1 = column(x + ex);
        for (int r = row(y - ey), r1 = row(y + ey); r <= r1; r++) {
            int from = bucketStart[r * columns + c0];
            int to = bucketStart[r * columns + c1 + 1];
            for (int s = from; s < to; s++) {
                float dx = sortedX[s] - x;
                float dy = sortedY[s] - y;
                float d2 = dx * dx + dy * dy;
                if ((d2 < best || (d2 == best && bestId < 0)) && accept.test(sortedId[s])) {
                    best = d2;
                    bestId = sortedId[s];
                }
            }
        }
        return bestId;
    }

    /**
     * The radius widened by a few ulps: the float distance test may accept a unit a hair beyond the true
     * radius, and such a unit must still fall in the buckets scanned, or the query would not be exact.
     */
    private static float reach(float centre, float radius) {
        return radius + 4 * Math.ulp(Math.abs(centre) + radius);
    }

    int column(float x) {
        int c = (int) Math.floor(x * invCellSize);
        return c < 0 ? 0 : Math.min(c, columns - 1);
    }

    int row(float y) {
        int r = (int) Math.floor(y * invCellSize);
        return r < 0 ? 0 : Math.min(r, rows - 1);
    }
}
