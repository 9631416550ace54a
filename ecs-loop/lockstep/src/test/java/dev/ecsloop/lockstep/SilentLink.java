package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayList;
import java.util.List;

/** A link for tests that drive one peer alone: it keeps what is sent, and nothing ever arrives. Seat 0. */
final class SilentLink implements PeerLink {

    final List<Message> sent = new ArrayList<>();
    private final List<String> names;

    /** @param names the match's players by seat; this peer is the first */
    SilentLink(String... names) {
        this.names = List.of(names);
    }

    @Override
    public int seat() {
        return 0;
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public void send(Message message) {
        sent.add(message);
    }

    @Override
    public Message poll() {
        return null;
    }

    @Override
    public Message await(long timeoutNanos) {
        return null;
    }

    @Override
    public long rttNanos() {
        return -1;
    }

    @Override
    public long bytes() {
        return 0;
    }

    @Override
    public void close() {
    }
}
