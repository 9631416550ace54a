package dev.ecsloop.demo.sim;

/**
 * The input event types of the game, posted through ecs-loop's timestamped {@link dev.ecsloop.input.InputQueue}
 * and consumed by {@link OrdersSystem} in its fixed ticks, so a recording replays every order at the same
 * simulated instant. Coordinates are world units (1 per cell).
 */
public final class OrderEvents {
    /**
     * Box select: {@code code} = team, {@code (x, y)-(z, w)} = opposite corners. Replaces that team's selection;
     * another team's stays (in a network game each player selects their own).
     */
    public static final int SELECT = 1;
    /** Move team {@code code}'s selection to {@code (x, y)}, ignoring enemies on the way. */
    public static final int MOVE = 2;
    /** Attack-move team {@code code}'s selection to {@code (x, y)}: stop to fight whatever comes in range. */
    public static final int ATTACK = 3;

    private OrderEvents() {
    }
}
