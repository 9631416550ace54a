package dev.ecsloop.demo.spatial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.artemis.World;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.parallel.Parallel;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The parallel rebuild ({@link GridSort}) against the serial counting sort: slot for slot the same buckets, ids
 * and positions, at any number of workers, for any positions (off the map and on bucket edges too) and unit
 * counts of up to 10 chunks of units and 8 of rows, one grid or several filled by layer, both through the parallel
 * steps (forced at every worker count) and as a rebuild chooses (serially under {@link GridSort#PARALLEL_FROM}
 * workers); and a steady rebuild allocates nothing either way.
 */
class ParallelRebuildProperties {

    @Property(tries = 60)
    void theParallelGridIsTheSerialOneSlotForSlot(@ForAll @IntRange(min = 0, max = 20_000) int count,
                                                  @ForAll @IntRange(min = 1, max = 4) int workers,
                                                  @ForAll @IntRange(min = 1, max = 8) int cell,
                                                  @ForAll @IntRange(min = 5, max = 120) int side,
                                                  @ForAll boolean parallelSteps, @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float[] xs = new float[count];
        float[] ys = new float[count];
        for (int i = 0; i < count; i++) {
            xs[i] = position(rnd, side, cell);
            ys[i] = position(rnd, side, cell);
        }
        SpatialGrid serial = new SpatialGrid(side, side - 1, cell, count);
        SpatialGrid parallel = new SpatialGrid(side, side - 1, cell, count);
        serial.rebuild(count, xs, ys);
        Parallel p = Parallel.forLoop(workers, () -> "test", World::new);
        try {
            // Twice: the second rebuild reuses the buffers the first one grew and must not see its leftovers.
            float[] shuffled = xs.clone();
            for (int i = 0; i < count; i++) {
                shuffled[i] = position(rnd, side, cell);
            }
            if (parallelSteps) { // the parallel steps at any worker count, not only from GridSort.PARALLEL_FROM
                GridSort sort = new GridSort(parallel).inParallelFrom(1);
                sort.rebuild(count, shuffled, ys, null, p);
                sort.rebuild(count, xs, ys, null, p);
            } else {
                parallel.rebuild(count, shuffled, ys, p);
                parallel.rebuild(count, xs, ys, p);
            }
        } finally {
            p.close();
        }
        assertEquals(serial.size(), parallel.size());
        assertArrayEquals(serial.bucketStart, parallel.bucketStart, "bucket starts");
        assertArrayEquals(serial.sortedId, parallel.sortedId, "ids in slot order");
        assertArrayEquals(serial.sortedX, parallel.sortedX, "x in slot order");
        assertArrayEquals(serial.sortedY, parallel.sortedY, "y in slot order");
    }

    @Property(tries = 60)
    void gridsSortedTogetherAreEachTheSerialGridOfItsLayer(@ForAll @IntRange(min = 0, max = 20_000) int count,
                                                          @ForAll @IntRange(min = 1, max = 4) int workers,
                                                          @ForAll @IntRange(min = 1, max = 3) int layers,
                                                          @ForAll boolean parallelSteps, @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int side = 70;
        float[] xs = new float[count];
        float[] ys = new float[count];
        int[] layer = new int[count];
        for (int i = 0; i < count; i++) {
            xs[i] = position(rnd, side, 4);
            ys[i] = position(rnd, side, 4);
            // Long runs of one layer, as armies in id order come, mixed stretches, and now and then no layer.
            layer[i] = rnd.nextInt(40) == 0 ? (rnd.nextBoolean() ? -1 : layers)
                    : (i / 700) % 3 == 0 ? rnd.nextInt(layers) : (i / 700) % layers;
        }
        SpatialGrid[] grids = new SpatialGrid[layers];
        for (int g = 0; g < layers; g++) {
            grids[g] = new SpatialGrid(side, side + 3, 4, count);
        }
        GridSort sort = parallelSteps ? new GridSort(grids).inParallelFrom(1) : new GridSort(grids);
        Parallel p = Parallel.forLoop(workers, () -> "test", World::new);
        try {
            sort.rebuild(count, ys, xs, null, p); // leftovers the next rebuild must overwrite
            sort.rebuild(count, xs, ys, layer, p);
        } finally {
            p.close();
        }
        for (int g = 0; g < layers; g++) {
            // The serial grid over the layer's units alone, in index order, its ids mapped back to indices.
            int[] index = new int[count];
            float[] lx = new float[count];
            float[] ly = new float[count];
            int n = 0;
            for (int i = 0; i < count; i++) {
                if (layer[i] == g) {
                    index[n] = i;
                    lx[n] = xs[i];
                    ly[n] = ys[i];
                    n++;
                }
            }
            SpatialGrid serial = new SpatialGrid(side, side + 3, 4, count);
            serial.rebuild(n, lx, ly);
            int[] ids = new int[n];
            for (int s = 0; s < n; s++) {
                ids[s] = index[serial.sortedId[s]];
            }
            assertEquals(n, grids[g].size(), "layer " + g);
            assertArrayEquals(serial.bucketStart, grids[g].bucketStart, "layer " + g + " bucket starts");
            assertArrayEquals(ids, java.util.Arrays.copyOf(grids[g].sortedId, n), "layer " + g + " ids");
            assertArrayEquals(java.util.Arrays.copyOf(serial.sortedX, n), java.util.Arrays.copyOf(grids[g].sortedX, n));
            assertArrayEquals(java.util.Arrays.copyOf(serial.sortedY, n), java.util.Arrays.copyOf(grids[g].sortedY, n));
        }
    }

    /** Mostly inside the map, some outside it, some exactly on a bucket's edge, crowds in one bucket. */
    private static float position(SplittableRandom rnd, int side, int cell) {
        return switch (rnd.nextInt(6)) {
            case 0 -> (float) (rnd.nextDouble() * (side + 20) - 10);
            case 1 -> cell * rnd.nextInt(side / cell + 1);
            case 2 -> 1.5f;
            default -> (float) (rnd.nextDouble() * side);
        };
    }

    @Test
    void aSteadyParallelRebuildAllocatesNothing() {
        int n = 5_000;
        float[] xs = new float[n];
        float[] ys = new float[n];
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < n; i++) {
            xs[i] = (float) (rnd.nextDouble() * 256);
            ys[i] = (float) (rnd.nextDouble() * 256);
        }
        int[] teams = new int[n];
        for (int i = 0; i < n; i++) {
            teams[i] = i % 3 == 0 ? 1 : 0;
        }
        SpatialGrid grid = new SpatialGrid(256, 256, 1, n);
        GridSort both = new GridSort(new SpatialGrid(256, 256, 4, n), new SpatialGrid(256, 256, 4, n));
        GridSort forced = new GridSort(new SpatialGrid(256, 256, 4, n), new SpatialGrid(256, 256, 4, n))
                .inParallelFrom(1);
        for (int workers : new int[] {1, 2, 3}) {
            Parallel p = Parallel.forLoop(workers, () -> "test", World::new);
            try {
                assertEquals(0, AllocationMeter.steadyStateBytes(() -> grid.rebuild(n, xs, ys, p), 5),
                        workers + " workers");
                assertEquals(0, AllocationMeter.steadyStateBytes(() -> both.rebuild(n, xs, ys, teams, p), 5),
                        workers + " workers, two grids");
                assertEquals(0, AllocationMeter.steadyStateBytes(() -> forced.rebuild(n, xs, ys, teams, p), 5),
                        workers + " workers, two grids through the parallel steps");
            } finally {
                p.close();
            }
        }
    }
}
