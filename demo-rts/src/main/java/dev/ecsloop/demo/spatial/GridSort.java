package dev.ecsloop.demo.spatial;

import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import java.util.Arrays;

/**
 * Rebuilds one or more {@link SpatialGrid}s of the same geometry through the parallel-for: each unit goes to the
 * grid its layer names (a team, say), all grids in one counting sort, and every grid comes out slot for slot as
 * its serial {@link SpatialGrid#rebuild(int, float[], float[]) rebuild} over its own units would make it, at any
 * number of workers; only the ids differ: a grid holds each unit by its index in the arrays given here, not by
 * its rank among the grid's units (both rise together, so the grid's order is the same).
 *
 * <p>The sort runs on "rows": row {@code R = layer * rows + r} is row r of grid {@code layer}.
 * <ol>
 *   <li>Chunks of {@link #UNITS_PER_CHUNK} units: each unit's bucket, and the chunk's own units sorted by
 *       row (a counting sort within the chunk's own slots), with where each row's run starts.</li>
 *   <li>Serial: each row's units over all chunks, and their prefix sums: the row's first slot in its grid. The
 *       cost is rows times chunks, walked in memory order, not units.</li>
 *   <li>Chunks of {@link #ROWS_PER_CHUNK} rows: each row gathers its runs chunk by chunk, in chunk order, and
 *       counting-sorts them by column into its grid's slots from the row's first slot on, writing its own
 *       buckets' starts. Chunks in order, each chunk's units in order, and a stable sort: a bucket holds its
 *       units in index order, the serial sort's order.</li>
 * </ol>
 *
 * <p>Each step writes only its own chunk's or rows' slots, and no step scatters into slots that other chunks'
 * units share cache lines with (a scatter of every chunk's units by row would interleave the chunks' writes
 * element by element, and two threads would fight over every line). Two parallel-fors, however many grids.
 * Buffers are sized by the chunk count and grow only when the unit count does; a steady rebuild allocates
 * nothing. Confined to the loop thread.
 *
 * <p>The two steps sort every unit twice, which is about twice a serial counting sort's work: on two threads it
 * only ties with the serial sort at best (measured slower at 20,000 and 100,000 units; {@code GridSortBenchmark}).
 * Under {@link #PARALLEL_FROM} workers a rebuild is therefore a plain counting sort per grid, the grids side by side
 * in the parallel-for (two team grids on two workers: one each), which gives the same slots; the choice changes
 * the speed only, never the grids.
 */
public final class GridSort {
    /**
     * Units per chunk of the first step: large, so that a row's runs are few (the last step reads rows times
     * chunks run bounds); a constant, so the chunks depend on the unit count alone.
     */
    static final int UNITS_PER_CHUNK = 2048;
    /** Rows of buckets per chunk of the last step: a constant, so the chunks depend on the grids alone. */
    static final int ROWS_PER_CHUNK = 16;
    /**
     * The fewest workers (the loop thread counted) at which a rebuild sorts in parallel: with twice the serial
     * sort's work, the parallel sort needs a third thread to come out ahead.
     */
    public static final int PARALLEL_FROM = 3;

    private int parallelFrom = PARALLEL_FROM;

    private final SpatialGrid[] grids;
    private final int columns;
    private final int rows;
    private final int capacity;
    /** The first slot of each row in its grid's sorted arrays, and one past the last grid's count. */
    private final int[] rowStart;
    /** Per row: its units over all chunks (the serial step's scratch). */
    private final int[] total;
    /** 0 .. rows * layers - 1, the "ids" of the row chunks. */
    private final int[] rowIds;
    /** Per unit: {@code R * columns + column}, R its row over all grids, or -1 for a unit of no grid. */
    private final int[] key;
    /** Per chunk, its own units' indices sorted by row, in the chunk's own slots. */
    private final int[] byRow;
    /**
     * Per chunk c, {@code ends[c * rows * layers + R]}: one past row R's run among c's sorted units, relative to
     * the chunk's first slot (row R's run starts where row R - 1's ends, row 0's at 0).
     */
    private int[] ends = new int[0];
    private int chunks;
    private float[] xs;
    private float[] ys;
    private int[] layer;
    private final Chunk.Task locate = this::locate;
    private final Chunk.Task sortRows = this::sortRows;
    private final Chunk.Task sortGrid = this::sortGrid;
    /** The unit count of the rebuild under way, for {@link #sortGrid}. */
    private int count;

