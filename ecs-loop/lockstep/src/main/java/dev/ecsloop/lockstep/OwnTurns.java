package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * This player's inputs on their way out: each is scheduled for a turn, and a turn's batch (often empty) is sent
 * once the simulation has left the turn the delay counts from, never earlier and never twice. Split from
 * {@link LockstepSession} so that what this peer promised the others is in one place.
 *
 * <p>Invariants: turns are sent in order without gaps, each once, from turn {@code D} on (turns {@code 0 .. D-1}
 * are empty everywhere); a spectator (seat -1) sends nothing; a command goes out in the first batch at or after the turn it was scheduled for. Not
 * thread-safe: it lives on the loop thread.
 */
final class OwnTurns {

    private record Scheduled(long turn, Command command) {
    }

    private final PeerLink link;
    private final TurnBook book;
    private final int seat;
    private final ArrayDeque<Scheduled> pending = new ArrayDeque<>();
    private long lastSent;

    /** Sends from the turn after the last one the book holds for this seat (the empty turns, or a resumed start). */
    OwnTurns(PeerLink link, TurnBook book) {
        this.link = link;
        this.book = book;
        this.seat = link.seat();
        this.lastSent = book.received(Math.max(seat, 0));
    }

    /** Sends nothing until {@link #resumeFrom} (a rejoiner catching up: its seat's turns are empty meanwhile). */
    void hold() {
        lastSent = Long.MAX_VALUE;
        pending.clear();
    }

    /** @return whether this peer sends nothing now (a rejoiner catching up) */
    boolean holding() {
        return lastSent == Long.MAX_VALUE;
    }

    /** This seat plays again: its next batch is for turn {@code turn}. */
    void resumeFrom(long turn) {
        lastSent = turn - 1;
        pending.clear();
    }

    /**
     * Schedules the game's {@code command} for turn {@code turn}, or the first turn not sent yet if that one is
     * (the input delay went down).
     *
     * @return the turn it takes effect in
     * @throws IllegalArgumentException if its type is one the session reserves
     */
    long schedule(long turn, Command command) {
        if (command.type() < Command.GAME_TYPES) {
            throw new IllegalArgumentException("command type " + command.type() + " is reserved for the session; "
                    + "a game's types start at " + Command.GAME_TYPES);
        }
        long at = Math.max(turn, lastSent + 1);
        pending.addLast(new Scheduled(at, command));
        return at;
    }

    /**
     * Puts the session's own {@code command} (a reserved type) in the next batch this peer sends.
     *
     * @return the turn of that batch
     */
    long announce(Command command) {
        pending.addLast(new Scheduled(lastSent + 1, command));
        return lastSent + 1;
    }

    /** Sends every batch up to turn {@code upTo}; the steady frame within a turn allocates nothing. */
    void sendUpTo(long upTo) {
        if (lastSent >= upTo || seat < 0) {
            return;
        }
        List<Command> batch = new ArrayList<>();
        while (lastSent < upTo) {
            lastSent++;
            batch.clear();
            while (!pending.isEmpty() && pending.peekFirst().turn() <= lastSent) {
                batch.add(pending.pollFirst().command());
            }
            List<Command> commands = List.copyOf(batch);
            book.accept(seat, lastSent, commands);
            link.send(new Message.Turn(seat, lastSent, commands));
        }
    }
}
