package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.Desync;
import dev.ecsloop.lockstep.turn.HashBook;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.state.StateHash;

import java.util.ArrayDeque;
import java.util.List;

/**
 * One peer's state-hash checkpoints: at the first fixed tick at or after the start of every {@code hashEvery}-th
 * turn it hashes the world, sends the hash and compares it with the peers' ones. Split from
 * {@link LockstepSession} so that desync detection reads as one piece, apart from turn delivery.
 *
 * <p>Invariants: checkpoints are taken in increasing turn order, at most one per checkpoint turn; the first desync
 * found is kept and never replaced; at most {@link LockstepSession#KEPT_CHECKPOINTS} own hashes are kept, the
 * oldest forgotten first. Not thread-safe: it lives on the loop thread.
 */
final class Checkpoints {

    private final PeerLink link;
    private final LockstepConfig config;
    private final int seat;
    private final HashBook hashes;
    private final StateHash hasher;
    /** This peer's latest checkpoints, oldest first. */
    private final ArrayDeque<Message.Hash> own = new ArrayDeque<>();
    private long next;
    private Desync desync;
    /** This peer neither hashes nor compares checkpoints up to this turn (a rejoiner, until it plays again). */
    private long silentThrough = -1;

    Checkpoints(GameLoop loop, PeerLink link, LockstepConfig config, int seat, int players) {
        this.link = link;
        this.config = config;
        this.seat = seat;
        this.hashes = new HashBook(players);
        this.hasher = new StateHash(loop.world());
        this.next = config.hashEvery();
    }

    /**
     * @return the tick listener that hashes before each tick while {@code running} holds (the session adds it to
     *         the loop, and removes it when it leaves)
     */
    dev.ecsloop.TickListener hasher(java.util.function.BooleanSupplier running, boolean[] playing) {
        return (system, tickNanos) -> {
            if (running.getAsBoolean()) {
                beforeTick(tickNanos, playing);
            }
        };
    }

    /** Before a tick of a running game: at a checkpoint, hashes the world, sends the hash and compares it. */
    void beforeTick(long tickNanos, boolean[] playing) {
        long every = Math.multiplyExact((long) config.hashEvery(), config.turnNanos());
        if (tickNanos < next * config.turnNanos()) {
            return;
        }
        long turn = tickNanos / every * config.hashEvery();
        if (turn <= silentThrough) {
            next = turn + config.hashEvery();
            return;
        }
        long at = turn * config.turnNanos();
        Message.Hash hash = new Message.Hash(seat, turn, at, hasher.hash());
        next = turn + config.hashEvery();
        if (own.size() == LockstepSession.KEPT_CHECKPOINTS) {
            own.pollFirst();
        }
        own.addLast(hash);
        if (seat >= 0) { // a spectator keeps its hashes (to compare afterwards) but has no say
            link.send(hash);
            compare(hashes.report(seat, turn, at, hash.hash(), playing));
        }
    }

    /**
     * A peer's checkpoint hash, compared with the others'.
     *
     * @throws IllegalArgumentException if the seat is out of range or reported this checkpoint already
     * @throws IllegalStateException    if too many checkpoints wait for some peer's hash
     */
    void received(Message.Hash h, boolean[] playing) {
        if (h.turn() <= silentThrough) {
            return;
        }
        compare(hashes.report(h.peer(), h.turn(), h.simNanos(), h.hash(), playing));
    }

    /** This peer (a rejoiner) neither hashes nor compares checkpoints through {@code turn}. */
    void silentThrough(long turn) {
        silentThrough = turn;
    }

    /** Seat {@code peer} plays again and reports checkpoints after {@code turn} only. */
    void back(int peer, long turn, boolean[] playing) {
        hashes.silentThrough(peer, turn, playing);
    }

    /** A seat stopped playing: open checkpoints no longer wait for its hash. */
    void seatsChanged(boolean[] playing) {
        hashes.seatsChanged(playing);
    }

    /** Keeps the first desync; the session stops the game outside the tick that found it. */
    private void compare(Desync found) {
        if (found != null && desync == null) {
            desync = found;
        }
    }

    /**
     * @return the latest of this peer's checkpoints that every seat still playing reported alike, or -1 (what a
     * desync diagnosis keeps its snapshots from); a mismatched checkpoint stays open, so it is never counted
     */
    long agreedThrough() {
        if (own.isEmpty()) {
            return -1;
        }
        long last = own.peekLast().turn();
        long open = hashes.firstOpen();
        return open < 0 || open > last ? last : open - config.hashEvery();
    }

    /** @return the first desync found, or null */
    Desync desync() {
        return desync;
    }

    /** @return this peer's own latest checkpoint hashes, oldest first */
    List<Message.Hash> kept() {
        return List.copyOf(own);
    }
}