    /**
     * @param grids the grids filled together, layer k into {@code grids[k]}: at least one, all of one geometry
     *              (world size and cell size) and capacity
     * @throws IllegalArgumentException if there is no grid, their geometries or capacities differ, or their
     *                                  buckets together number 2^31 or more
     */
    public GridSort(SpatialGrid... grids) {
        if (grids.length == 0) {
            throw new IllegalArgumentException("a grid sort needs a grid");
        }
        this.grids = grids.clone();
        SpatialGrid first = grids[0];
        for (SpatialGrid g : grids) {
            if (g.columns() != first.columns() || g.rows() != first.rows() || g.cellSize() != first.cellSize()
                    || g.capacity() != first.capacity()) {
                throw new IllegalArgumentException("grids sorted together must share size, cell and capacity");
            }
        }
        this.columns = first.columns();
        this.rows = first.rows();
        this.capacity = first.capacity();
        if ((long) rows * columns * grids.length >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many buckets over " + grids.length + " grids");
        }
        int all = rows * grids.length;
        this.rowStart = new int[all + 1];
        this.total = new int[all];
        this.rowIds = new int[all];
        for (int r = 0; r < all; r++) {
            rowIds[r] = r;
        }
        this.key = new int[capacity];
        this.byRow = new int[capacity];
    }

