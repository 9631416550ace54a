package dev.ecsloop.demo.path;

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
            }
            remaining -= advance(remaining);
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
