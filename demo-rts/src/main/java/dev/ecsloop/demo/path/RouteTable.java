package dev.ecsloop.demo.path;

import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routes of a snapshot, each written once however many units and caches share it, and referred to by
 * number. Why a table: a path is shared by reference (a cache entry and every unit following it), and the
 * future depends only on its cells, so writing each distinct route once keeps both the bytes and the sharing.
 *
 * <p>Kinds of entry: a {@link Path} as its start cell, cost and one direction nibble per step (about half a byte
 * per cell); a {@link SplicedRoute} as the numbers of its two paths (written before it); a {@link FlowField} as
 * its goal cell only, since a field is a pure function of the static map and its goal: it is rebuilt on first use
 * after a restore ({@link FlowField#lazy}), which keeps the snapshot small (64 KiB per field otherwise) and the
 * restore fast. Numbers are given in registration order, so identical state gives identical bytes.
 *
 * <p>Use: to save, {@link #clear}, {@link #register} every route, {@link #writeTable}, then {@link #writeRef} for
 * each use; to load, {@link #readTable} then {@link #readRef}. One instance per map, on the loop's thread.
 */
public final class RouteTable {
    private static final int PATH = 0;
    private static final int SPLICED = 1;
    private static final int FLOW = 2;

    private final GridMap map;
    private final IdentityHashMap<Route, Integer> ids = new IdentityHashMap<>();
    private final List<Route> order = new ArrayList<>();
    private Route[] loaded = new Route[0];
    private final Map<Integer, FlowField> lazyByGoal = new HashMap<>();

    /** @param map the map every route of this table lies on */
    public RouteTable(GridMap map) {
        this.map = map;
    }

    /** Forgets every registered route, before a new save. */
    public void clear() {
        ids.clear();
        order.clear();
    }

    /**
     * Gives {@code route} a number if it has none (a spliced route's two paths first).
     *
     * @param route a route of this table's map, or null (ignored)
     * @throws IllegalArgumentException if it is of a kind the table does not know
     */
    public void register(Route route) {
        if (route == null || ids.containsKey(route)) {
            return;
        }
        if (route instanceof SplicedRoute s) {
            register(s.leadIn());
            register(s.shared());
        } else if (!(route instanceof Path) && !(route instanceof FlowField)) {
            throw new IllegalArgumentException("route of unknown kind " + route.getClass().getName());
        }
        ids.put(route, order.size());
        order.add(route);
    }

    /**
     * Writes every registered route, in registration order.
     *
     * @param out where
     */
    public void writeTable(SnapshotOut out) {
        out.writeInt(order.size());
        for (Route r : order) {
            if (r instanceof Path p) {
                out.writeByte(PATH);
                writePath(p, out);
            } else if (r instanceof SplicedRoute s) {
                out.writeByte(SPLICED);
                out.writeInt(ids.get(s.leadIn()));
                out.writeInt(ids.get(s.shared()));
            } else {
                out.writeByte(FLOW);
                out.writeInt(r.goalCell());
            }
        }
    }

    private void writePath(Path p, SnapshotOut out) {
        int n = p.length();
        out.writeInt(n);
        if (n == 0) {
            return;
        }
        out.writeInt(p.cell(0));
        out.writeInt(p.cost());
        int packed = 0;
        for (int i = 1; i < n; i++) {
            int d = direction(p.cell(i - 1), p.cell(i));
            if ((i & 1) == 1) {
                packed = d;
            } else {
                out.writeByte(packed | d << 4);
            }
        }
        if ((n & 1) == 0) {
            out.writeByte(packed);
        }
    }

    private int direction(int from, int to) {
        int dx = map.xOf(to) - map.xOf(from);
        int dy = map.yOf(to) - map.yOf(from);
        for (int d = 0; d < 8; d++) {
            if (Moves.DX[d] == dx && Moves.DY[d] == dy) {
                return d;
            }
        }
        throw new IllegalStateException("path step " + from + " -> " + to + " is not a king's move");
    }

    /**
     * Writes the number of a registered route, or -1 for null.
     *
     * @param out   where
     * @param route a registered route, or null
     * @throws IllegalStateException if it was not registered
     */
    public void writeRef(SnapshotOut out, Route route) {
        if (route == null) {
            out.writeInt(-1);
            return;
        }
        Integer id = ids.get(route);
        if (id == null) {
            throw new IllegalStateException("route " + route + " was not registered");
        }
        out.writeInt(id);
    }

    /**
     * Reads a table {@link #writeTable} wrote, replacing the one read before. Flow fields come back as lazy
     * fields, one per goal cell.
     *
     * @param in the bytes
     * @throws dev.ecsloop.snapshot.SnapshotException if an entry is invalid: a cell off the map or on rock, a
     *                                                step that is not a move, a repeated cell, a bad number
     */
    public void readTable(SnapshotIn in) {
        int n = in.readCount(5, "route");
        Route[] routes = new Route[n];
        lazyByGoal.clear();
        for (int i = 0; i < n; i++) {
            int kind = in.readByte();
            routes[i] = switch (kind) {
                case PATH -> readPath(in);
                case SPLICED -> {
                    Path lead = pathAt(routes, in.readInt(), i, in);
                    Path shared = pathAt(routes, in.readInt(), i, in);
                    if (!lead.reachable() || shared.indexOf(lead.goalCell()) < 0) {
                        throw in.fail("route " + i + ": the lead-in does not end on the shared path");
                    }
                    yield new SplicedRoute(lead, shared);
                }
                case FLOW -> lazyFlow(walkableCell(in.readInt(), in), in);
                default -> throw in.fail("route " + i + ": unknown kind " + kind);
            };
        }
        this.loaded = routes;
    }

    private static Path pathAt(Route[] routes, int id, int before, SnapshotIn in) {
        if (id < 0 || id >= before || !(routes[id] instanceof Path p)) {
            throw in.fail("route " + before + ": bad path number " + id);
        }
        return p;
    }

    private Path readPath(SnapshotIn in) {
        int n = in.readCount(0, "path cell");
        if (n == 0) {
            return Path.unreachable();
        }
        if (n > map.cellCount() || n / 2 + 8 > in.remaining()) {
            throw in.fail("bad path length " + n);
        }
        int[] cells = new int[n];
        cells[0] = walkableCell(in.readInt(), in);
        int cost = in.readInt();
        int packed = 0;
        for (int i = 1; i < n; i++) {
            if ((i & 1) == 1) {
                packed = in.readByte() & 0xff;
            }
            int d = (i & 1) == 1 ? packed & 15 : packed >>> 4;
            int x = map.xOf(cells[i - 1]);
            int y = map.yOf(cells[i - 1]);
            if (d > 7 || !Moves.canStep(map, x, y, d)) {
                throw in.fail("path step " + i + " is not a move onto open ground");
            }
            cells[i] = map.index(x + Moves.DX[d], y + Moves.DY[d]);
        }
        int[] sorted = cells.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < n; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw in.fail("path visits cell " + sorted[i] + " twice");
            }
        }
        return new Path(cells, cost);
    }

    private int walkableCell(int cell, SnapshotIn in) {
        if (cell < 0 || cell >= map.cellCount() || !map.isWalkable(cell)) {
            throw in.fail("cell " + cell + " is off the map or on rock");
        }
        return cell;
    }

    /** The one lazy field per goal cell of the table being read. */
    FlowField lazyFlow(int goal, SnapshotIn in) {
        return lazyByGoal.computeIfAbsent(walkableCell(goal, in), g -> FlowField.lazy(map, g));
    }

    /**
     * Reads a number {@link #writeRef} wrote.
     *
     * @param in the bytes
     * @return the route of the table last read, or null
     * @throws dev.ecsloop.snapshot.SnapshotException if the number is not in the table
     */
    public Route readRef(SnapshotIn in) {
        int id = in.readInt();
        if (id == -1) {
            return null;
        }
        if (id < 0 || id >= loaded.length) {
            throw in.fail("bad route number " + id + " (" + loaded.length + " routes)");
        }
        return loaded[id];
    }

    /**
     * The route numbered {@code id} in the table last read, for a number kept elsewhere than a ref.
     *
     * @param id a route number
     * @return the route
     * @throws IllegalArgumentException if the number is not in that table
     */
    public Route route(int id) {
        if (id < 0 || id >= loaded.length) {
            throw new IllegalArgumentException("bad route number " + id + " (" + loaded.length + " routes)");
        }
        return loaded[id];
    }

    /** A path read back, for a cache: the route numbered {@code in}'s next int, which must be a path. */
    Path readPathRef(SnapshotIn in) {
        Route r = readRef(in);
        if (!(r instanceof Path p)) {
            throw in.fail("route " + r + " is not a path");
        }
        return p;
    }
}
