package dev.ecsloop.demo.influence;

import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import java.util.Arrays;

/**
 * Each team's picture of strength on the map, in square sectors: per viewing team, its own strength and the
 * enemy strength it has seen, first as raw sums per sector, then spread by a blur so that a sector next to a
 * strong army reads as threatened too.
 *
 * <p>An update is {@link #clear()}, one {@link #add} per contribution, then {@link #blur(int)}. The blur is
 * separable: each pass convolves rows and then columns with the kernel {@code [1/4, 1/2, 1/4]}, with zero
 * beyond the map's edge (strength near a border partly leaks off the map, which keeps the arithmetic a plain,
 * hand-checkable convolution). {@code passes} passes widen the spread to {@code passes} sectors each way.
 *
 * <p>Maps are indexed {@code [viewer * 2 + side]}, side {@link #OWN} or {@link #ENEMY}. All arithmetic is float
 * in a fixed order, so two runs with the same contributions give identical maps.
 */
public final class InfluenceMap {
    /** The viewer's own strength. */
    public static final int OWN = 0;
    /** The enemy strength the viewer has seen. */
    public static final int ENEMY = 1;

    private final int sector;
    private final int cols;
    private final int rows;
    private final float[][] raw = new float[4][];
    private final float[][] blurred = new float[4][];
    /** Per map: the blur's scratch, so the four maps can blur at once. */
    private final float[][] scratch = new float[4][];
    /** The maps' indices, the "ids" of {@link #blur(int, Parallel)}'s chunks. */
    private static final int[] MAPS = {0, 1, 2, 3};
    private final Chunk.Task blurMap = this::blurMap;
    private int passes;

    /**
     * @param mapWidth  map width in cells
     * @param mapHeight map height in cells
     * @param sector    side of a sector in cells
     * @throws IllegalArgumentException if a size is not positive
     */
    public InfluenceMap(int mapWidth, int mapHeight, int sector) {
        if (mapWidth <= 0 || mapHeight <= 0 || sector <= 0) {
            throw new IllegalArgumentException("influence map sizes must be positive: " + mapWidth + " x "
                    + mapHeight + ", sector " + sector);
        }
        this.sector = sector;
        this.cols = (mapWidth + sector - 1) / sector;
        this.rows = (mapHeight + sector - 1) / sector;
        for (int i = 0; i < 4; i++) {
            raw[i] = new float[cols * rows];
            blurred[i] = new float[cols * rows];
            scratch[i] = new float[cols * rows];
        }
    }

    /** Empties every raw map (blurred maps keep the last blur until the next). */
    public void clear() {
        for (float[] m : raw) {
            Arrays.fill(m, 0f);
        }
    }

    /**
     * Adds {@code weight} to the sector holding world point {@code (x, y)} (clamped onto the map) in the viewer's
     * map of {@code side}.
     *
     * @param viewer 0 or 1
     * @param side   {@link #OWN} or {@link #ENEMY}
     */
    public void add(int viewer, int side, float x, float y, float weight) {
        raw[viewer * 2 + side][sectorOf(x, y)] += weight;
    }

    /**
     * As {@link #add}, to a sector by index.
     *
     * @param viewer 0 or 1
     * @param side   {@link #OWN} or {@link #ENEMY}
     * @param sector a sector, e.g. from {@link #sectorOf}
     */
    public void addToSector(int viewer, int side, int sector, float weight) {
        raw[viewer * 2 + side][sector] += weight;
    }

    /** Recomputes every blurred map from the raw ones with {@code passes} passes (0: a copy). */
    public void blur(int passes) {
        for (int m = 0; m < 4; m++) {
            blur(m, passes);
        }
    }

    /**
     * As {@link #blur(int)}, the four maps at once through the parallel-for: each map is a chunk of its own,
     * with its own scratch, computed exactly as alone.
     */
    public void blur(int passes, Parallel parallel) {
        this.passes = passes;
        parallel.forEach(MAPS, MAPS.length, 1, blurMap);
    }

    private void blurMap(Chunk chunk) {
        for (int i = chunk.first(); i < chunk.end(); i++) {
            blur(chunk.entity(i), passes);
        }
    }

