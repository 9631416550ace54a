package dev.ecsloop.demo.sim;

/** Where a player's orders go: the local input queue, or the lockstep session that shares them with every peer. */
@FunctionalInterface
public interface OrderSink {

    /**
     * @param type an {@link OrderEvents} type
     * @param code the ordering team
     * @param x    first coordinate
     * @param y    second coordinate
     * @param z    third coordinate
     * @param w    fourth coordinate
     */
    void give(int type, int code, float x, float y, float z, float w);
}
