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
 * <p>An update is {@link #clear()}, one {@link #add} per contribution, then {@link #blur(int)}; or, for one
 * contribution per unit, {@link #rebuild}, which does all three per viewer through the parallel-for. The blur is
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
    /** The viewers, the "ids" of {@link #rebuild}'s chunks. */
    private static final int[] VIEWERS = {0, 1};
    private final Chunk.Task rebuildViewer = this::rebuildViewer;
    /** {@link #rebuild}'s arguments, for its chunks; null outside it. */
    private int count;
    private int[] teams;
    private int[] unitSectors;
    private float[] weights;
    private boolean[] seenByEnemy;
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

    /** Recomputes every blurred map from the raw ones with {@code passes} passes (0: a copy). */
    public void blur(int passes) {
        for (int m = 0; m < 4; m++) {
            blur(m, passes);
        }
    }

    /**
     * Rebuilds every map from one contribution per unit (0 to {@code count - 1}): viewer v's own map sums the
     * weights of team v's units, its enemy map those of the other team's units that v sees; then all four blur
     * with {@code passes} passes. Each viewer is a chunk of the parallel-for that clears, sums and blurs its own
     * two maps, adding its units in index order: every sector adds the same floats in the same order as
     * {@link #clear()}, one {@link #add} per contribution in unit order and {@link #blur(int)} would, at
     * any number of workers.
     *
     * @param count       units
     * @param teams       per unit, its team: 0 or 1
     * @param sectors     per unit, its sector ({@link #sectorOf})
     * @param weights     per unit, its strength
     * @param seenByEnemy per unit, whether the other team sees it
     * @param passes      blur passes
     * @param parallel    the loop's parallel-for
     */
    public void rebuild(int count, int[] teams, int[] sectors, float[] weights, boolean[] seenByEnemy, int passes,
                        Parallel parallel) {
        this.count = count;
        this.teams = teams;
        this.unitSectors = sectors;
        this.weights = weights;
        this.seenByEnemy = seenByEnemy;
        this.passes = passes;
        try {
            parallel.forEach(VIEWERS, VIEWERS.length, 1, rebuildViewer);
        } finally {
            this.teams = null;
            this.unitSectors = null;
            this.weights = null;
            this.seenByEnemy = null;
        }
    }

    /** One viewer's two maps: its own units' weights and the seen enemies', in unit order; then their blur. */
    private void rebuildViewer(Chunk chunk) {
        for (int k = chunk.first(); k < chunk.end(); k++) {
            int viewer = chunk.entity(k);
            float[] own = raw[viewer * 2 + OWN];
            float[] enemy = raw[viewer * 2 + ENEMY];
            Arrays.fill(own, 0f);
            Arrays.fill(enemy, 0f);
            for (int i = 0; i < count; i++) {
                if (teams[i] == viewer) {
                    own[unitSectors[i]] += weights[i];
                } else if (seenByEnemy[i]) {
                    enemy[unitSectors[i]] += weights[i];
                }
            }
            blur(viewer * 2 + OWN, passes);
            blur(viewer * 2 + ENEMY, passes);
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
