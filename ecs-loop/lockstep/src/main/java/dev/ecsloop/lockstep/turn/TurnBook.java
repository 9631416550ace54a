package dev.ecsloop.lockstep.turn;

import dev.ecsloop.lockstep.Command;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which peer has sent its inputs for which turn. Turns {@code 0 .. delay-1} are empty for everyone (nobody can
 * schedule inputs that soon), so they are complete from the start; turn {@code t} is complete once every seat has
 * sent its batch for it, or left before it ({@link #drop}).
 *
 * <p>Invariants, enforced on every {@link #accept}: a seat's batches come in turn order with no gap; and no seat
 * runs more than {@code ahead} turns ahead of the slowest seat still playing, since an honest peer schedules turn
 * {@code c + delay} only after every seat's inputs for turn {@code c} are in ({@code ahead} is the input delay, or
 * its ceiling when the host adapts it). That second rule bounds what a misbehaving peer can make anyone hold in
 * memory to {@code ahead} batches per seat.
 */
public final class TurnBook {

    private final int seats;
    /** The input delay at the start: turns {@code 0 .. delay-1} are empty; a fresh book's marks sit at delay-1. */
    private final int delay;
    /** The most turns a seat may be ahead of the slowest: the delay, or its ceiling when the host adapts it. */
    private final int ahead;
    private final boolean keep;
    private final long[] received;
    private final long[] droppedFrom;
    private final List<ArrayDeque<List<Command>>> batches;
    private long completed;
    private long taken;

    /**
     * @param seats number of players, 1 to 8
     * @param delay input delay in turns, at least 1
     * @param keep  whether to keep the commands for {@link #takeNext} (a relay only checks the order)
     * @throws IllegalArgumentException if a count is out of range
     */
    public TurnBook(int seats, int delay, boolean keep) {
        this(seats, delay, delay, keep);
    }

    /**
     * A book whose input delay may change during the game, up to {@code ahead} turns.
     *
     * @param seats number of players, 1 to 8
     * @param delay input delay in turns at the start, at least 1: turns {@code 0 .. delay-1} are empty
     * @param ahead the most turns a seat may send ahead of the slowest, at least {@code delay}
     * @param keep  whether to keep the commands for {@link #takeNext} (a relay only checks the order)
     * @throws IllegalArgumentException if a count is out of range
     */
    public TurnBook(int seats, int delay, int ahead, boolean keep) {
        if (ahead < delay) {
            throw new IllegalArgumentException("a seat may run " + ahead + " turns ahead, under the delay " + delay);
        }
        if (seats < 1 || seats > 8) {
            throw new IllegalArgumentException("a game has 1 to 8 players, not " + seats);
        }
        if (delay < 1) {
            throw new IllegalArgumentException("input delay must be at least 1 turn, was " + delay);
        }
        this.seats = seats;
        this.delay = delay;
        this.ahead = ahead;
        this.keep = keep;
        this.received = new long[seats];
        this.droppedFrom = new long[seats];
        Arrays.fill(received, delay - 1L);
        Arrays.fill(droppedFrom, Long.MAX_VALUE);
        this.batches = new ArrayList<>(seats);
        for (int i = 0; i < seats; i++) {
            batches.add(new ArrayDeque<>());
        }
        this.completed = delay - 1L;
        this.taken = delay - 1L;
    }

    /**
     * Records seat {@code peer}'s batch for {@code turn}. A batch from a seat that has left is ignored.
     *
     * @param peer     the seat
     * @param turn     the turn the commands are scheduled for
     * @param commands the commands, possibly none
     * @throws IllegalArgumentException if the seat is out of range, the turn is not the seat's next one, or it lies
     *                                  more than {@code ahead} turns ahead of the slowest seat; nothing changes
     */
    public void accept(int peer, long turn, List<Command> commands) {
        if (peer < 0 || peer >= seats) {
            throw new IllegalArgumentException("seat " + peer + " is not in this " + seats + "-player game");
        }
        if (turn >= droppedFrom[peer]) {
            return;
        }
        if (turn != received[peer] + 1) {
            throw new IllegalArgumentException("seat " + peer + " sent turn " + turn + ", expected turn "
                    + (received[peer] + 1));
        }
        long slowest = slowest();
        if (turn > slowest + ahead) {
            throw new IllegalArgumentException("seat " + peer + " sent turn " + turn + ", more than " + ahead
                    + " turns ahead of turn " + slowest + " (last turns by seat: " + Arrays.toString(received) + ")");
        }
        received[peer] = turn;
        if (keep) {
            batches.get(peer).addLast(commands);
        }
        advance();
    }

    /**
     * Seat {@code peer} left: its batches for {@code fromTurn} and later count as empty. Batches already received
     * for earlier turns still play. A seat dropped twice keeps its earlier turn.
     *
     * @param peer     the seat
     * @param fromTurn the first turn without its inputs
     * @throws IllegalArgumentException if the seat is out of range, or {@code fromTurn} is beyond the seat's next
     *                                  turn (its inputs for the turns between would be missing)
     */
    public void drop(int peer, long fromTurn) {
        if (peer < 0 || peer >= seats) {
            throw new IllegalArgumentException("seat " + peer + " is not in this " + seats + "-player game");
        }
        if (fromTurn > received[peer] + 1) {
            throw new IllegalArgumentException("seat " + peer + " dropped from turn " + fromTurn
                    + " but its inputs end at turn " + received[peer]);
        }
        if (droppedFrom[peer] != Long.MAX_VALUE) {
            return;
        }
        droppedFrom[peer] = Math.max(fromTurn, completed + 1);
        while (batches.get(peer).size() > droppedFrom[peer] - taken - 1) {
            batches.get(peer).removeLast();
        }
        advance();
    }

    /**
     * Moves a fresh book to a match that goes on from turn {@code base + 1}: every seat's inputs through
     * {@code base} count as given (a rejoiner's book, whose world was restored from a snapshot of that instant; a
     * match resumed from a snapshot, with {@code base} its first turn plus the delay minus one).
     *
     * @param base the last turn the book treats as taken
     * @throws IllegalStateException    if the book has taken anything or a seat has sent or left
     * @throws IllegalArgumentException if {@code base} is below the fresh book's
     */
    public void startAt(long base) {
        for (int p = 0; p < seats; p++) {
            if (received[p] != delay - 1L || droppedFrom[p] != Long.MAX_VALUE) {
                throw new IllegalStateException("only a fresh book can start later");
            }
        }
        if (base < delay - 1L) {
            throw new IllegalArgumentException("a book starts at turn " + (delay - 1) + " or later, not " + base);
        }
        Arrays.fill(received, base);
        completed = base;
        taken = base;
    }

    /**
     * Seat {@code peer}, which left, plays again from turn {@code fromTurn}: its turns from where it left up to
     * {@code fromTurn - 1} stay empty, and its batch for {@code fromTurn} is the next one expected. Every peer
     * applies this at the same point of the host's order, so all agree.
     *
     * @param peer     the seat
     * @param fromTurn its first turn with inputs again
     * @throws IllegalArgumentException if the seat plays, or {@code fromTurn} is not past every complete turn or
     *                                  more than {@code ahead} turns ahead of the slowest seat; nothing changes
     */
    public void rejoin(int peer, long fromTurn) {
        if (peer < 0 || peer >= seats || droppedFrom[peer] == Long.MAX_VALUE) {
            throw new IllegalArgumentException("seat " + peer + " is not a seat that left");
        }
        if (fromTurn <= completed || fromTurn > slowest() + ahead) {
            throw new IllegalArgumentException("seat " + peer + " cannot play again from turn " + fromTurn
                    + ": turns are complete to " + completed + ", the slowest seat is at " + slowest());
        }
        if (keep) {
            for (long t = Math.max(droppedFrom[peer], taken + 1); t < fromTurn; t++) {
                batches.get(peer).addLast(List.of()); // the turns it missed, explicitly empty
            }
        }
        droppedFrom[peer] = Long.MAX_VALUE;
        received[peer] = fromTurn - 1;
    }

    /**
     * @param peer the seat
     * @return its batches received and not yet taken, oldest first (turns {@link #nextToTake()} on), for a
     *         snapshot's catch-up; empty unless the book keeps commands
     */
    public List<List<Command>> pending(int peer) {
        return List.copyOf(batches.get(peer));
    }

    /**
     * @param peer the seat
     * @return the turn at which it left, or {@link Long#MAX_VALUE} if it plays on
     */
    public long droppedFrom(int peer) {
        return droppedFrom[peer];
    }

    /**
     * @param peer the seat
     * @return the turn of its last batch received (the input delay minus one before its first)
     */
    public long received(int peer) {
        return received[peer];
    }

    /** @return how many seats the game has */
    public int seats() {
        return seats;
    }

    /**
     * @param peer the seat
     * @return whether it still plays
     */
    public boolean playing(int peer) {
        return droppedFrom[peer] == Long.MAX_VALUE;
    }

    /** @return the last turn every seat's inputs are in for: the simulation may run to the end of it */
    public long completed() {
        return completed;
    }

    /** @return the next turn {@link #takeNext} hands out */
    public long nextToTake() {
        return taken + 1;
    }

    /**
     * Hands out the inputs of the next complete turn, by seat; a seat that sent nothing or has left gives an empty
     * list. Needs {@code keep}.
     *
     * @param into filled with one list per seat
     * @return the turn, or -1 if the next turn is not complete yet
     * @throws IllegalStateException if the book does not keep commands
     */
    public long takeNext(List<List<Command>> into) {
        if (!keep) {
            throw new IllegalStateException("this turn book only checks the order");
        }
        long turn = taken + 1;
        if (turn > completed) {
            return -1;
        }
        into.clear();
        for (int p = 0; p < seats; p++) {
            if (turn >= droppedFrom[p] || batches.get(p).isEmpty()) {
                into.add(List.of());
            } else {
                into.add(batches.get(p).pollFirst());
            }
        }
        taken = turn;
        return turn;
    }

    /**
     * @return the last turn a seat may send now, which every peer and the relay accept: {@code ahead} turns past the
     *         slowest seat still playing. It never decreases: batches only move seats on, a drop takes a seat out of
     *         the slowest, and a rejoining seat starts past every complete turn ({@link #rejoin}), so at or past the
     *         slowest.
     */
    public long sendLimit() {
        long slowest = slowest();
        return slowest > Long.MAX_VALUE - ahead ? Long.MAX_VALUE : slowest + ahead;
    }

    private long slowest() {
        long min = Long.MAX_VALUE;
        for (int p = 0; p < seats; p++) {
            if (droppedFrom[p] == Long.MAX_VALUE) {
                min = Math.min(min, received[p]);
            }
        }
        return min == Long.MAX_VALUE ? completed : min;
    }

    private void advance() {
        while (true) {
            long next = completed + 1;
            for (int p = 0; p < seats; p++) {
                if (next < droppedFrom[p] && received[p] < next) {
                    return;
                }
            }
            boolean anyone = false;
            for (int p = 0; p < seats; p++) {
                anyone |= next < droppedFrom[p];
            }
            if (!anyone) {
                return; // everybody left: nothing more will ever be complete
            }
            completed = next;
        }
    }
}
