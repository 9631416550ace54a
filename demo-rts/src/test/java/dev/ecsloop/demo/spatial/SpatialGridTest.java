package dev.ecsloop.demo.spatial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpatialGridTest {

    @Test
    void queriesReturnExactlyTheUnitsWithinTheRadiusComparedWithBruteForce() {
        SplittableRandom rnd = new SplittableRandom(17);
        int n = 20_000;
        float[] xs = new float[n];
        float[] ys = new float[n];
        SpatialGrid grid = new SpatialGrid(256, 256, 4, n);
        int[] out = new int[n];
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < n; i++) {
                // Some units outside the world, some exactly on bucket edges.
                xs[i] = i % 50 == 0 ? 4 * rnd.nextInt(64) : (float) (rnd.nextDouble() * 270 - 7);
                ys[i] = i % 50 == 0 ? 4 * rnd.nextInt(64) : (float) (rnd.nextDouble() * 270 - 7);
            }
            grid.rebuild(n, xs, ys);
            for (int q = 0; q < 300; q++) {
                float x = (float) (rnd.nextDouble() * 280 - 12);
                float y = (float) (rnd.nextDouble() * 280 - 12);
                float r = q % 10 == 0 ? 4f : (float) (rnd.nextDouble() * 12);
                int found = grid.query(x, y, r, out);
                int[] expected = bruteForce(xs, ys, n, x, y, r);
                int[] actual = Arrays.copyOf(out, found);
                Arrays.sort(actual);
                assertArrayEquals(expected, actual, "query (" + x + ", " + y + ") r " + r);
            }
        }
    }

    @Test
    void resultsComeInBucketOrderThenInsertionOrder() {
        SpatialGrid grid = new SpatialGrid(8, 8, 4, 10);
        float[] xs = {5, 1, 6, 2, 1};
        float[] ys = {1, 1, 5, 5, 2};
        grid.rebuild(5, xs, ys);
        int[] out = new int[5];
        assertEquals(5, grid.query(4, 4, 10, out));
        // bucket (0,0): ids 1, 4; bucket (1,0): id 0; bucket (0,1): id 3; bucket (1,1): id 2
        assertArrayEquals(new int[] {1, 4, 0, 3, 2}, out);
    }

    @Test
    void aFullOutputArrayStillReportsTheTotalCount() {
        SpatialGrid grid = new SpatialGrid(8, 8, 4, 10);
        grid.rebuild(3, new float[] {1, 2, 3}, new float[] {1, 1, 1});
        int[] out = new int[2];
        assertEquals(3, grid.query(2, 1, 5, out));
        assertArrayEquals(new int[] {0, 1}, out);
    }

    @Test
    void positionsAreCopiedSoLaterMovesWaitForTheNextRebuild() {
        SpatialGrid grid = new SpatialGrid(8, 8, 4, 10);
        float[] xs = {1};
        float[] ys = {1};
        grid.rebuild(1, xs, ys);
        xs[0] = 7;
        int[] out = new int[1];
        assertEquals(1, grid.query(1, 1, 0.5f, out));
        grid.rebuild(1, xs, ys);
        assertEquals(0, grid.query(1, 1, 0.5f, out));
    }

    @Test
    void nearestFindsTheClosestAcceptedUnitLikeBruteForce() {
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 3_000;
        float[] xs = new float[n];
        float[] ys = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (float) (rnd.nextDouble() * 128);
            ys[i] = (float) (rnd.nextDouble() * 128);
        }
        SpatialGrid grid = new SpatialGrid(128, 128, 8, n);
        grid.rebuild(n, xs, ys);
        for (int q = 0; q < 500; q++) {
            float x = (float) (rnd.nextDouble() * 128);
            float y = (float) (rnd.nextDouble() * 128);
            float r = (float) (rnd.nextDouble() * 10);
            int got = grid.nearest(x, y, r, id -> id % 2 == 0);
            int want = -1;
            float best = Float.MAX_VALUE;
            for (int i = 0; i < n; i += 2) {
                float dx = xs[i] - x;
                float dy = ys[i] - y;
                float d2 = dx * dx + dy * dy;
                if (d2 <= r * r && d2 < best) {
                    best = d2;
                    want = i;
                }
            }
            assertEquals(want, got);
        }
    }

    @Test
    void badSizesAndCountsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new SpatialGrid(0, 8, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpatialGrid(8, 8, Float.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpatialGrid(8, 8, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new SpatialGrid(1e9f, 1e9f, 1, 1));
        SpatialGrid grid = new SpatialGrid(8, 8, 1, 2);
        assertThrows(IllegalArgumentException.class, () -> grid.rebuild(3, new float[3], new float[3]));
        assertThrows(IllegalArgumentException.class, () -> grid.rebuild(2, new float[1], new float[2]));
    }

    private static int[] bruteForce(float[] xs, float[] ys, int n, float x, float y, float r) {
        int[] hits = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            float dx = xs[i] - x;
            float dy = ys[i] - y;
            if (dx * dx + dy * dy <= r * r) {
                hits[k++] = i;
            }
        }
        return Arrays.copyOf(hits, k);
    }

    @Test
    void separationAndQueryFirstAgreeWithTheFullQueryForTheFirstNeighbours() {
        SplittableRandom rng = new SplittableRandom(11);
        int n = 600;
        float[] xs = new float[n];
        float[] ys = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = rng.nextInt(4) == 0 ? (float) Math.floor(rng.nextDouble() * 10) : (float) (rng.nextDouble() * 10);
            ys[i] = (float) (rng.nextDouble() * 10);
        }
        xs[1] = xs[0]; // one pair at the very same spot
        ys[1] = ys[0];
        SpatialGrid grid = new SpatialGrid(10, 10, 1f, n);
        grid.rebuild(n, xs, ys);
        int[] all = new int[n];
        int[] first = new int[8];
        float[] push = new float[2];
        for (int self = 0; self < n; self++) {
            int found = Math.min(grid.query(xs[self], ys[self], 0.6f, all), n);
            int firstFound = grid.queryFirst(xs[self], ys[self], 0.6f, first);
            assertEquals(Math.min(found, 8), firstFound);
            assertArrayEquals(Arrays.copyOf(all, firstFound), Arrays.copyOf(first, firstFound));
            float px = 0f;
            float py = 0f;
            int used = 0;
            for (int k = 0; k < found && used < 5; k++) {
                int o = all[k];
                if (o == self) {
                    continue;
                }
                float dx = xs[self] - xs[o];
                float dy = ys[self] - ys[o];
                float d2 = dx * dx + dy * dy;
                if (d2 < 1e-10f) {
                    px += (self < o ? -1f : 1f) * 0.6f * 10f;
                } else {
                    float d = (float) Math.sqrt(d2);
                    float p = (0.6f - d) * 10f / d;
                    px += dx * p;
                    py += dy * p;
                }
                used++;
            }
            assertEquals(used, grid.separation(xs[self], ys[self], 0.6f, self, 5, 10f, push));
            assertEquals(px, push[0], 0f, "same neighbours, same order, same float sums");
            assertEquals(py, push[1], 0f);
        }
    }
}
