package dev.ecsloop.demo.path;

import dev.ecsloop.demo.map.GridMap;
import java.util.Arrays;

/**
 * Dijkstra from the goal outwards, resumable in slices of settled nodes so a request queue can keep to a
 * per-tick budget. Moves are symmetric (the corner rule involves the same two cells both ways), so distances
 * from the goal equal distances to it. When a cell's distance improves, its direction is set to point back at
 * the cell that improved it, which makes the directions a shortest-path tree rooted at the goal.
 *
 * <p>Reuses its distance, stamp and heap arrays across fields; each field allocates only its byte array.
 */
final class FlowFieldBuilder {
    private final GridMap map;
    private final int width;
    private final int[] dist;
    private final int[] seen;
    private final int[] settled;
    private final IndexedMinHeap open;
    private int stamp;

    private int goal;
    private byte[] direction;
    private FlowField result;

    FlowFieldBuilder(GridMap map) {
        this.map = map;
        this.width = map.width();
        int n = map.cellCount();
        dist = new int[n];
        seen = new int[n];
        settled = new int[n];
        open = new IndexedMinHeap(n);
    }

    /** Starts a field for a walkable goal cell. */
    void begin(int goalCell) {
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            Arrays.fill(settled, 0);
            stamp = 1;
        }
        goal = goalCell;
        result = null;
        direction = new byte[map.cellCount()];
        Arrays.fill(direction, FlowField.NONE);
        open.clear();
        seen[goalCell] = stamp;
        dist[goalCell] = 0;
        open.push(goalCell, 0);
    }

    boolean done() {
        return result != null;
    }

    FlowField result() {
        return result;
    }

    /**
     * Settles at most {@code maxSettled} cells.
     *
     * @return cells settled by this call; the field is done once the open list runs dry, which may happen
     *         at the end of a call that used its whole limit
     */
    int step(int maxSettled) {
        int used = 0;
        while (used < maxSettled && !open.isEmpty()) {
            int c = open.poll();
            settled[c] = stamp;
            used++;
            relax(c);
        }
        if (result == null && open.isEmpty()) {
            result = new FlowField(map, goal, direction);
            direction = null;
        }
        return used;
    }

    private void relax(int c) {
        int cx = c % width;
        int cy = c / width;
        int dc = dist[c];
        for (int d = 0; d < 8; d++) {
            if (!Moves.canStep(map, cx, cy, d)) {
                continue;
            }
            int n = c + Moves.DY[d] * width + Moves.DX[d];
            if (settled[n] == stamp) {
                continue;
            }
            int nd = dc + Moves.COST[d];
            if (seen[n] != stamp) {
                seen[n] = stamp;
                dist[n] = nd;
                direction[n] = (byte) ((d + 4) & 7);
                open.push(n, nd);
            } else if (nd < dist[n]) {
                dist[n] = nd;
                direction[n] = (byte) ((d + 4) & 7);
                open.decrease(n, nd);
            }
        }
    }
}
