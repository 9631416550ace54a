package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RenderSnapshotTest {

    @Test
    void unitsGrowPastTheInitialCapacityKeepingEveryValue() {
        RenderSnapshot s = new RenderSnapshot();
        for (int i = 0; i < 10_000; i++) {
            s.addUnit(i, -i, 0.5f, i & 1, 1f, i % 3 == 0);
        }
        assertEquals(10_000, s.unitCount());
        assertTrue(s.unitCapacity() >= 10_000);
        assertEquals(9_999f, s.x[9_999]);
        assertEquals(-4_321f, s.y[4_321]);
        assertEquals(1, s.team[9_999]);
        assertTrue(s.selected[9_999]);
    }

    @Test
    void clearKeepsTheArraysSoASteadyFrameAllocatesNothing() {
        RenderSnapshot s = new RenderSnapshot();
        for (int i = 0; i < 3_000; i++) {
            s.addUnit(i, i, 0, 0, 1, false);
        }
        float[] xs = s.x;
        s.clear();
        assertEquals(0, s.unitCount());
        for (int i = 0; i < 3_000; i++) {
            s.addUnit(i, i, 0, 0, 1, false);
        }
        assertSame(xs, s.x);
    }

    @Test
    void healthIsClampedAndOtherTeamsDrawAsTeamOne() {
        RenderSnapshot s = new RenderSnapshot();
        s.addUnit(0, 0, 0, 7, 1.5f, false);
        s.addUnit(0, 0, 0, 0, -1f, false);
        assertEquals(1, s.team[0]);
        assertEquals(1f, s.health[0]);
        assertEquals(0f, s.health[1]);
    }

    @Test
    void pathsNeedTwoPointsAndCountOneSegmentPerPair() {
        RenderSnapshot s = new RenderSnapshot();
        s.addPath(new float[] {0, 0, 1, 1, 2, 0}, 0, 3);
        s.beginPath();
        s.pathPoint(5, 5); // a single point: dropped
        s.beginPath();
        s.pathPoint(1, 2);
        s.pathPoint(3, 4);
        assertEquals(2, s.pathCount());
        assertEquals(3, s.pathSegments());
        assertEquals(5, s.pathPoints);
    }

    @Test
    void pathPointWithoutBeginIsRefused() {
        assertThrows(IllegalStateException.class, () -> new RenderSnapshot().pathPoint(0, 0));
    }

    @Test
    void mapIsCopiedAndVersionedAndOutsideCountsAsBlocked() {
        RenderSnapshot s = new RenderSnapshot();
        boolean[] cells = {false, true, false, false, false, false};
        s.setMap(3, 2, cells);
        cells[0] = true;
        assertEquals(false, s.isBlocked(0, 0));
        assertEquals(true, s.isBlocked(1, 0));
        assertEquals(true, s.isBlocked(-1, 0));
        assertEquals(true, s.isBlocked(3, 1));
        int v = s.mapVersion;
        s.setMap(3, 2, cells);
        assertEquals(v + 1, s.mapVersion);
        s.clear();
        assertEquals(3, s.mapWidth());
    }

    @Test
    void mapWithTheWrongNumberOfCellsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RenderSnapshot().setMap(3, 2, new boolean[5]));
        assertThrows(IllegalArgumentException.class, () -> new RenderSnapshot().setMap(0, 0, new boolean[0]));
    }
}
