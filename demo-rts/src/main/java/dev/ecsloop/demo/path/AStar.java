package dev.ecsloop.demo.path;

import dev.ecsloop.demo.map.GridMap;
import java.util.Arrays;

/**
 * A* over a {@link GridMap} with the {@link Moves} (8 directions, no corner cutting) and the octile
 * heuristic, which is consistent, so the first time the goal is taken from the open list its path is optimal
 * and no closed node is ever reopened.
 *
 * <p>Unreachable goals (blocked, or in another component) are answered "no path" ({@link Path#unreachable()})
 * at once from the map's component labels, without searching; we chose this over "walk to the nearest
 * reachable cell" because the map is one component in the demo, and a goal clicked onto rock is better
 * snapped before the request ({@link GridMap#nearestWalkable}) than guessed after it.
 *
 * <p>Allocation: all per-node arrays are sized to the map once. A generation stamp per search marks which
 * entries are current, so starting a search is O(1) instead of clearing 65,536 entries; only the resulting
 * {@link Path} is allocated. A search can also run in slices ({@link #begin}, {@link #step}) so a request
 * queue can stop at an exact node budget and resume next tick. Not thread-safe; one search at a time.
 */
public final class AStar {
    private final GridMap map;
    private final int width;
    private final int[] g;
    private final int[] parent;
    private final int[] seen;
    private final int[] closed;
    private final IndexedMinHeap open;
    private int stamp;

    private int goal;
    private int goalX;
    private int goalY;
    private Path result;
    private int expansions;

    public AStar(GridMap map) {
        this.map = map;
        this.width = map.width();
        int n = map.cellCount();
        g = new int[n];
        parent = new int[n];
        seen = new int[n];
        closed = new int[n];
        open = new IndexedMinHeap(n);
    }

    /**
     * The optimal path from start to goal, or {@link Path#unreachable()}.
     *
     * @throws IllegalArgumentException if start or goal lies outside the map
     */
    public Path find(int startX, int startY, int goalX, int goalY) {
        if (!map.inBounds(startX, startY) || !map.inBounds(goalX, goalY)) {
            throw new IllegalArgumentException("cells must lie inside the " + map.width() + " x " + map.height()
                    + " map: start (" + startX + ", " + startY + "), goal (" + goalX + ", " + goalY + ")");
        }
        begin(map.index(startX, startY), map.index(goalX, goalY));
        step(Integer.MAX_VALUE);
        return result;
    }

    /** Nodes expanded (taken from the open list) by the current or last search. */
    public int lastExpansions() {
        return expansions;
    }

    /** Starts a search between two in-bounds cells; trivial cases finish here with no expansion. */
    void begin(int startCell, int goalCell) {
        expansions = 0;
        result = null;
        open.clear();
        if (!map.isWalkable(startCell) || map.componentAt(startCell) != map.componentAt(goalCell)) {
            result = Path.unreachable();
            return;
        }
        if (startCell == goalCell) {
            result = new Path(new int[] {startCell}, 0);
            return;
        }
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            Arrays.fill(closed, 0);
            stamp = 1;
        }
        goal = goalCell;
        goalX = map.xOf(goalCell);
        goalY = map.yOf(goalCell);
        seen[startCell] = stamp;
        g[startCell] = 0;
        parent[startCell] = -1;
        open.push(startCell, key(0, heuristic(startCell)));
    }

    boolean done() {
        return result != null;
    }

    /** The finished search's answer; null while {@link #done()} is false. */
    Path result() {
        return result;
    }

    /**
     * Expands at most {@code maxExpansions} nodes.
     *
     * @return nodes expanded by this call; at least 1 if the search was not done and the limit is positive
     */
    int step(int maxExpansions) {
        int used = 0;
        while (result == null && used < maxExpansions) {
            if (open.isEmpty()) { // cannot happen for same-component cells; kept as a safety net
                result = Path.unreachable();
                break;
            }
            int c = open.poll();
            closed[c] = stamp;
            used++;
            if (c == goal) {
                result = reconstruct();
                break;
            }
            expand(c);
        }
        expansions += used;
        return used;
    }

    private void expand(int c) {
        int cx = c % width;
        int cy = c / width;
        int gc = g[c];
        for (int d = 0; d < 8; d++) {
            if (!Moves.canStep(map, cx, cy, d)) {
                continue;
            }
            int n = c + Moves.DY[d] * width + Moves.DX[d];
            if (closed[n] == stamp) {
                continue;
            }
            int ng = gc + Moves.COST[d];
            if (seen[n] != stamp) {
                seen[n] = stamp;
                g[n] = ng;
                parent[n] = c;
                open.push(n, key(ng, heuristic(n)));
            } else if (ng < g[n]) {
                g[n] = ng;
                parent[n] = c;
                open.decrease(n, key(ng, heuristic(n)));
            }
        }
    }

    private int heuristic(int cell) {
        return Moves.octile(cell % width - goalX, cell / width - goalY);
    }

    /** Orders by f, then by smaller h: among equal totals, the node nearer the goal first. */
    private static long key(int gCost, int h) {
        return ((long) (gCost + h) << 32) | h;
    }

    private Path reconstruct() {
        int n = 0;
        for (int c = goal; c != -1; c = parent[c]) {
            n++;
        }
        int[] cells = new int[n];
        for (int c = goal, i = n - 1; c != -1; c = parent[c], i--) {
            cells[i] = c;
        }
        return new Path(cells, g[goal]);
    }
}