    /**
     * For benchmarks that weigh the two ways against each other: sort in parallel from {@code workers} workers on
     * instead of from {@link #PARALLEL_FROM}. The grids come out the same either way.
     *
     * @param workers the fewest workers that sort in parallel, at least 1
     * @return this sort
     * @throws IllegalArgumentException if {@code workers} is under 1
     */
    public GridSort inParallelFrom(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, not " + workers);
        }
        this.parallelFrom = workers;
        return this;
    }

    /**
     * Refills every grid: unit i at {@code (xs[i], ys[i])} goes into {@code grids[layer[i]]} as id i; a unit
     * whose layer names no grid goes nowhere. Call it on the loop thread, outside any chunk.
     *
     * @param layer each unit's grid; null puts every unit into the first grid
     * @throws IllegalArgumentException if {@code count} is negative, above the capacity, or above an array's
     *                                  length
     */
    public void rebuild(int count, float[] xs, float[] ys, int[] layer, Parallel parallel) {
        if (count < 0 || count > capacity || count > xs.length || count > ys.length
                || (layer != null && count > layer.length)) {
            throw new IllegalArgumentException("count " + count + " must be in [0, min(capacity " + capacity
                    + ", xs " + xs.length + ", ys " + ys.length
                    + (layer == null ? "" : ", layers " + layer.length) + ")]");
        }
        if (parallel.workers() < parallelFrom) {
            rebuildByGrid(count, xs, ys, layer, parallel);
            return;
        }
        int all = rows * grids.length;
        chunks = (count + UNITS_PER_CHUNK - 1) / UNITS_PER_CHUNK;
        if (ends.length < chunks * all) {
            ends = new int[Math.max(chunks * all, ends.length * 2)];
        }
        this.xs = xs;
        this.ys = ys;
        this.layer = layer;
        try {
            // The unit step uses only its chunks' ranges, never the ids: any array of count ints will do.
            parallel.forEach(key, count, UNITS_PER_CHUNK, locate);
            Arrays.fill(total, 0);
            for (int c = 0, k = 0; c < chunks; c++) {
                int before = 0;
                for (int r = 0; r < all; r++, k++) {
                    total[r] += ends[k] - before;
                    before = ends[k];
                }
            }
            for (int g = 0; g < grids.length; g++) {
                int slot = 0; // each grid's slots start at 0
                for (int r = g * rows; r < (g + 1) * rows; r++) {
                    rowStart[r] = slot;
                    slot += total[r];
                }
                grids[g].bucketStart[rows * columns] = slot;
                grids[g].held(slot);
            }
            parallel.forEach(rowIds, all, ROWS_PER_CHUNK, sortRows);
        } finally {
            this.xs = null;
            this.ys = null;
            this.layer = null;
        }
    }

    /**
     * Under {@link #parallelFrom} workers: each grid's own serial rebuild over its layer's units
     * ({@link SpatialGrid#rebuild(int, float[], float[], int[], int)}), the grids side by side through the
     * parallel-for (one grid per chunk, so with two grids and two workers each thread sorts one): the slots the
     * parallel steps give.
     */
    private void rebuildByGrid(int count, float[] xs, float[] ys, int[] layer, Parallel parallel) {
        this.xs = xs;
        this.ys = ys;
        this.layer = layer;
        this.count = count;
        try {
            parallel.forEach(rowIds, grids.length, 1, sortGrid);
        } finally {
            this.xs = null;
            this.ys = null;
            this.layer = null;
        }
    }

    /** One chunk of {@link #rebuildByGrid}: grid {@code chunk.first()}; without layers, every unit is grid 0's. */
    private void sortGrid(Chunk chunk) {
        int g = chunk.first();
        grids[g].rebuild(layer == null && g > 0 ? 0 : count, xs, ys, layer, g);
    }

    /** Step 1: each unit's row and column; the chunk's own units sorted by row within its own slots. */
    private void locate(Chunk chunk) {
        int all = rows * grids.length;
        int base = chunk.index() * all;
        int first = chunk.first();
        Arrays.fill(ends, base, base + all, 0);
        SpatialGrid shape = grids[0];
        for (int i = first; i < chunk.end(); i++) {
            int g = layer == null ? 0 : layer[i];
            if (g < 0 || g >= grids.length) {
                key[i] = -1;
                continue;
            }
            int r = g * rows + shape.row(ys[i]);
            key[i] = r * columns + shape.column(xs[i]);
            ends[base + r]++;
        }
        int at = 0;
        for (int k = base; k < base + all; k++) {
            int n = ends[k];
            ends[k] = at;
            at += n;
        }
        // ends[base + R] is now row R's start, used as its fill cursor: after the fill it is R's end.
        for (int i = first; i < chunk.end(); i++) {
            int k = key[i];
            if (k >= 0) {
                byRow[first + ends[base + k / columns]++] = i;
            }
        }
    }

    /** Step 3: each row of the chunk gathered from every chunk in order, sorted by column into its grid. */
    private void sortRows(Chunk chunk) {
        int all = rows * grids.length;
        for (int row = chunk.first(); row < chunk.end(); row++) {
            int g = row / rows;
            SpatialGrid grid = grids[g];
            int[] start = grid.bucketStart;
            int[] sortedId = grid.sortedId;
            float[] sortedX = grid.sortedX;
            float[] sortedY = grid.sortedY;
            int base = (row - g * rows) * columns;
            int keyBase = row * columns - base; // a key minus this is the bucket in the grid
            Arrays.fill(start, base, base + columns, 0);
            for (int c = 0, k = row; c < chunks; c++, k += all) {
                int from = c * UNITS_PER_CHUNK + (row == 0 ? 0 : ends[k - 1]);
                int to = c * UNITS_PER_CHUNK + ends[k];
                for (int s = from; s < to; s++) {
                    start[key[byRow[s]] - keyBase]++;
                }
            }
            int slot = rowStart[row];
            for (int b = base; b < base + columns; b++) {
                int n = start[b];
                start[b] = slot;
                slot += n;
            }
            // start[b] is now the fill cursor of b; after the fill it is b's end, the next bucket's start.
            for (int c = 0, k = row; c < chunks; c++, k += all) {
                int from = c * UNITS_PER_CHUNK + (row == 0 ? 0 : ends[k - 1]);
                int to = c * UNITS_PER_CHUNK + ends[k];
                for (int s = from; s < to; s++) {
                    int id = byRow[s];
                    int at = start[key[id] - keyBase]++;
                    sortedId[at] = id;
                    sortedX[at] = xs[id];
                    sortedY[at] = ys[id];
                }
            }
            for (int b = base + columns - 1; b > base; b--) {
                start[b] = start[b - 1];
            }
            start[base] = rowStart[row];
        }
    }
}
