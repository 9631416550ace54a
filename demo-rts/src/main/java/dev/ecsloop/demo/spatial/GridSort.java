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
 *   <li>Chunks of units ({@link Parallel#CHUNK_SIZE}): each unit's bucket, and per chunk how many of its units
 *       fall in each row.</li>
 *   <li>Serial: prefix sums over rows, then over chunks within a row: where each chunk's units of each row go in
 *       an array sorted by row. The cost is rows times chunks (walked in memory order), not units.</li>
 *   <li>Chunks of units: each unit to its row's next slot for its chunk. Within a row, chunks follow in chunk
 *       order and a chunk's units in their own order, so a row holds its units in index order.</li>
 *   <li>Chunks of {@link #ROWS_PER_CHUNK} rows: each row counting-sorts its units by column into its grid's slots
 *       from the row's first slot on, and writes its own buckets' starts. Stable, so a bucket holds its units in
 *       index order: the serial sort's order.</li>
 * </ol>
 *
 * <p>Three parallel-fors, however many grids. Buffers are sized by the chunk count and grow only when the unit
 * count does; a steady rebuild allocates nothing. Confined to the loop thread.
 */
public final class GridSort {
    /** Rows of buckets per chunk of the last step: a constant, so the chunks depend on the grids alone. */
    static final int ROWS_PER_CHUNK = 4;

    private final SpatialGrid[] grids;
    private final int columns;
    private final int rows;
    private final int capacity;
    /** The first slot of each row in the sorted arrays; {@code rowStart[rows * layers]} is the unit count. */
    private final int[] rowStart;
    /** Per row: its units, then the next slot of the chunk being placed (the serial step's scratch). */
    private final int[] cursor;
    /** 0 .. rows * layers - 1, the "ids" of the row chunks. */
    private final int[] rowIds;
    /** Per unit: {@code R * columns + column}, R its row over all grids, or -1 for a unit of no grid. */
    private final int[] key;
    /** Unit indices sorted by row (index order within a row). */
    private final int[] byRow;
    /** Per chunk and row, {@code counts[chunk * rows * layers + R]}: first a count, then that chunk's next slot. */
    private int[] counts = new int[0];
    private float[] xs;
    private float[] ys;
    private int[] layer;
    private final Chunk.Task locate = this::locate;
    private final Chunk.Task toRows = this::toRows;
    private final Chunk.Task sortRows = this::sortRows;

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
        this.cursor = new int[all];
        this.rowIds = new int[all];
        for (int r = 0; r < all; r++) {
            rowIds[r] = r;
        }
        this.key = new int[capacity];
        this.byRow = new int[capacity];
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
        int all = rows * grids.length;
        int chunks = (count + Parallel.CHUNK_SIZE - 1) / Parallel.CHUNK_SIZE;
        if (counts.length < chunks * all) {
            counts = new int[Math.max(chunks * all, counts.length * 2)];
        }
        this.xs = xs;
        this.ys = ys;
        this.layer = layer;
        try {
            // The unit steps use only their chunks' ranges, never the ids: any array of count ints will do.
            parallel.forEach(key, count, Parallel.CHUNK_SIZE, locate);
            // Slot of (chunk c, row R) = first slot of R + R's units in chunks before c. Both passes walk counts
            // in memory order (chunk-major, as the chunks wrote it), not row by row across chunks.
            Arrays.fill(cursor, 0);
            for (int c = 0, k = 0; c < chunks; c++) {
                for (int r = 0; r < all; r++, k++) {
                    cursor[r] += counts[k];
                }
            }
            int slot = 0;
            for (int r = 0; r < all; r++) {
                rowStart[r] = slot;
                slot += cursor[r];
                cursor[r] = rowStart[r];
            }
            rowStart[all] = slot;
            for (int c = 0, k = 0; c < chunks; c++) {
                for (int r = 0; r < all; r++, k++) {
                    int n = counts[k];
                    counts[k] = cursor[r];
                    cursor[r] += n;
                }
            }
            parallel.forEach(key, count, Parallel.CHUNK_SIZE, toRows);
            parallel.forEach(rowIds, all, ROWS_PER_CHUNK, sortRows);
            for (int g = 0; g < grids.length; g++) {
                int held = rowStart[(g + 1) * rows] - rowStart[g * rows];
                grids[g].bucketStart[rows * columns] = held;
                grids[g].held(held);
            }
        } finally {
            this.xs = null;
            this.ys = null;
            this.layer = null;
        }
    }

    /** Step 1: each unit's row and column; the chunk's count per row. */
    private void locate(Chunk chunk) {
        int all = rows * grids.length;
        int base = chunk.index() * all;
        Arrays.fill(counts, base, base + all, 0);
        SpatialGrid shape = grids[0];
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int g = layer == null ? 0 : layer[i];
            if (g < 0 || g >= grids.length) {
                key[i] = -1;
                continue;
            }
            int r = g * rows + shape.row(ys[i]);
            key[i] = r * columns + shape.column(xs[i]);
            counts[base + r]++;
        }
    }

    /** Step 3: each unit to its row's next slot for this chunk. */
    private void toRows(Chunk chunk) {
        int base = chunk.index() * rows * grids.length;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int k = key[i];
            if (k >= 0) {
                byRow[counts[base + k / columns]++] = i;
            }
        }
    }

    /** Step 4: each row of the chunk sorted by column into its grid, and its buckets' starts. */
    private void sortRows(Chunk chunk) {
        for (int row = chunk.first(); row < chunk.end(); row++) {
            int g = row / rows;
            SpatialGrid grid = grids[g];
            int[] start = grid.bucketStart;
            int[] sortedId = grid.sortedId;
            float[] sortedX = grid.sortedX;
            float[] sortedY = grid.sortedY;
            int first = rowStart[g * rows];
            int base = (row - g * rows) * columns;
            int keyBase = row * columns - base; // a key minus this is the bucket in the grid
            Arrays.fill(start, base, base + columns, 0);
            int from = rowStart[row];
            int to = rowStart[row + 1];
            for (int s = from; s < to; s++) {
                start[key[byRow[s]] - keyBase]++;
            }
            int slot = from - first;
            for (int b = base; b < base + columns; b++) {
                int n = start[b];
                start[b] = slot;
                slot += n;
            }
            // start[b] is now the fill cursor of b; after the fill it is b's end, the next bucket's start.
            for (int s = from; s < to; s++) {
                int id = byRow[s];
                int at = start[key[id] - keyBase]++;
                sortedId[at] = id;
                sortedX[at] = xs[id];
                sortedY[at] = ys[id];
            }
            for (int b = base + columns - 1; b > base; b--) {
                start[b] = start[b - 1];
            }
            start[base] = from - first;
        }
    }
}
