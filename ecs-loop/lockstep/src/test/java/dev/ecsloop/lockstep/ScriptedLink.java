package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

/**
 * A peer's link without sockets: what it receives is scripted ({@link #incoming}), what it sends is kept
 * ({@link #sent}), so a session can be driven message by message under a manual clock.
 */
final class ScriptedLink extends ForwardingLink {
    final Queue<Message> incoming = new ArrayDeque<>();
    final List<Message> sent = new ArrayList<>();
    private final int seat;
    private final boolean rejoining;

    /** A joiner at seat 1 of a match of {@code names}. */
    ScriptedLink(String... names) {
        this(1, false, names);
    }

    /**
     * @param seat      this peer's seat
     * @param rejoining whether it takes its seat back (its session catches up first)
     * @param names     the players' names, one per seat
     */
    ScriptedLink(int seat, boolean rejoining, String... names) {
        super(new SilentLink(names));
        this.seat = seat;
        this.rejoining = rejoining;
    }

    @Override
    public int seat() {
        return seat;
    }

    @Override
    public boolean rejoining() {
        return rejoining;
    }

    @Override
    public void send(Message message) {
        sent.add(message);
    }

    @Override
    public Message poll() {
        return incoming.poll();
    }

    @Override
    public Message await(long timeoutNanos) {
        return incoming.poll();
    }
}
