package dev.ecsloop.demo.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GridMapTest {

    private final GridMap map = GridMap.fromAscii(
            "..#..",
            "..#..",
            "..#..",
            "#####",
            "....#");

    @Test
    void asciiHashIsBlockedAndDotIsOpenWithFirstRowAtYZero() {
        assertEquals(5, map.width());
        assertEquals(5, map.height());
        assertTrue(map.isWalkable(0, 0));
        assertFalse(map.isWalkable(2, 0));
        assertFalse(map.isWalkable(4, 4));
        assertTrue(map.isWalkable(0, 4));
        assertEquals(9, map.blockedCount());
    }

    @Test
    void everythingOutsideTheGridIsBlocked() {
        assertFalse(map.isWalkable(-1, 0));
        assertFalse(map.isWalkable(0, -1));
        assertFalse(map.isWalkable(5, 0));
        assertFalse(map.isWalkable(0, 5));
        assertFalse(map.isWalkable(-1));
        assertFalse(map.isWalkable(25));
        assertEquals(0, map.componentAt(-1, -1));
    }

    @Test
    void worldPositionsFallInTheCellThatContainsThem() {
        assertTrue(map.isWalkableAt(0f, 0f));
        assertTrue(map.isWalkableAt(1.999f, 2.5f));
        assertFalse(map.isWalkableAt(2.0f, 0.5f));
        assertFalse(map.isWalkableAt(-0.01f, 0.5f), "just left of the map is outside, not cell 0");
        assertEquals(-1, GridMap.cellCoord(-0.01f));
        assertEquals(3, GridMap.cellCoord(3.99f));
    }

    @Test
    void wallsSplitTheMapIntoComponents() {
        assertEquals(3, map.componentCount());
        assertTrue(map.connected(0, 0, 1, 2));
        assertFalse(map.connected(0, 0, 3, 0));
        assertFalse(map.connected(0, 0, 0, 4));
        assertFalse(map.connected(0, 0, 2, 0), "a blocked cell is connected to nothing");
    }

    @Test
    void diagonallyTouchingCellsAreNotConnected() {
        GridMap checker = GridMap.fromAscii(".#", "#.");
        assertFalse(checker.connected(0, 0, 1, 1));
    }

    @Test
    void badSizesAreRejectedWithTheOffendingValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GridMap.open(0, 5));
        assertTrue(e.getMessage().contains("width") && e.getMessage().contains("0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GridMap.open(5, GridMap.MAX_SIZE + 1));
        assertThrows(IllegalArgumentException.class, () -> GridMap.fromAscii());
        assertThrows(IllegalArgumentException.class, () -> GridMap.fromAscii("...", ".."));
        assertThrows(IllegalArgumentException.class, () -> GridMap.fromAscii(".x."));
    }

    @Test
    void nearestWalkableSnapsAClickOnRockToTheClosestOpenCell() {
        GridMap rock = GridMap.fromAscii(
                ".....",
                ".###.",
                ".###.",
                ".###.",
                ".....");
        int snapped = rock.nearestWalkable(2, 2);
        assertEquals(2, Math.max(Math.abs(rock.xOf(snapped) - 2), Math.abs(rock.yOf(snapped) - 2)));
        assertEquals(rock.index(0, 0), snapped, "ties go to the first cell of the ring in row-major order");
        assertEquals(rock.index(0, 0), rock.nearestWalkable(0, 0));
        assertEquals(-1, GridMap.fromAscii("##").nearestWalkable(0, 0));
    }

    @Test
    void asciiRoundTrips() {
        assertEquals(map, GridMap.fromAscii(map.toAscii().split("\n")));
    }
}
