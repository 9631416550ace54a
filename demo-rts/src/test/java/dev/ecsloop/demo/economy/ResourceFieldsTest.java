package dev.ecsloop.demo.economy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ResourceFieldsTest {

    @Test
    void everyFieldCellIsWalkableAndDistinctAndBasesSitInTheirSpawnCorners() {
        GridMap map = MapGenerator.generate(256, 256, 7);
        ResourceFields f = new ResourceFields(map);
        for (int team = 0; team < 2; team++) {
            Set<Integer> seen = new HashSet<>();
            assertTrue(f.cellCount(team) >= f.fieldCount(), "at least a cell per field");
            for (int i = 0; i < f.cellCount(team); i++) {
                int c = f.cell(team, i);
                assertTrue(map.isWalkable(c), "walkable: " + c);
                assertTrue(seen.add(c), "distinct: " + c);
            }
            assertTrue(map.isWalkable(f.baseCell(team)));
        }
        assertTrue(map.xOf(f.baseCell(0)) < 32 && map.yOf(f.baseCell(0)) < 32);
        assertTrue(map.xOf(f.baseCell(1)) >= 224 && map.yOf(f.baseCell(1)) >= 224);
        assertNotEquals(f.cell(0, 0), f.cell(0, 1), "consecutive harvesters get their own cells");
        assertEquals(f.cell(1, 3), f.cell(1, 3 + f.cellCount(1)), "slots wrap round");
    }
}
