package dev.ecsloop.demo.sim;

import com.artemis.Component;
import dev.ecsloop.demo.path.Route;

/**
 * Where a unit is going and how far its route request has got. Goals are flat cell indices of the game's
 * {@link dev.ecsloop.demo.map.GridMap}.
 *
 * <p>Life cycle of {@link #state}: the AI or a player order sets a goal and {@link #NEEDS_PATH}; the
 * pathfinding system queues a request ({@link #REQUESTED}) and, when the answer comes for the same goal, sets
 * {@link #route} and {@link #FOLLOWING}; movement walks it until {@link #ARRIVED}, or asks again
 * ({@link #NEEDS_PATH}) when stuck or pushed off a path. No route: {@link #IDLE}.
 */
public final class Mover extends Component {
    static final int IDLE = 0;
    static final int NEEDS_PATH = 1;
    static final int REQUESTED = 2;
    static final int FOLLOWING = 3;
    static final int ARRIVED = 4;

    /** Nobody gave an order yet. */
    static final int ORDER_NONE = 0;
    /** A harvester's own trip (to its field or its base): the AI leaves it alone. */
    static final int ORDER_HARVEST = 4;
    /** The team AI's order: the AI may replace it. */
    static final int ORDER_AI = 1;
    /** Player's move: walk there and do not stop to fight. The AI leaves this unit alone from now on. */
    static final int ORDER_MOVE = 2;
    /** Player's attack-move: walk there, stopping to fight enemies on the way. The AI leaves it alone. */
    static final int ORDER_ATTACK = 3;

    int state = IDLE;
    int order = ORDER_NONE;
    int goalCell = -1;
    /** The route cell being walked to, or -1 when the next one must be looked up. */
    int waypoint = -1;
    /** Cell stood on at the previous movement tick, for stuck detection. */
    int lastCell = -1;
    int stuckTicks;
    /** The route counts as done within this many cells of its goal: a squad cannot stand on one cell. */
    float arriveRadius = 4f;
    /** The AI squad order this unit last took (AiSystem versions each squad's goal). */
    int squadVersion = -1;
    /**
     * The route being followed. Transient: a route is a shared immutable object (path or flow field) fully
     * determined by the map and {@link #goalCell}; the hash covers the goal and the state instead.
     */
    transient Route route;

    public Mover() {
    }

    /** Gives a new goal: the route is dropped and asked for again. */
    void order(int kind, int cell) {
        order(kind, cell, 4f);
    }

    /** Gives a new goal to reach within {@code radius} cells. */
    void order(int kind, int cell, float radius) {
        arriveRadius = radius;
        order = kind;
        goalCell = cell;
        state = NEEDS_PATH;
        route = null;
        waypoint = -1;
        stuckTicks = 0;
    }
}
