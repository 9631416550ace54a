package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecsloop.demo.spatial.SpatialGrid;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Combat's block presence read off a team grid, against the count per block it replaced. */
class CombatPresenceProperties {

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
}
