package dev.ecsloop.demo.sim;

import com.artemis.ComponentMapper;
import com.artemis.utils.BitVector;
import dev.ecsloop.demo.path.PathService;
import dev.ecsloop.demo.path.RouteTable;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

/**
 * The pathfinding state a snapshot holds beyond components: both path services (queues, caches, searches under
 * way) and the route every unit follows. {@link Mover#route} is transient, so components do not carry it; it is
 * written here, by number into one {@link RouteTable}, so a path shared by a cache entry and a thousand units is
 * written once and comes back shared.
 */
final class MoverRoutes {
    private MoverRoutes() {
    }

    /**
     * @param ids      the entities with a {@link Mover}, in id order
     * @param movers   their movers
     * @param inFlight the computed job whose answers are not yet applied, or null: its routes are registered
     *                 last, so that its codec can write them by number
     */
    static void save(SnapshotOut out, RouteTable table, PathService flow, PathService shared, BitVector ids,
                     ComponentMapper<Mover> movers, PathJob inFlight) {
        table.clear();
        flow.registerRoutes(table);
        shared.registerRoutes(table);
        int following = 0;
        for (int e = ids.nextSetBit(0); e >= 0; e = ids.nextSetBit(e + 1)) {
            Mover m = movers.get(e);
            if (m.route != null) {
                table.register(m.route);
                following++;
            }
        }
        if (inFlight != null) {
            for (int i = 0; i < inFlight.count; i++) {
                table.register(inFlight.routes[i]);
            }
        }
        table.writeTable(out);
        flow.save(out, table);
        shared.save(out, table);
        out.writeInt(following);
        for (int e = ids.nextSetBit(0); e >= 0; e = ids.nextSetBit(e + 1)) {
            Mover m = movers.get(e);
            if (m.route != null) {
                out.writeInt(e);
                table.writeRef(out, m.route);
            }
        }
    }

    /**
     * Reads what {@link #save} wrote into the services and the movers of a world just restored (whose routes are
     * all null).
     *
     * @throws dev.ecsloop.snapshot.SnapshotException if the bytes are invalid or name an entity with no mover
     */
    static void load(SnapshotIn in, RouteTable table, PathService flow, PathService shared, BitVector ids,
                     ComponentMapper<Mover> movers) {
        table.readTable(in);
        flow.load(in, table);
        shared.load(in, table);
        int n = in.readCount(8, "unit route");
        int last = -1;
        for (int i = 0; i < n; i++) {
            int e = in.readInt();
            if (e <= last || !ids.get(e)) {
                throw in.fail("route of entity " + e + ", which has no mover or is out of order");
            }
            Mover m = movers.get(e);
            m.route = table.readRef(in);
            if (m.route == null) {
                throw in.fail("entity " + e + " follows no route");
            }
            last = e;
        }
    }
}
