package dev.ecsloop.demo.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import org.junit.jupiter.api.Test;

class FlowFieldTest {

    @Test
    void everyReachableCellLeadsToTheGoalAtOptimalCost() {
        for (long seed = 0; seed < 3; seed++) {
            GridMap map = MapGenerator.generate(48, 40, seed);
            int gx = 30;
            int gy = 20;
            int goal = map.nearestWalkable(gx, gy);
            FlowField field = FlowField.compute(map, map.xOf(goal), map.yOf(goal));
            int[] ref = ReferenceDistances.from(map, map.xOf(goal), map.yOf(goal));
            for (int c = 0; c < map.cellCount(); c++) {
                if (ref[c] != ReferenceDistances.INFINITY) {
                    assertEquals(ref[c], ReferenceDistances.follow(map, field, c), "seed " + seed + " cell " + c);
                }
            }
        }
    }

    @Test
    void theGoalAndCellsItCannotReachHaveNoDirection() {
        GridMap map = GridMap.fromAscii(
                "...#..",
                "...#..",
                "...#..");
        FlowField field = FlowField.compute(map, 0, 0);
        assertEquals(-1, field.nextCell(map.index(0, 0)));
        assertEquals(-1, field.nextCell(map.index(5, 1)), "other side of the wall");
        assertEquals(-1, field.nextCell(map.index(3, 1)), "rock");
        assertEquals(-1, field.nextCell(-5), "outside");
        assertEquals(map.index(0, 0), field.nextCell(map.index(1, 1)));
    }

    @Test
    void directionsRespectTheCornerRule() {
        GridMap map = GridMap.fromAscii(
                "..",
                "#.");
        FlowField field = FlowField.compute(map, 0, 0);
        assertEquals(map.index(1, 0), field.nextCell(map.index(1, 1)));
    }

    @Test
    void aBlockedGoalIsRejected() {
        GridMap map = GridMap.fromAscii(".#");
        assertThrows(IllegalArgumentException.class, () -> FlowField.compute(map, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> FlowField.compute(map, 2, 0));
    }
}
