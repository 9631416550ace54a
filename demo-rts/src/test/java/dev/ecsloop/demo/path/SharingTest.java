package dev.ecsloop.demo.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How each service shares work between units going to the same place. */
class SharingTest {
    private final GridMap map = MapGenerator.generate(64, 64, 5);
    private final int goalX = 60;
    private final int goalY = 60;

    @Test
    void flowFieldUnitsToOneGoalShareOneField() {
        FlowFieldService service = new FlowFieldService(map, 1_000_000);
        service.request(1, 0, 0, goalX, goalY);
        service.request(2, 5, 3, goalX, goalY);
        List<Route> got = new ArrayList<>();
        service.tick((u, r) -> got.add(r));
        assertSame(got.get(0), got.get(1));
        assertEquals(1, service.cachedFields());
    }

    @Test
    void flowFieldsBeyondTheLimitAreEvictedLeastRecentlyUsedFirst() {
        FlowFieldService service = new FlowFieldService(map, 1_000_000, 2);
        List<Route> got = new ArrayList<>();
        service.request(1, 0, 0, 60, 60);
        service.request(2, 0, 0, 10, 2);
        service.request(3, 0, 0, 60, 60); // touches the first field
        service.request(4, 0, 0, 2, 10);  // evicts the (10, 2) field
        service.request(5, 0, 0, 60, 60);
        service.tick((u, r) -> got.add(r));
        assertSame(got.get(0), got.get(4));
        assertEquals(2, service.cachedFields());
    }

    @Test
    void unitsStartingInOneSectorShareOnePathAndPayOnlyForAShortLeadIn() {
        SharedPathService service = new SharedPathService(map, 1_000_000);
        service.request(1, 1, 1, goalX, goalY);
        service.tick((u, r) -> { });
        long leader = service.totalWork();
        service.request(2, 6, 2, goalX, goalY);
        List<Route> got = new ArrayList<>();
        service.tick((u, r) -> got.add(r));
        long follower = service.totalWork() - leader;
        assertEquals(1, service.cachedPaths());
        assertTrue(follower * 5 < leader, "follower " + follower + " vs leader " + leader);
        Route r = got.get(0);
        int cost = ReferenceDistances.follow(map, r, map.index(6, 2));
        int optimal = new AStar(map).find(6, 2, goalX, goalY).cost();
        assertTrue(cost <= optimal + 2 * 8 * Moves.DIAGONAL, "detour bounded by the sector: " + cost + " vs " + optimal);
    }

    @Test
    void aUnitStandingOnASharedPathGetsThatPathItself() {
        SharedPathService service = new SharedPathService(map, 1_000_000);
        List<Route> got = new ArrayList<>();
        service.request(1, 1, 1, goalX, goalY);
        service.tick((u, r) -> got.add(r));
        Path shared = (Path) got.get(0);
        int onPath = shared.cell(2);
        service.request(2, map.xOf(onPath), map.yOf(onPath), goalX, goalY);
        service.tick((u, r) -> got.add(r));
        assertSame(shared, got.get(1));
        assertEquals(1, service.lastTickWork());
    }

    @Test
    void aCachedPathExpiresAfterItsLifetimeInTicks() {
        SharedPathService service = new SharedPathService(map, 1_000_000, 8, 100, 3);
        List<Route> got = new ArrayList<>();
        service.request(1, 1, 1, goalX, goalY);
        service.tick((u, r) -> got.add(r));
        service.tick((u, r) -> { });
        service.request(2, 1, 1, goalX, goalY);
        service.tick((u, r) -> got.add(r)); // 2 ticks later: still shared
        service.tick((u, r) -> { });
        service.request(3, 1, 1, goalX, goalY);
        service.tick((u, r) -> got.add(r)); // 4 ticks later: recomputed
        assertSame(got.get(0), got.get(1));
        assertTrue(got.get(0) != got.get(2));
        assertEquals(((Path) got.get(0)).cost(), ((Path) got.get(2)).cost());
    }

    @Test
    void withoutACacheEveryUnitGetsItsOwnOptimalPath() {
        SharedPathService service = new SharedPathService(map, 1_000_000, 8, 0, 1);
        List<Route> got = new ArrayList<>();
        service.request(1, 1, 1, goalX, goalY);
        service.request(2, 6, 2, goalX, goalY);
        service.tick((u, r) -> got.add(r));
        assertEquals(new AStar(map).find(6, 2, goalX, goalY).cost(), ((Path) got.get(1)).cost());
        assertEquals(0, service.cachedPaths());
    }
}
