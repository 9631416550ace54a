package dev.ecsloop.demo.spatial;

import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

/**
 * A {@link SpatialGrid}'s rebuild through the parallel-for: the same counting sort, split so that no two chunks
 * write the same slot, and so that the result is the serial one, slot for slot, at any number of workers.
 *
 * <ol>
 *   <li>Chunks of units ({@link Parallel#CHUNK_SIZE}): each unit's bucket, and per chunk how many of its units
 *       fall in each row of buckets.</li>
 *   <li>Serial: prefix sums over rows, then over chunks within a row: where each chunk's units of each row go in
 *       an array sorted by row. The cost is rows times chunks, not units.</li>
 *   <li>Chunks of units: each unit to its row's next slot for its chunk. Within a row, chunks follow in chunk
 *       order and a chunk's units in their own order, so a row holds its units in id order.</li>
 *   <li>Chunks of {@link #ROWS_PER_CHUNK} rows: each row counting-sorts its units by column into the grid's slots
 *       from the row's first slot on, and writes its own buckets' starts. Stable, so a bucket holds its units in
 *       id order: the serial sort's order.</li>
 * </ol>
 *
 * <p>Buffers are sized by the chunk count and grow only when the unit count does; a steady rebuild allocates
 * nothing.
 */
final class GridSort {
    /** Rows of buckets per chunk of the last step: a constant, so the chunks depend on the grid alone. */
    static final int ROWS_PER_CHUNK = 4;

    private final SpatialGrid grid;
    private final int columns;
    private final int rows;
    /** The first slot of each row in the sorted arrays; {@code rowStart[rows]} is the unit count. */
    private final int[] rowStart;
    /** 0 .. rows-1, the "ids" of the row chunks. */
    private final int[] rowIds;
    /** Per chunk and row, {@code counts[chunk * rows + row]}: first a count, then that chunk's next slot. */
    private int[] counts = new int[0];
    /** Unit ids sorted by row (id order within a row). */
    private final int[] byRow;
    private float[] xs;
    private float[] ys;
    private final Chunk.Task locate = this::locate;
    private final Chunk.Task toRows = this::toRows;
    private final Chunk.Task sortRows = this::sortRows;

    GridSort(SpatialGrid grid, int columns, int rows, int capacity) {
        this.grid = grid;
        this.columns = columns;
        this.rows = rows;
        this.rowStart = new int[rows + 1];
        this.rowIds = new int[rows];
        for (int r = 0; r < rows; r++) {
            rowIds[r] = r;
        }
        this.byRow = new int[capacity];
    }

    /** Fills the grid's arrays with units {@code 0 .. count-1} at {@code (xs[i], ys[i])}; count is checked. */
    void rebuild(int count, float[] xs, float[] ys, Parallel parallel) {
        int chunks = (count + Parallel.CHUNK_SIZE - 1) / Parallel.CHUNK_SIZE;
        if (counts.length < chunks * rows) {
            counts = new int[Math.max(chunks * rows, counts.length * 2)];
        }
        this.xs = xs;
        this.ys = ys;
        try {
            // The unit steps use only their chunks' ranges, never the ids: any array of count ints will do.
            parallel.forEach(grid.bucketOf, count, Parallel.CHUNK_SIZE, locate);
            int slot = 0;
            for (int r = 0; r < rows; r++) {
                rowStart[r] = slot;
                for (int c = 0, k = r; c < chunks; c++, k += rows) {
                    int n = counts[k];
                    counts[k] = slot;
                    slot += n;
                }
            }
            rowStart[rows] = slot;
            parallel.forEach(grid.bucketOf, count, Parallel.CHUNK_SIZE, toRows);
            parallel.forEach(rowIds, rows, ROWS_PER_CHUNK, sortRows);
            grid.bucketStart[rows * columns] = count;
        } finally {
            this.xs = null;
            this.ys = null;
        }
    }

    /** Step 1: each unit's bucket; the chunk's count per row. */
    private void locate(Chunk chunk) {
        int base = chunk.index() * rows;
        java.util.Arrays.fill(counts, base, base + rows, 0);
        int[] bucketOf = grid.bucketOf;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int r = grid.row(ys[i]);
            bucketOf[i] = r * columns + grid.column(xs[i]);
            counts[base + r]++;
        }
    }

    /** Step 3: each unit to its row's next slot for this chunk. */
    private void toRows(Chunk chunk) {
        int base = chunk.index() * rows;
        int[] bucketOf = grid.bucketOf;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            byRow[counts[base + bucketOf[i] / columns]++] = i;
        }
    }

    /** Step 4: each row of the chunk sorted by column into the grid, and its buckets' starts. */
    private void sortRows(Chunk chunk) {
        int[] start = grid.bucketStart;
        int[] bucketOf = grid.bucketOf;
        int[] sortedId = grid.sortedId;
        float[] sortedX = grid.sortedX;
        float[] sortedY = grid.sortedY;
        for (int r = chunk.first(); r < chunk.end(); r++) {
            int base = r * columns;
            java.util.Arrays.fill(start, base, base + columns, 0);
            int from = rowStart[r];
            int to = rowStart[r + 1];
            for (int s = from; s < to; s++) {
                start[bucketOf[byRow[s]]]++;
            }
            int slot = from;
            for (int b = base; b < base + columns; b++) {
                int n = start[b];
                start[b] = slot;
                slot += n;
            }
            // start[b] is now the fill cursor of b; after the fill it is b's end, the next bucket's start.
            for (int s = from; s < to; s++) {
                int id = byRow[s];
                int at = start[bucketOf[id]]++;
                sortedId[at] = id;
                sortedX[at] = xs[id];
                sortedY[at] = ys[id];
            }
            for (int b = base + columns - 1; b > base; b--) {
                start[b] = start[b - 1];
            }
            start[base] = from;
        }
    }
}
