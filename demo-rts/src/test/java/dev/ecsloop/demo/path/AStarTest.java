package dev.ecsloop.demo.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AStarTest {
    private static final int O = Moves.ORTHOGONAL;
    private static final int D = Moves.DIAGONAL;

    @Test
    void aStraightLineCostsOneOrthogonalStepPerCell() {
        GridMap map = GridMap.open(10, 3);
        Path p = new AStar(map).find(0, 1, 9, 1);
        assertEquals(10, p.length());
        assertEquals(9 * O, p.cost());
    }

    @Test
    void openGroundIsCrossedDiagonallyThenStraight() {
        GridMap map = GridMap.open(10, 10);
        Path p = new AStar(map).find(0, 0, 7, 3);
        assertEquals(3 * D + 4 * O, p.cost());
        assertEquals(8, p.length());
    }

    @Test
    void aWallIsWalkedAroundOptimally() {
        GridMap map = GridMap.fromAscii(
                ".......",
                "...#...",
                "...#...",
                "...#...",
                ".......");
        Path p = new AStar(map).find(1, 2, 5, 2);
        // To (3, 0) past the wall's end costs D + 2 O (the last diagonal would clip the wall), same back down.
        assertEquals(2 * D + 4 * O, p.cost());
        assertEquals(ReferenceDistances.from(map, 1, 2)[map.index(5, 2)], p.cost());
        assertEquals(ReferenceDistances.follow(map, p, p.startCell()), p.cost());
    }

    @Test
    void diagonalStepsNeverCutABlockedCorner() {
        GridMap map = GridMap.fromAscii(
                "..",
                "#.");
        Path p = new AStar(map).find(0, 0, 1, 1);
        assertEquals(2 * O, p.cost(), "the diagonal passes the rock at (0, 1), so it goes round");
        assertEquals(3, p.length());
    }

    @Test
    void aDiagonalIsTakenWhenBothSideCellsAreOpen() {
        GridMap map = GridMap.open(2, 2);
        Path p = new AStar(map).find(0, 0, 1, 1);
        assertEquals(D, p.cost());
        assertEquals(2, p.length());
    }

    @Test
    void twoRocksTouchingAtACornerFormAWall() {
        GridMap map = GridMap.fromAscii(
                ".#",
                "#.");
        assertSame(Path.unreachable(), new AStar(map).find(0, 0, 1, 1));
    }

    @Test
    void unreachableAndBlockedGoalsAnswerNoPathWithoutSearching() {
        GridMap map = GridMap.fromAscii(
                "..#..",
                "..#..",
                "..#..");
        AStar astar = new AStar(map);
        Path walledOff = astar.find(0, 0, 4, 0);
        assertFalse(walledOff.reachable());
        assertEquals(0, walledOff.length());
        assertEquals(-1, walledOff.goalCell());
        assertEquals(0, astar.lastExpansions());
        assertFalse(astar.find(0, 0, 2, 1).reachable(), "goal on rock");
        assertFalse(astar.find(2, 1, 0, 0).reachable(), "start on rock");
    }

    @Test
    void startEqualToGoalIsAOneCellPathOfCostZero() {
        GridMap map = GridMap.open(4, 4);
        Path p = new AStar(map).find(2, 3, 2, 3);
        assertTrue(p.reachable());
        assertEquals(1, p.length());
        assertEquals(0, p.cost());
        assertEquals(-1, p.nextCell(map.index(2, 3)), "already there");
    }

    @Test
    void cellsOutsideTheMapAreRejected() {
        AStar astar = new AStar(GridMap.open(4, 4));
        assertThrows(IllegalArgumentException.class, () -> astar.find(-1, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> astar.find(0, 0, 4, 1));
    }

    @Test
    void costsMatchAReferenceDijkstraOnGeneratedMaps() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (long seed = 0; seed < 4; seed++) {
            GridMap map = MapGenerator.generate(48, 48, seed);
            AStar astar = new AStar(map);
            for (int q = 0; q < 10; q++) {
                int s = randomOpen(map, rnd);
                int[] ref = ReferenceDistances.from(map, map.xOf(s), map.yOf(s));
                for (int k = 0; k < 20; k++) {
                    int g = randomOpen(map, rnd);
                    Path p = astar.find(map.xOf(s), map.yOf(s), map.xOf(g), map.yOf(g));
                    assertEquals(ref[g], p.cost(), "seed " + seed + " " + s + " -> " + g);
                    assertEquals(p.cost(), ReferenceDistances.follow(map, p, s), "steps add up to the cost");
                }
            }
        }
    }

    @Test
    void reusingOneInstanceGivesTheSameAnswersAsFreshOnes() {
        GridMap map = MapGenerator.generate(64, 64, 11);
        AStar reused = new AStar(map);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            int s = randomOpen(map, rnd);
            int g = randomOpen(map, rnd);
            Path a = reused.find(map.xOf(s), map.yOf(s), map.xOf(g), map.yOf(g));
            Path b = new AStar(map).find(map.xOf(s), map.yOf(s), map.xOf(g), map.yOf(g));
            assertEquals(b.length(), a.length());
            for (int c = 0; c < a.length(); c++) {
                assertEquals(b.cell(c), a.cell(c));
            }
        }
    }

    @Test
    void aSearchRunInSlicesEndsWhereAWholeSearchDoes() {
        GridMap map = MapGenerator.generate(64, 64, 4);
        AStar whole = new AStar(map);
        Path expected = whole.find(0, 0, 60, 60);
        AStar sliced = new AStar(map);
        sliced.begin(map.index(0, 0), map.index(60, 60));
        int slices = 0;
        while (!sliced.done()) {
            assertTrue(sliced.step(7) <= 7);
            slices++;
        }
        assertEquals(expected.cost(), sliced.result().cost());
        assertEquals(whole.lastExpansions(), sliced.lastExpansions());
        assertTrue(slices > 1);
    }

    static int randomOpen(GridMap map, SplittableRandom rnd) {
        while (true) {
            int c = rnd.nextInt(map.cellCount());
            if (map.isWalkable(c)) {
                return c;
            }
        }
    }
}
