package dev.ecsloop.demo.path;

/**
 * What a unit follows to its goal, whatever produced it: a {@link Path} (a cell list, possibly shared by
 * many units) or a {@link FlowField} (a direction for every cell). Cells are flat indices of the map the
 * route was computed on ({@code GridMap.index(x, y)}).
 *
 * <p>Units ask {@link #nextCell} with the cell they stand on and steer toward the answer. A path knows only
 * its own cells, so a unit pushed off it gets -1 and should re-request; a flow field answers from any cell
 * of the goal's component.
 */
public interface Route {

    /** False for the "no path" answer: the goal is blocked or in another component than the start. */
    boolean reachable();

    /** The cell the route ends at, or -1 if not {@link #reachable()}. */
    int goalCell();

    /**
     * The next cell to step to from {@code cell}, always one of its 8 neighbours; -1 when {@code cell} is the
     * goal (arrived) or not on the route (compare with {@link #goalCell()} to tell which).
     */
    int nextCell(int cell);
}
