package dev.ecsloop.demo.sim;

/** Where a player's orders go: the local input queue, or the lockstep session that shares them with every peer. */
@FunctionalInterface
public interface OrderSink {

    /** What {@link #give} returns when the next orders tick applies the order (the local input queue). */
    long NEXT_TICK = -1;

    /**
     * @param type an {@link OrderEvents} type
     * @param code the ordering team
     * @param x    first coordinate
     * @param y    second coordinate
     * @param z    third coordinate
     * @param w    fourth coordinate
     * @return the simulated time at which the order is applied (a lockstep match: its turn's instant, an input delay
     *         on), or {@link #NEXT_TICK}
     */
    long give(int type, int code, float x, float y, float z, float w);
}
