package dev.ecsloop.demo.path;

import dev.ecsloop.demo.map.GridMap;
import java.util.Arrays;

/**
 * Textbook O(n^2) Dijkstra from one cell, written independently of the production searches (no heap, no
 * stamps) so tests can check their costs against it on small maps.
 */
final class ReferenceDistances {
    static final int INFINITY = Integer.MAX_VALUE;

    private ReferenceDistances() {
    }

    static int[] from(GridMap map, int x, int y) {
        int n = map.cellCount();
        int[] dist = new int[n];
        boolean[] done = new boolean[n];
        Arrays.fill(dist, INFINITY);
        dist[map.index(x, y)] = 0;
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && dist[i] != INFINITY && (best < 0 || dist[i] < dist[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return dist;
            }
            done[best] = true;
            int bx = map.xOf(best);
            int by = map.yOf(best);
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    boolean diagonal = dx != 0 && dy != 0;
                    if ((dx == 0 && dy == 0) || !map.isWalkable(bx + dx, by + dy)) {
                        continue;
                    }
                    if (diagonal && (!map.isWalkable(bx + dx, by) || !map.isWalkable(bx, by + dy))) {
                        continue;
                    }
                    int nd = dist[best] + (diagonal ? 99 : 70);
                    int ni = map.index(bx + dx, by + dy);
                    if (nd < dist[ni]) {
                        dist[ni] = nd;
                    }
                }
            }
        }
    }

    /** Cost of a step between two cells if it is a legal move, else fails the caller's test via exception. */
    static int stepCost(GridMap map, int from, int to) {
        int dx = map.xOf(to) - map.xOf(from);
        int dy = map.yOf(to) - map.yOf(from);
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx == 0 && dy == 0) || !map.isWalkable(to)) {
            throw new AssertionError("illegal step " + from + " -> " + to);
        }
        if (dx != 0 && dy != 0) {
            int fx = map.xOf(from);
            int fy = map.yOf(from);
            if (!map.isWalkable(fx + dx, fy) || !map.isWalkable(fx, fy + dy)) {
                throw new AssertionError("corner cut " + from + " -> " + to);
            }
            return 99;
        }
        return 70;
    }

    /** Follows a route from a cell to its goal, checking every step; returns the total cost. */
    static int follow(GridMap map, Route route, int from) {
        int cost = 0;
        int cell = from;
        for (int steps = 0; cell != route.goalCell(); steps++) {
            if (steps > map.cellCount()) {
                throw new AssertionError("route loops from " + from);
            }
            int next = route.nextCell(cell);
            if (next < 0) {
                throw new AssertionError("route stops at " + cell + " before goal " + route.goalCell());
            }
            cost += stepCost(map, cell, next);
            cell = next;
        }
        return cost;
    }
}
