package dev.ecsloop.explorer;

/**
 * What one request asks of the loop, with its parameters already checked on the server thread. It runs on the
 * loop thread between frames and returns plain values (maps, lists, strings, numbers) copied out of the world,
 * which the server thread serializes afterwards.
 */
@FunctionalInterface
interface LoopWork {

    /**
     * @param side the loop and world, on the loop thread
     * @return the result's plain values
     * @throws RpcException if the request names something the world lacks or the loop refuses
     */
    Object run(LoopSide side);
}
