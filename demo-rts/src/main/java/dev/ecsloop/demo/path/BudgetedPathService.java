package dev.ecsloop.demo.path;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import dev.ecsloop.demo.map.GridMap;

/**
 * The queue-and-budget loop shared by both services; subclasses say how a request is answered: at once
 * (trivial case or cache hit) or by a resumable search.
 */
abstract class BudgetedPathService implements PathService {
    final GridMap map;
    private final int budget;
    private final RequestQueue queue = new RequestQueue();
    private boolean searching;
    /** Work units spent on the search under way: what a restore replays to resume it. */
    private int searchWork;
    private int lastTickWork;
    private long totalWork;
    private long tickNumber;

    /** @throws IllegalArgumentException if {@code budget < 1} */
    BudgetedPathService(GridMap map, int budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be at least 1 work unit per tick, was " + budget);
        }
        this.map = map;
        this.budget = budget;
    }

    @Override
    public final void request(int unitId, int startX, int startY, int goalX, int goalY) {
        if (!map.inBounds(startX, startY) || !map.inBounds(goalX, goalY)) {
            throw new IllegalArgumentException("unit " + unitId + ": cells must lie inside the " + map.width()
                    + " x " + map.height() + " map: start (" + startX + ", " + startY + "), goal (" + goalX
                    + ", " + goalY + ")");
        }
        queue.add(unitId, map.index(startX, startY), map.index(goalX, goalY));
    }

    @Override
    public final void tick(PathSink sink) {
        tickNumber++;
        int remaining = budget;
        while (remaining > 0) {
            if (!searching) {
                if (queue.isEmpty()) {
                    break;
                }
                remaining--;
                int start = queue.headStart();
                int goal = queue.headGoal();
                Route immediate;
                if (!map.isWalkable(start) || map.componentAt(start) != map.componentAt(goal)) {
                    immediate = Path.unreachable();
                } else if (start == goal) {
                    immediate = new Path(new int[] {start}, 0);
                } else {
                    immediate = begin(start, goal, tickNumber);
                }
                if (immediate != null) {
                    deliverHead(sink, immediate);
                    continue;
                }
                searching = true;
                searchWork = 0;
            }
            int used = advance(remaining);
            searchWork += used;
            remaining -= used;
            Route done = finished();
            if (done != null) {
                searching = false;
                deliverHead(sink, done);
            }
        }
        lastTickWork = budget - remaining;
        totalWork += lastTickWork;
    }

    private void deliverHead(PathSink sink, Route route) {
        int unit = queue.headUnit();
        queue.removeHead();
        sink.deliver(unit, route);
    }

    @Override
    public final void save(SnapshotOut out, RouteTable routes) {
        out.writeLong(tickNumber);
        out.writeInt(lastTickWork);
        out.writeLong(totalWork);
        out.writeBoolean(searching);
        out.writeInt(searchWork);
        queue.save(out);
        saveCache(out, routes, tickNumber);
    }

    @Override
    public final void load(SnapshotIn in, RouteTable routes) {
        long ticks = in.readLong();
        int last = in.readInt();
        long total = in.readLong();
        boolean busy = in.readBoolean();
        int work = in.readInt();
        if (ticks < 0 || last < 0 || last > budget || total < 0 || work < 0) {
            throw in.fail("bad path service counters");
        }
        queue.load(in, map.cellCount());
        if (busy && queue.isEmpty()) {
            throw in.fail("a search under way with no request");
        }
        tickNumber = ticks;
        lastTickWork = last;
        totalWork = total;
        searching = busy;
        searchWork = work;
        loadCache(in, routes);
        if (busy) {
            if (!map.isWalkable(queue.headStart()) || map.componentAt(queue.headStart())
                    != map.componentAt(queue.headGoal()) || queue.headStart() == queue.headGoal()) {
                throw in.fail("a search under way for a request answered without one");
            }
            resume(queue.headStart(), queue.headGoal(), work);
            if (finished() != null) {
                throw in.fail("a search under way that " + work + " work units finish");
            }
        }
    }

    /** Writes the cache and the search's own state (not the request, saved with the queue). */
    abstract void saveCache(SnapshotOut out, RouteTable routes, long ticks);

    /** Reads what {@link #saveCache} wrote. */
    abstract void loadCache(SnapshotIn in, RouteTable routes);

    /**
     * Restarts the search under way for the queue's head request, as {@link #begin} did, and advances it by
     * {@code work} units; the cache and search state {@link #loadCache} read are in place.
     */
    abstract void resume(int startCell, int goalCell, int work);

    /**
     * Answers a reachable request with distinct cells at once (return the route) or starts a search
     * (return null).
     */
    abstract Route begin(int startCell, int goalCell, long tick);

    /**
     * Works on the started search.
     *
     * @return work used, at most {@code max}; at least 1 unless the search is finished
     */
    abstract int advance(int max);

    /** The started search's route once it is finished, else null. */
    abstract Route finished();

    /** Ticks served so far: the tick number the last {@link #begin} was given. */
    final long currentTickCount() {
        return tickNumber;
    }

    @Override
    public final int pending() {
        return queue.size();
    }

    @Override
    public final int budget() {
        return budget;
    }

    @Override
    public final int lastTickWork() {
        return lastTickWork;
    }

    @Override
    public final long totalWork() {
        return totalWork;
    }
}
