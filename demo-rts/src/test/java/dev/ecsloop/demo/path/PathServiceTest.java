package dev.ecsloop.demo.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Contract of {@link PathService}, checked for both implementations. */
class PathServiceTest {

    static Stream<Arguments> services() {
        BiFunction<GridMap, Integer, PathService> shared = SharedPathService::new;
        BiFunction<GridMap, Integer, PathService> flow = FlowFieldService::new;
        BiFunction<GridMap, Integer, PathService> unshared = (m, b) -> new SharedPathService(m, b, 8, 0, 1);
        return Stream.of(Arguments.of("shared paths", shared), Arguments.of("flow fields", flow),
                Arguments.of("plain A*", unshared));
    }

    private static final GridMap MAP = MapGenerator.generate(99);

    /** 2,000 units in team 0's spawn ordered to a few goal cells near team 1's spawn, plus scattered goals. */
    private static int[][] burst(GridMap map, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        CellRect from = MapGenerator.spawnArea(0, map.width(), map.height());
        CellRect to = MapGenerator.spawnArea(1, map.width(), map.height());
        int[][] r = new int[n][];
        for (int i = 0; i < n; i++) {
            int sx = from.x() + rnd.nextInt(from.width());
            int sy = from.y() + rnd.nextInt(from.height());
            int goal = i % 10 == 9 ? AStarTest.randomOpen(map, rnd) : map.index(to.centerX() + i % 3, to.centerY());
            r[i] = new int[] {sx, sy, map.xOf(goal), map.yOf(goal)};
        }
        return r;
    }

    private record Delivery(int unit, Route route) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void aBurstOf2000IsSpreadOverSeveralTicksInRequestOrderWithinBudget(
            String name, BiFunction<GridMap, Integer, PathService> factory) {
        int budget = 20_000;
        PathService service = factory.apply(MAP, budget);
        int[][] requests = burst(MAP, 2000, 1);
        for (int i = 0; i < requests.length; i++) {
            int[] q = requests[i];
            service.request(i, q[0], q[1], q[2], q[3]);
        }
        assertEquals(2000, service.pending());
        List<Delivery> got = new ArrayList<>();
        int ticks = 0;
        while (service.pending() > 0) {
            int before = got.size();
            service.tick((u, r) -> got.add(new Delivery(u, r)));
            ticks++;
            assertTrue(service.lastTickWork() <= budget, "tick " + ticks + " used " + service.lastTickWork());
            assertEquals(2000 - got.size(), service.pending());
            if (service.pending() > 0) {
                assertEquals(budget, service.lastTickWork(), "a tick with work left uses its whole budget");
            }
            assertTrue(ticks < 10_000, "no progress");
            assertTrue(got.size() >= before);
        }
        assertTrue(ticks > 1, name + " served the whole burst in one tick; the test is too easy");
        assertEquals(2000, got.size());
        for (int i = 0; i < got.size(); i++) {
            Delivery d = got.get(i);
            assertEquals(i, d.unit(), "request order");
            int[] q = requests[i];
            assertTrue(d.route().reachable());
            assertEquals(MAP.index(q[2], q[3]), d.route().goalCell());
            ReferenceDistances.follow(MAP, d.route(), MAP.index(q[0], q[1]));
        }
        service.tick((u, r) -> got.add(new Delivery(u, r)));
        assertEquals(0, service.lastTickWork(), "an idle tick does nothing");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void aBudgetOfOneStillMakesProgressOneUnitPerTick(String name, BiFunction<GridMap, Integer, PathService> f) {
        GridMap map = GridMap.open(6, 6);
        PathService service = f.apply(map, 1);
        service.request(7, 0, 0, 5, 5);
        List<Integer> units = new ArrayList<>();
        int ticks = 0;
        while (service.pending() > 0) {
            service.tick((u, r) -> units.add(u));
            assertEquals(1, service.lastTickWork());
            ticks++;
        }
        assertEquals(List.of(7), units);
        assertEquals(ticks, service.totalWork());
        assertTrue(ticks > 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void unreachableGoalsAndStartEqualToGoalAreAnsweredAtOnce(String n, BiFunction<GridMap, Integer, PathService> f) {
        GridMap map = GridMap.fromAscii(
                "..#..",
                "..#..");
        PathService service = f.apply(map, 100);
        service.request(1, 0, 0, 4, 1);
        service.request(2, 0, 0, 2, 0);
        service.request(3, 1, 1, 1, 1);
        List<Delivery> got = new ArrayList<>();
        service.tick((u, r) -> got.add(new Delivery(u, r)));
        assertEquals(3, got.size());
        assertFalse(got.get(0).route().reachable());
        assertFalse(got.get(1).route().reachable());
        assertTrue(got.get(2).route().reachable());
        assertEquals(map.index(1, 1), got.get(2).route().goalCell());
        assertEquals(-1, got.get(2).route().nextCell(map.index(1, 1)));
        assertEquals(3, service.lastTickWork(), "one unit per request, no search");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void requestsOutsideTheMapAreRejected(String name, BiFunction<GridMap, Integer, PathService> factory) {
        PathService service = factory.apply(GridMap.open(4, 4), 10);
        assertThrows(IllegalArgumentException.class, () -> service.request(1, 0, 0, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> service.request(1, 0, -1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> factory.apply(GridMap.open(4, 4), 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void theSameRequestsGiveTheSameRoutes(String name, BiFunction<GridMap, Integer, PathService> factory) {
        int[][] requests = burst(MAP, 300, 8);
        List<String> a = walkAll(factory.apply(MAP, 3_000), requests);
        List<String> b = walkAll(factory.apply(MAP, 3_000), requests);
        assertEquals(a, b);
    }

    private static List<String> walkAll(PathService service, int[][] requests) {
        for (int i = 0; i < requests.length; i++) {
            service.request(i, requests[i][0], requests[i][1], requests[i][2], requests[i][3]);
        }
        List<String> out = new ArrayList<>();
        while (service.pending() > 0) {
            service.tick((u, r) -> {
                StringBuilder sb = new StringBuilder().append(u).append(':');
                for (int c = MAP.index(requests[u][0], requests[u][1]); c >= 0; c = r.nextCell(c)) {
                    sb.append(c).append(' ');
                }
                out.add(sb.toString());
            });
            out.add("tick " + service.lastTickWork());
        }
        return out;
    }
}
