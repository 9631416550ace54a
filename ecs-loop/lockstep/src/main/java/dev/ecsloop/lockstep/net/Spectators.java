package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Message;
import io.netty.channel.Channel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's spectators: connections that watch a match and send no orders. The host feeds them everything it
 * relays to the players, in the same order, so a spectator simulates the same match; it writes to them without
 * ever waiting, and drops one whose backlog passes {@link LockstepHost#MAX_BACKLOG}, so a slow spectator never
 * holds the players back. Split from {@link Seats} because spectators have no seat, no turns and no say.
 *
 * <p>Invariants: at most {@link #MAX} spectators; each gets every relayed message from the start on, in relay
 * order, or is closed. Not thread-safe: it lives on the host's Netty thread.
 */
final class Spectators {

    /** Most spectators of one match. */
    static final int MAX = 16;

    private record Watcher(String name, Channel channel) {
    }

    private final Seats seats;
    private final List<Watcher> watchers = new ArrayList<>();
    /**
     * Spectators that joined the match under way and wait for their catch-up, in the order their snapshots were
     * asked for; the host's player answers requests in that order, so the head gets the chunks that come. A
     * spectator that leaves meanwhile keeps its place (its chunks go nowhere), so the order stays aligned.
     */
    private final ArrayDeque<Channel> awaiting = new ArrayDeque<>();

    Spectators(Seats seats) {
        this.seats = seats;
    }

    /** @return whether there is room for one more */
    boolean room() {
        return watchers.size() < MAX;
    }

    /** @return whether a spectator already has this name */
    boolean taken(String name) {
        for (Watcher w : watchers) {
            if (w.name.equals(name)) {
                return true;
            }
        }
        return false;
    }

    void add(String name, Channel channel) {
        watchers.add(new Watcher(name, channel));
        seats.note(name + " watches from " + channel.remoteAddress());
    }

    /** A spectator's connection closed; logs why. */
    void remove(Channel channel, String why) {
        if (watchers.removeIf(w -> w.channel == channel)) {
            seats.note("spectator left: " + why);
        }
    }

    /** @return how many watch now */
    int count() {
        return watchers.size();
    }

    /** A spectator joined the match under way: the next catch-up for spectators not yet claimed is its. */
    void awaitCatchup(Channel channel) {
        awaiting.addLast(channel);
    }

    /**
     * A chunk of a spectator's catch-up from the host's player: to the spectator whose request it answers, as seat
     * 0's (a spectator has no seat; the host addresses it by its connection).
     */
    void deliver(Message.Catchup c) {
        Channel ch = awaiting.peekFirst();
        if (ch == null) {
            return;
        }
        if (c.chunks() == 0 || c.index() == c.chunks() - 1) {
            awaiting.pollFirst();
        }
        if (ch.isActive()) {
            ch.writeAndFlush(new Message.Catchup(0, c.index(), c.chunks(), c.length(), c.crc(), c.data()));
        }
    }

    /** Feeds every spectator; one that does not keep up is closed, never waited for. */
    void feed(Message m) {
        for (int i = watchers.size() - 1; i >= 0; i--) {
            Watcher w = watchers.get(i);
            if (!w.channel.isActive()) {
                continue;
            }
            if (!w.channel.isWritable() && !awaiting.contains(w.channel)) { // a catch-up in flight may fill it
                watchers.remove(i);
                seats.note("spectator " + w.name + " dropped: " + LockstepHost.MAX_BACKLOG
                        + " bytes waiting for it");
                w.channel.close();
                continue;
            }
            w.channel.writeAndFlush(m);
        }
    }
}
