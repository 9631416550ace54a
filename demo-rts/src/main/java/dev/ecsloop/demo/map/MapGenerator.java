package dev.ecsloop.demo.map;

import dev.ecsloop.demo.random.SplitMix64;
import java.util.Arrays;

/**
 * Generates terrain-like maps from a seed: rock clusters (overlapping discs grown along a short random walk)
 * and ridges (long thin random walks), smoothed by one cellular-automaton pass so edges look natural.
 *
 * <p>Guarantees, for every seed: the result is a pure function of {@code (width, height, seed)} (own
 * {@link SplitMix64}, integer math only); the two spawn areas ({@link #spawnArea}) are fully open; and the
 * map is a single connected component. Connectivity is enforced, not hoped for: if the spawns are cut off
 * from each other a 3-cell-wide corridor is carved between them, and any open pocket not reachable from
 * team 0's spawn is filled with rock, since units could never get there anyway.
 */
public final class MapGenerator {
    private MapGenerator() {
    }

    /** A {@link GridMap#DEFAULT_SIZE} square map. */
    public static GridMap generate(long seed) {
        return generate(GridMap.DEFAULT_SIZE, GridMap.DEFAULT_SIZE, seed);
    }

    /**
     * @throws IllegalArgumentException if a size is outside {@code [16, GridMap.MAX_SIZE]}: smaller maps leave
     *                                  no room for two spawn areas plus terrain between them
     */
    public static GridMap generate(int width, int height, long seed) {
        checkGeneratedSize("width", width);
        checkGeneratedSize("height", height);
        SplitMix64 rng = new SplitMix64(seed);
        boolean[] rock = new boolean[width * height];
        int area = width * height;
        for (int i = 0, n = Math.max(1, area / 1100); i < n; i++) {
            cluster(rock, width, height, rng);
        }
        for (int i = 0, n = Math.max(1, area / 5000); i < n; i++) {
            ridge(rock, width, height, rng);
        }
        rock = smooth(rock, width, height);
        CellRect a = spawnArea(0, width, height);
        CellRect b = spawnArea(1, width, height);
        clear(rock, width, a);
        clear(rock, width, b);
        int[] labels = new int[area];
        Components.label(width, height, rock, labels);
        if (labels[a.centerY() * width + a.centerX()] != labels[b.centerY() * width + b.centerX()]) {
            corridor(rock, width, height, a.centerX(), a.centerY(), b.centerX(), b.centerY());
            Arrays.fill(labels, 0);
            Components.label(width, height, rock, labels);
        }
        int keep = labels[a.centerY() * width + a.centerX()];
        for (int i = 0; i < area; i++) {
            if (labels[i] != keep) {
                rock[i] = true;
            }
        }
        return new GridMap(width, height, rock);
    }

    private static void checkGeneratedSize(String name, int size) {
        if (size < 16 || size > GridMap.MAX_SIZE) {
            throw new IllegalArgumentException(name + " must be in [16, " + GridMap.MAX_SIZE + "], was " + size);
        }
    }

    /**
     * The open spawn area of a team: team 0 in the corner at {@code (0, 0)}, team 1 in the opposite corner.
     * Its side is an eighth of the shorter map side, at least 4 cells (32 on the default map).
     *
     * @throws IllegalArgumentException if {@code team} is not 0 or 1
     */
    public static CellRect spawnArea(int team, int width, int height) {
        int side = Math.max(4, Math.min(width, height) / 8);
        return switch (team) {
            case 0 -> new CellRect(0, 0, side, side);
            case 1 -> new CellRect(width - side, height - side, side, side);
            default -> throw new IllegalArgumentException("team must be 0 or 1, was " + team);
        };
    }

    private static void cluster(boolean[] rock, int w, int h, SplitMix64 rng) {
        int x = rng.nextInt(w);
        int y = rng.nextInt(h);
        for (int i = 0, discs = rng.nextInt(2, 6); i < discs; i++) {
            disc(rock, w, h, x, y, rng.nextInt(2, 5));
            x += rng.nextInt(-4, 4);
            y += rng.nextInt(-4, 4);
        }
    }

    private static void ridge(boolean[] rock, int w, int h, SplitMix64 rng) {
        int x = rng.nextInt(w);
        int y = rng.nextInt(h);
        int dir = rng.nextInt(8);
        int radius = rng.nextInt(1, 2);
        for (int i = 0, len = rng.nextInt(20, 60); i < len; i++) {
            disc(rock, w, h, x, y, radius);
            int turn = rng.nextInt(6);
            if (turn == 0) {
                dir = (dir + 1) & 7;
            } else if (turn == 1) {
                dir = (dir + 7) & 7;
            }
            x += DX[dir];
            y += DY[dir];
        }
    }

    private static final int[] DX = {1, 1, 0, -1, -1, -1, 0, 1};
    private static final int[] DY = {0, 1, 1, 1, 0, -1, -1, -1};

    private static void disc(boolean[] rock, int w, int h, int cx, int cy, int r) {
        for (int y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++) {
            for (int x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++) {
                int dx = x - cx;
                int dy = y - cy;
                if (dx * dx + dy * dy <= r * r + r) {
                    rock[y * w + x] = true;
                }
            }
        }
    }

    /** One 3x3 majority pass: rock where at least 5 of the 9 cells are rock; the border counts as open. */
    private static boolean[] smooth(boolean[] rock, int w, int h) {
        boolean[] out = new boolean[rock.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int n = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int nx = x + dx;
                        int ny = y + dy;
                        if (nx >= 0 && ny >= 0 && nx < w && ny < h && rock[ny * w + nx]) {
                            n++;
                        }
                    }
                }
                out[y * w + x] = n >= 5;
            }
        }
        return out;
    }

    private static void clear(boolean[] rock, int w, CellRect r) {
        for (int y = r.y(); y < r.y() + r.height(); y++) {
            for (int x = r.x(); x < r.x() + r.width(); x++) {
                rock[y * w + x] = false;
            }
        }
    }

    /**
     * Clears a 3x3 square at every point of the Bresenham line between two cells: consecutive points are at
     * most one diagonal step apart, so their squares overlap and the corridor is 4-connected.
     */
    private static void corridor(boolean[] rock, int w, int h, int x0, int y0, int x1, int y1) {
        int dx = Math.abs(x1 - x0);
        int dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1;
        int sy = y0 < y1 ? 1 : -1;
        int err = dx + dy;
        int x = x0;
        int y = y0;
        while (true) {
            for (int cy = Math.max(0, y - 1); cy <= Math.min(h - 1, y + 1); cy++) {
                for (int cx = Math.max(0, x - 1); cx <= Math.min(w - 1, x + 1); cx++) {
                    rock[cy * w + cx] = false;
                }
            }
            if (x == x1 && y == y1) {
                return;
            }
            int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                x += sx;
            }
            if (e2 <= dx) {
                err += dx;
                y += sy;
            }
        }
    }
}
