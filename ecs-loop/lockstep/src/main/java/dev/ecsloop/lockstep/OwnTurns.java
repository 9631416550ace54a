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
 * are empty everywhere); a spectator (seat -1) sends nothing; a command goes out in the first batch at or after the
 * turn it was scheduled for; the book holds every batch sent before the loop thread's next {@link #sendUpTo}.
 *
 * <p>Thread-safe where it must be: the loop thread does everything, and {@link LateFrameCover} may also
 * {@link #send} from its own thread when the loop's frames come late. Sending, scheduling and announcing hold this
 * object's lock, so a command lands in exactly one batch whichever thread sends it. Only the loop thread books
 * (the book is the loop's): a batch the cover sent waits in {@code unbooked} until then.
 */
final class OwnTurns {

    private record Scheduled(long turn, Command command) {
    }

    private final PeerLink link;
    private final TurnBook book;
    private final int seat;
    private final ArrayDeque<Scheduled> pending = new ArrayDeque<>();
    private final ArrayDeque<Message.Turn> unbooked = new ArrayDeque<>();
    private final List<Command> batch = new ArrayList<>();
    private long lastSent;

    /** Sends from the turn after the last one the book holds for this seat (the empty turns, or a resumed start). */
    OwnTurns(PeerLink link, TurnBook book) {
        this.link = link;
        this.book = book;
        this.seat = link.seat();
        this.lastSent = book.received(Math.max(seat, 0));
    }

    /** Sends nothing until {@link #resumeFrom} (a rejoiner catching up: its seat's turns are empty meanwhile). */
    synchronized void hold() {
        lastSent = Long.MAX_VALUE;
        pending.clear();
    }

    /** @return whether this peer sends nothing now (a rejoiner catching up) */
    synchronized boolean holding() {
        return lastSent == Long.MAX_VALUE;
    }

    /** This seat plays again: its next batch is for turn {@code turn}. */
    synchronized void resumeFrom(long turn) {
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
    synchronized long schedule(long turn, Command command) {
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
    synchronized long announce(Command command) {
        pending.addLast(new Scheduled(lastSent + 1, command));
        return lastSent + 1;
    }

    /** The loop thread: the last turn this peer may send now, which the relay and every peer accept. */
    long sendLimit() {
        return book.sendLimit();
    }

    /**
     * @return the next turn this peer sends a batch for, or {@link Long#MAX_VALUE} while it sends nothing (a rejoiner
     *         catching up, or a spectator)
     */
    synchronized long nextTurn() {
        return seat < 0 || lastSent == Long.MAX_VALUE ? Long.MAX_VALUE : lastSent + 1;
    }

    /**
     * The loop thread: sends every batch up to turn {@code upTo}, and books them and any the cover sent since; the
     * steady frame within a turn allocates nothing.
     */
    void sendUpTo(long upTo) {
        send(upTo);
        bookSent();
    }

    /**
     * Sends every batch up to turn {@code upTo}, from any thread; the loop thread books them at its next
     * {@link #sendUpTo}.
     */
    synchronized void send(long upTo) {
        if (lastSent >= upTo || seat < 0) {
            return;
        }
        while (lastSent < upTo) {
            lastSent++;
            batch.clear();
            while (!pending.isEmpty() && pending.peekFirst().turn() <= lastSent) {
                batch.add(pending.pollFirst().command());
            }
            Message.Turn turn = new Message.Turn(seat, lastSent, List.copyOf(batch));
            unbooked.addLast(turn);
            link.send(turn);
        }
    }

    /**
     * The loop thread, on the host's player playing alone, asked by its relay: names the turn seat {@code peer} plays
     * again from and sends the answer behind every batch sent so far. It books those batches first, so the book's
     * send limit ({@code ahead} past this seat's last batch) is a turn this seat has not completed, and which every
     * book that holds its batches in the relay's order accepts. Under this object's lock, so the cover sends no batch
     * between the naming and the answer.
     *
     * @return the turn named; the caller applies it to the book
     * @throws IllegalStateException if another seat plays (the relay asks only a lone host's player)
     */
    synchronized long nameRejoinTurn(int peer) {
        bookSent();
        for (int s = 0; s < book.seats(); s++) {
            if (s != seat && book.playing(s)) {
                throw new IllegalStateException("asked to name seat " + peer + "'s turn to play again from while seat "
                        + s + " plays too");
            }
        }
        long from = book.sendLimit();
        link.send(new Message.Rejoined(peer, from));
        return from;
    }

    /** The loop thread: books every batch sent and not booked yet (the cover's among them). */
    private synchronized void bookSent() {
        for (Message.Turn t = unbooked.pollFirst(); t != null; t = unbooked.pollFirst()) {
            book.accept(seat, t.turn(), t.commands());
        }
    }
}
