package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Message;

import java.util.List;

/**
 * One peer's connection to the game once it has started: its seat, everybody's names, a way to send its turns and
 * hashes to the others, and the messages the others sent, in the host's order. Thread-safe: the network fills the
 * inbound side, the loop thread drains it.
 */
public interface PeerLink extends AutoCloseable {

    /** @return this peer's seat, from 0 (the host); -1 for a spectator */
    int seat();

    /** @return the players' names by seat */
    List<String> names();

    /**
     * Sends a message to every other peer (through the host).
     *
     * @param message a turn, a hash or a stop
     */
    void send(Message message);

    /** @return the next message from the others, or null if none is waiting; never blocks */
    Message poll();

    /**
     * Waits for a message from the others.
     *
     * @param timeoutNanos how long to wait at most
     * @return the message, or null if none came in time
     * @throws InterruptedException if interrupted while waiting
     */
    Message await(long timeoutNanos) throws InterruptedException;

    /** @return the latest measured round trip in nanoseconds (the worst over clients, for the host), or -1 */
    long rttNanos();

    /**
     * @return whether this link joined a match under way: it reclaimed its seat, took a seat left open for late
     *         joiners, or watches from the middle (its first messages are the catch-up: start the session with
     *         {@code LateStart.rejoin}); false for a link that joined before the start
     */
    default boolean rejoining() {
        return false;
    }

    /** @return bytes sent and received on this peer's sockets so far */
    long bytes();

    /** Leaves the game: closes the connection (the host: every connection). Never throws. */
    @Override
    void close();
}
