package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.artemis.World;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.demo.spatial.SpatialGrid;
import dev.ecsloop.parallel.Parallel;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Combat's parallel pieces against the serial code they replaced: the team split (a parallel stable partition)
 * and block presence read off a team grid (instead of a count per block).
 */
class CombatSplitProperties {

    @Property(tries = 60)
    void theParallelSplitIsTheSerialOneInIdOrder(@ForAll @IntRange(min = 0, max = 6_000) int count,
                                                @ForAll @IntRange(min = 1, max = 4) int workers,
                                                @ForAll long seed) {
        UnitArrays all = units(count, new SplittableRandom(seed));
        TeamSplit split = new TeamSplit();
        Parallel p = Parallel.forLoop(workers, () -> "test", World::new);
        try {
            split.fill(units(count, new SplittableRandom(seed + 1)), p); // leftovers the next fill must overwrite
            split.fill(all, p);
        } finally {
            p.close();
        }
        for (int team = 0; team < 2; team++) {
            // The serial partition the split replaced: one pass in dense (entity id) order per team.
            int[] dense = new int[count];
            float[] xs = new float[count];
            float[] ys = new float[count];
            int n = 0;
            for (int i = 0; i < count; i++) {
                if (all.teams[i] == team) {
                    dense[n] = i;
                    xs[n] = all.xs[i];
                    ys[n] = all.ys[i];
                    n++;
                }
            }
            TeamSplit.Team got = split.teams[team];
            assertEquals(n, got.count, "team " + team);
            assertArrayEquals(Arrays.copyOf(dense, n), Arrays.copyOf(got.dense, n), "team " + team + " order");
            assertArrayEquals(Arrays.copyOf(xs, n), Arrays.copyOf(got.xs, n));
            assertArrayEquals(Arrays.copyOf(ys, n), Arrays.copyOf(got.ys, n));
        }
    }

    /** Random units of teams 0 and 1, now and then of another team (which belongs to neither half). */
    private static UnitArrays units(int count, SplittableRandom rnd) {
        UnitArrays a = new UnitArrays();
        a.count = count;
        a.ids = new int[count];
        a.xs = new float[count];
        a.ys = new float[count];
        a.teams = new int[count];
        for (int i = 0; i < count; i++) {
            a.ids[i] = 3 * i + 1;
            a.xs[i] = (float) (rnd.nextDouble() * 256);
            a.ys[i] = (float) (rnd.nextDouble() * 256);
            // Long runs of one team, as armies in id order come, and mixed stretches.
            a.teams[i] = rnd.nextInt(50) == 0 ? 2 : (i / 700) % 3 == 0 ? rnd.nextInt(2) : (i / 700) % 2;
        }
        return a;
    }

    @Property(tries = 100)
    void presenceReadOffTheGridIsTheCountPerBlock(@ForAll @IntRange(min = 16, max = 90) int width,
                                                  @ForAll @IntRange(min = 16, max = 90) int height,
                                                  @ForAll @IntRange(min = 0, max = 60) int count,
                                                  @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float[] xs = new float[count];
        float[] ys = new float[count];
        for (int i = 0; i < count; i++) {
            xs[i] = coordinate(rnd, width);
            ys[i] = coordinate(rnd, height);
        }
        int cols = (width + CombatSystem.BLOCK - 1) / CombatSystem.BLOCK;
        int rows = (height + CombatSystem.BLOCK - 1) / CombatSystem.BLOCK;
        // The count per block that combat kept before, by the same block formula.
        int[] presence = new int[cols * rows];
        for (int i = 0; i < count; i++) {
            presence[CombatSystem.block(xs[i], cols) + cols * CombatSystem.block(ys[i], rows)]++;
        }
        SpatialGrid grid = new SpatialGrid(width, height, CombatSystem.BUCKET, count);
        grid.rebuild(count, xs, ys);
        for (int by = 0; by < rows; by++) {
            for (int bx = 0; bx < cols; bx++) {
                boolean expected = false;
                for (int r = Math.max(0, by - 1); r <= Math.min(rows - 1, by + 1); r++) {
                    for (int c = Math.max(0, bx - 1); c <= Math.min(cols - 1, bx + 1); c++) {
                        expected |= presence[r * cols + c] > 0;
                    }
                }
                assertEquals(expected, CombatSystem.occupiedAround(grid, bx, by), "block " + bx + ", " + by);
            }
        }
    }

    /** Inside the map, on block and bucket edges, just below them, and off the map on either side. */
    private static float coordinate(SplittableRandom rnd, int side) {
        return switch (rnd.nextInt(5)) {
            case 0 -> 4 * rnd.nextInt(side / 4 + 2);
            case 1 -> Math.nextDown((float) (4 * rnd.nextInt(side / 4 + 2)));
            case 2 -> (float) (rnd.nextDouble() * (side + 40) - 20);
            default -> (float) (rnd.nextDouble() * side);
        };
    }

    @Test
    void aSteadySplitAllocatesNothing() {
        UnitArrays all = units(5_000, new SplittableRandom(9));
        TeamSplit split = new TeamSplit();
        for (int workers : new int[] {1, 3}) {
            Parallel p = Parallel.forLoop(workers, () -> "test", World::new);
            try {
                assertEquals(0, AllocationMeter.steadyStateBytes(() -> split.fill(all, p), 5), workers + " workers");
            } finally {
                p.close();
            }
        }
    }
}
