package dev.ecsloop.demo.influence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class InfluenceMapTest {

    @Test
    void rawSumsAddEveryContributionToItsSector() {
        InfluenceMap m = new InfluenceMap(40, 40, 8); // 5 x 5 sectors
        m.clear();
        m.add(0, InfluenceMap.OWN, 1f, 1f, 2f);
        m.add(0, InfluenceMap.OWN, 7.9f, 7.9f, 3f);
        m.add(0, InfluenceMap.OWN, 8f, 0f, 5f);
        m.add(0, InfluenceMap.ENEMY, 39f, 39f, 1.5f);
        m.add(1, InfluenceMap.OWN, 100f, -3f, 4f); // off the map: clamped to the corner sector (4, 0)
        assertEquals(5f, m.raw(0, InfluenceMap.OWN, 0));
        assertEquals(5f, m.raw(0, InfluenceMap.OWN, 1));
        assertEquals(1.5f, m.raw(0, InfluenceMap.ENEMY, 24));
        assertEquals(4f, m.raw(1, InfluenceMap.OWN, 4));
        assertEquals(10f, m.total(0, InfluenceMap.OWN));
        assertEquals(0f, m.total(1, InfluenceMap.ENEMY));
    }

    @Test
    void onePassSpreadsAPointAsTheOuterProductOfQuarterHalfQuarter() {
        InfluenceMap m = new InfluenceMap(40, 40, 8);
        m.clear();
        m.add(1, InfluenceMap.ENEMY, 20f, 20f, 16f); // sector (2, 2) = 12
        m.blur(1);
        float[][] expected = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}}; // 16 * [1/4 1/2 1/4]^T [1/4 1/2 1/4]
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                assertEquals(expected[dy + 1][dx + 1], m.value(1, InfluenceMap.ENEMY, 12 + dy * 5 + dx), 0f);
            }
        }
        assertEquals(0f, m.value(1, InfluenceMap.ENEMY, 0), "two sectors away after one pass: nothing");
        assertEquals(16f, m.raw(1, InfluenceMap.ENEMY, 12), "the raw map is untouched");
    }

    @Test
    void twoPassesGiveTheBinomialKernelAndTheEdgeLeaks() {
        InfluenceMap m = new InfluenceMap(40, 40, 8);
        m.clear();
        m.add(0, InfluenceMap.OWN, 0f, 20f, 16f); // sector (0, 2) on the left edge
        m.blur(2);
        // Along x from the edge: [6 4 1]/16 kept on the map (the 4 and 1 beyond the edge leak off, the one
        // that leaked at the first pass does not come back). Along y: [1 4 6 4 1]/16.
        // Pass 1 in x at column 0: 0.5 * 16 = 8, column 1: 4. Pass 2: col 0 = 0.5 * 8 + 0.25 * 4 = 5,
        // col 1 = 0.25 * 8 + 0.5 * 4 = 4, col 2 = 0.25 * 4 = 1. Then y weights 6/16 at the centre row.
        assertEquals(5f * 6f / 16f, m.value(0, InfluenceMap.OWN, 10), 1e-6f);
        assertEquals(4f * 4f / 16f, m.value(0, InfluenceMap.OWN, 5 + 1), 1e-6f);
        assertEquals(1f * 1f / 16f, m.value(0, InfluenceMap.OWN, 2), 1e-6f);
    }

    @Test
    void zeroPassesCopyTheRawMap() {
        InfluenceMap m = new InfluenceMap(16, 16, 4);
        m.clear();
        m.add(0, InfluenceMap.ENEMY, 5f, 9f, 7f);
        m.blur(0);
        assertEquals(7f, m.value(0, InfluenceMap.ENEMY, m.sectorOf(5f, 9f)));
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new InfluenceMap(16, 16, 0));
    }

    /** Away from the edges a blur keeps the total: the kernel sums to one. */
    @Property(tries = 100)
    void blurKeepsTheTotalAwayFromTheEdges(@ForAll @IntRange(min = 3, max = 6) int col,
                                           @ForAll @IntRange(min = 3, max = 6) int row,
                                           @ForAll @FloatRange(min = 0.5f, max = 100f) float w) {
        InfluenceMap m = new InfluenceMap(80, 80, 8); // 10 x 10 sectors
        m.clear();
        m.add(0, InfluenceMap.OWN, col * 8 + 1, row * 8 + 1, w);
        m.blur(3);
        float sum = 0f;
        for (int s = 0; s < m.sectors(); s++) {
            sum += m.value(0, InfluenceMap.OWN, s);
        }
        assertEquals(w, sum, w * 1e-5f);
    }

    @Property(tries = 50)
    void aRebuildPerViewerIsTheSerialSumsAndBlurBitForBit(@ForAll @IntRange(min = 1, max = 4) int workers,
                                                        @ForAll @IntRange(min = 0, max = 4) int passes,
                                                        @ForAll @IntRange(min = 16, max = 120) int side,
                                                        @ForAll @IntRange(min = 0, max = 2_000) int units,
                                                        @ForAll long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        InfluenceMap serial = new InfluenceMap(side, side + 7, 8);
        InfluenceMap parallel = new InfluenceMap(side, side + 7, 8);
        // The parallel map starts dirty: a rebuild clears what an earlier one left.
        parallel.add(1, InfluenceMap.ENEMY, 3f, 3f, 99f);
        int[] teams = new int[units];
        int[] sectors = new int[units];
        float[] weights = new float[units];
        boolean[] seen = new boolean[units];
        serial.clear();
        for (int i = 0; i < units; i++) {
            float x = (float) (rnd.nextDouble() * side);
            float y = (float) (rnd.nextDouble() * (side + 7));
            teams[i] = rnd.nextInt(2);
            sectors[i] = serial.sectorOf(x, y);
            weights[i] = (float) rnd.nextDouble() * 10f;
            seen[i] = rnd.nextBoolean();
            serial.add(teams[i], InfluenceMap.OWN, x, y, weights[i]);
            if (seen[i]) {
                serial.add(1 - teams[i], InfluenceMap.ENEMY, x, y, weights[i]);
            }
        }
        serial.blur(passes);
        dev.ecsloop.parallel.Parallel p = dev.ecsloop.parallel.Parallel.forLoop(workers, () -> "test",
                com.artemis.World::new);
        try {
            parallel.rebuild(units, teams, sectors, weights, seen, passes, p);
        } finally {
            p.close();
        }
        for (int m = 0; m < 4; m++) {
            for (int s = 0; s < serial.sectors(); s++) {
                assertEquals(Float.floatToRawIntBits(serial.raw(m / 2, m % 2, s)),
                        Float.floatToRawIntBits(parallel.raw(m / 2, m % 2, s)), "raw map " + m + " sector " + s);
                assertEquals(Float.floatToRawIntBits(serial.value(m / 2, m % 2, s)),
                        Float.floatToRawIntBits(parallel.value(m / 2, m % 2, s)), "map " + m + " sector " + s);
            }
        }
    }

    @Test
    void aRebuildAllocatesNothing() {
        InfluenceMap m = new InfluenceMap(256, 256, 8);
        int[] teams = {0, 1, 1};
        int[] sectors = {5, 77, 900};
        float[] weights = {1f, 2f, 3f};
        boolean[] seen = {true, false, true};
        for (int workers : new int[] {1, 3}) {
            dev.ecsloop.parallel.Parallel p = dev.ecsloop.parallel.Parallel.forLoop(workers, () -> "test",
                    com.artemis.World::new);
            try {
                assertEquals(0, dev.ecsloop.AllocationMeter.steadyStateBytes(
                        () -> m.rebuild(3, teams, sectors, weights, seen, 3, p), 5), workers + " workers");
            } finally {
                p.close();
            }
        }
    }
}
