package dev.ecsloop.demo.path;

import dev.ecsloop.demo.map.GridMap;

/**
 * For one goal cell, the first step of an optimal path from every cell of the goal's component: one
 * Dijkstra integration over the whole component, after which any number of units read their next step in
 * O(1), from wherever separation pushed them. Costs one byte per map cell (64 KiB on a 256 x 256 map).
 *
 * <p>Invariant: following {@link #nextCell} from any cell of the goal's component reaches the goal along a
 * path of optimal cost under {@link Moves}; every other cell, and the goal itself, answers -1.
 */
public final class FlowField implements Route {
    static final byte NONE = -1;

    private final GridMap map;
    private final int goal;
    /** Null until first use for a field {@link #lazy} made; never changes once set. */
    private volatile byte[] direction;
    private final int[] offset;

    /** Takes ownership of {@code direction}: per cell a {@link Moves} direction, or {@link #NONE}. */
    FlowField(GridMap map, int goal, byte[] direction) {
        this.map = map;
        this.goal = goal;
        this.direction = direction;
        this.offset = new int[8];
        for (int d = 0; d < 8; d++) {
            offset[d] = Moves.DY[d] * map.width() + Moves.DX[d];
        }
    }

    /**
     * The field for a walkable goal cell, computed on first use (from any thread; the same bytes whoever computes
     * them, since a field is a pure function of the static map and its goal). What a restored snapshot holds in
     * place of the 64 KiB it would otherwise carry per field.
     */
    static FlowField lazy(GridMap map, int goalCell) {
        return new FlowField(map, goalCell, null);
    }

    private byte[] directions() {
        byte[] d = direction;
        return d != null ? d : computeOnce();
    }

    private synchronized byte[] computeOnce() {
        if (direction == null) {
            FlowFieldBuilder b = new FlowFieldBuilder(map);
            b.begin(goal);
            b.step(Integer.MAX_VALUE);
            direction = b.result().direction;
        }
        return direction;
    }

    /**
     * Builds the field for a goal in one go (services build it in budgeted slices instead).
     *
     * @throws IllegalArgumentException if the goal lies outside the map or is blocked
     */
    public static FlowField compute(GridMap map, int goalX, int goalY) {
        if (!map.isWalkable(goalX, goalY)) {
            throw new IllegalArgumentException("goal (" + goalX + ", " + goalY + ") is outside the map or blocked");
        }
        FlowFieldBuilder b = new FlowFieldBuilder(map);
        b.begin(map.index(goalX, goalY));
        b.step(Integer.MAX_VALUE);
        return b.result();
    }

    @Override
    public boolean reachable() {
        return true;
    }

    @Override
    public int goalCell() {
        return goal;
    }

    /** The {@link Moves} direction to step from {@code cell}, or -1 at the goal and off the goal's component. */
    public int direction(int cell) {
        byte[] d = directions();
        return cell >= 0 && cell < d.length ? d[cell] : NONE;
    }

    @Override
    public int nextCell(int cell) {
        int d = direction(cell);
        return d < 0 ? -1 : cell + offset[d];
    }

    /** The map this field was computed on; cells are its flat indices. */
    public GridMap map() {
        return map;
    }
}
