package dev.ecsloop.demo.path;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Routes written by number into a {@link RouteTable} come back as routes that answer every query alike: for
 * random A* paths, spliced routes and flow fields on random maps, every cell's {@code nextCell}, the goal and
 * reachability match, and a route used twice comes back as one object.
 */
class RouteTableProperties {

    /** Saves a list of routes through a table; loads them into {@link #loaded}. */
    private static final class Holder implements SnapshotState {
        final RouteTable table;
        final List<Route> routes;
        final List<Route> loaded = new ArrayList<>();

        Holder(GridMap map, List<Route> routes) {
            this.table = new RouteTable(map);
            this.routes = routes;
        }

        @Override
        public void save(SnapshotOut out) {
            table.clear();
            routes.forEach(table::register);
            table.writeTable(out);
            out.writeInt(routes.size());
            for (Route r : routes) {
                table.writeRef(out, r);
            }
        }

        @Override
        public void load(SnapshotIn in) {
            table.readTable(in);
            loaded.clear();
            for (int i = in.readInt(); i > 0; i--) {
                loaded.add(table.readRef(in));
            }
        }
    }

    private static Snapshots snapshots(Holder h) {
        GameLoop loop = GameLoop.builder().clock(new ManualClock()).world(new WorldConfigurationBuilder()).build();
        return Snapshots.builder(loop).state("routes", h).build();
    }

    private static int walkable(GridMap map, SplittableRandom r) {
        return map.nearestWalkable(r.nextInt(map.width()), r.nextInt(map.height()));
    }

    @Property(tries = 200)
    void routesComeBackAnsweringAlike(@ForAll long seed, @ForAll @IntRange(min = 16, max = 48) int side) {
        SplittableRandom r = new SplittableRandom(seed);
        GridMap map = MapGenerator.generate(side, side, seed);
        AStar astar = new AStar(map);
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int a = walkable(map, r);
            int b = walkable(map, r);
            Path p = astar.find(map.xOf(a), map.yOf(a), map.xOf(b), map.yOf(b));
            routes.add(p);
            if (p.length() > 2) {
                int c = walkable(map, r);
                Path lead = astar.find(map.xOf(c), map.yOf(c), map.xOf(p.cell(1)), map.yOf(p.cell(1)));
                int cut = 0;
                while (lead.reachable() && p.indexOf(lead.cell(cut)) < 0) {
                    cut++;
                }
                if (lead.reachable()) {
                    routes.add(new SplicedRoute(cut == lead.length() - 1 ? lead : lead.prefix(cut + 1, side), p));
                }
            }
            routes.add(FlowField.compute(map, map.xOf(b), map.yOf(b)));
            routes.add(p);   // shared: must come back as the same object
        }
        Holder from = new Holder(map, routes);
        Holder into = new Holder(map, List.of());
        snapshots(into).restore(snapshots(from).capture());
        assertEquals(routes.size(), into.loaded.size());
        for (int i = 0; i < routes.size(); i++) {
            Route want = routes.get(i);
            Route got = into.loaded.get(i);
            assertEquals(want.reachable(), got.reachable(), "route " + i);
            assertEquals(want.goalCell(), got.goalCell(), "route " + i);
            for (int cell = 0; cell < map.cellCount(); cell++) {
                assertEquals(want.nextCell(cell), got.nextCell(cell), "route " + i + " at cell " + cell);
            }
            for (int j = 0; j < i; j++) {
                if (routes.get(j) == want && want.reachable()) {
                    assertEquals(true, into.loaded.get(j) == got, "route " + i + " shared with " + j);
                }
            }
        }
    }
}