    private void blur(int m, int passes) {
        float[] out = blurred[m];
        System.arraycopy(raw[m], 0, out, 0, out.length);
        for (int p = 0; p < passes; p++) {
            blurRows(out, scratch[m]);
            blurColumns(scratch[m], out);
        }
    }

    private void blurRows(float[] in, float[] out) {
        for (int r = 0; r < rows; r++) {
            int row = r * cols;
            for (int c = 0; c < cols; c++) {
                float left = c > 0 ? in[row + c - 1] : 0f;
                float right = c < cols - 1 ? in[row + c + 1] : 0f;
                out[row + c] = 0.25f * left + 0.5f * in[row + c] + 0.25f * right;
            }
        }
    }

    private void blurColumns(float[] in, float[] out) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = r * cols + c;
                float up = r > 0 ? in[i - cols] : 0f;
                float down = r < rows - 1 ? in[i + cols] : 0f;
                out[i] = 0.25f * up + 0.5f * in[i] + 0.25f * down;
            }
        }
    }

    /**
     * Writes the raw maps, which the AI reads between two updates and which come from the positions of the last
     * update (not derivable from where units stand now): per map the non-zero sectors, as (index, raw bits).
     * The blurred maps are a function of the raw ones and are not written: {@link #load} callers blur again.
     *
     * @param out where
     */
    public void save(SnapshotOut out) {
        for (float[] m : raw) {
            int n = 0;
            for (float v : m) {
                if (Float.floatToRawIntBits(v) != 0) {
                    n++;
                }
            }
            out.writeInt(n);
            for (int i = 0; i < m.length; i++) {
                if (Float.floatToRawIntBits(m[i]) != 0) {
                    out.writeInt(i);
                    out.writeFloat(m[i]);
                }
            }
        }
    }

    /**
     * Replaces the raw maps by what {@link #save} wrote; the blurred maps are stale until {@link #blur}.
     *
     * @param in the bytes
     * @throws dev.ecsloop.snapshot.SnapshotException if a sector index is out of range or repeated out of order
     */
    public void load(SnapshotIn in) {
        for (float[] m : raw) {
            int n = in.readCount(8, "influence sector");
            Arrays.fill(m, 0f);
            int last = -1;
            for (int k = 0; k < n; k++) {
                int i = in.readInt();
                if (i <= last || i >= m.length) {
                    throw in.fail("bad influence sector " + i);
                }
                m[i] = in.readFloat();
                last = i;
            }
        }
    }

    /** The raw sum of {@code side} in {@code sector} as {@code viewer} sees it. */
    public float raw(int viewer, int side, int sector) {
        return raw[viewer * 2 + side][sector];
    }

    /** The blurred value of {@code side} in {@code sector} as {@code viewer} sees it. */
    public float value(int viewer, int side, int sector) {
        return blurred[viewer * 2 + side][sector];
    }

    /** Total raw strength of {@code side} over the map as {@code viewer} sees it. */
    public float total(int viewer, int side) {
        float sum = 0f;
        for (float v : raw[viewer * 2 + side]) {
            sum += v;
        }
        return sum;
    }

    /** The sector holding world point {@code (x, y)}, clamped onto the map. */
    public int sectorOf(float x, float y) {
        int c = Math.max(0, Math.min(cols - 1, (int) Math.floor(x) / sector));
        int r = Math.max(0, Math.min(rows - 1, (int) Math.floor(y) / sector));
        return r * cols + c;
    }

    /** Centre of a sector along x, in world units. */
    public float centerX(int s) {
        return (s % cols + 0.5f) * sector;
    }

    /** Centre of a sector along y, in world units. */
    public float centerY(int s) {
        return (s / cols + 0.5f) * sector;
    }

    public int columns() {
        return cols;
    }

    public int rows() {
        return rows;
    }

    /** Sectors in all: {@code columns() * rows()}. */
    public int sectors() {
        return cols * rows;
    }

    /** Side of a sector in cells. */
    public int sectorSize() {
        return sector;
    }
}
