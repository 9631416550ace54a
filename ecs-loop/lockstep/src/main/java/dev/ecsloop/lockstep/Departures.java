package dev.ecsloop.lockstep;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Who still plays, and what a departure means. A dropped player's seat gets empty turns from the turn its drop
 * names, on every peer alike, so its units keep the orders they had and get no new ones (they hold, they are not
 * taken over), and checkpoints stop waiting for its hash. The host's own seat is never dropped from the book:
 * nobody relays after it, so the turns it did not relay stay missing, the simulation waits at them, and the
 * session stops with {@link #lost()} (otherwise a last player would play on alone). Split from
 * {@link LockstepSession} so that the departure rule reads as one piece.
 *
 * <p>Invariants: a seat stops playing only while it plays, and plays again only through a rejoin the host
 * announced at one point of its order ({@link #back}); faults are kept in the order they came.
 * Not thread-safe: it lives on the loop thread.
 */
final class Departures {

    private final TurnBook book;
    private final Checkpoints checkpoints;
    private final List<String> names;
    private final int seat;
    private final boolean[] playing;
    private final List<PeerFault> faults = new ArrayList<>();
    private String lost;
    /** Whether the host left saying its match is over (it ended it, rather than being lost). */
    private boolean hostEnded;
    /** The turn the host said its match ended at, or -1. */
    private long hostEndTurn = -1;
    /** Whether the host dropped this very seat. */
    private boolean droppedHere;

    /** What a player that reached its end says as it leaves, followed by {@link #AT_TURN} and the turn. */
    static final String MATCH_OVER = "match over";
    static final String AT_TURN = " at turn ";

    /** @return the end turn a leave reason "match over at turn N" names, or -1 for any other reason */
    static long endTurnIn(String reason) {
        String prefix = MATCH_OVER + AT_TURN;
        if (!reason.startsWith(prefix) || reason.length() == prefix.length()
                || reason.length() > prefix.length() + 18) {
            return -1;
        }
        for (int i = prefix.length(); i < reason.length(); i++) {
            if (reason.charAt(i) < '0' || reason.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(reason.substring(prefix.length()));
    }

    /**
     * @param own  this peer's end turn ({@link Long#MAX_VALUE}: none)
     * @param turn the turn its simulation is in
     * @return its end turn: its own, or for a peer without one (a spectator watching to the end) the turn the host
     *         ended its match at once it left saying so, so that it ends on the players' world
     */
    long endTurn(long own, long turn) {
        return own == Long.MAX_VALUE && hostEndTurn >= turn ? hostEndTurn : own;
    }

    Departures(TurnBook book, Checkpoints checkpoints, List<String> names, int seat) {
        this.book = book;
        this.checkpoints = checkpoints;
        this.names = names;
        this.seat = seat;
        this.playing = new boolean[names.size()];
        Arrays.fill(playing, true);
    }

    /** @return whether the host dropped this very seat (the stop this peer then took was that, not a desync) */
    boolean droppedHere() {
        return droppedHere;
    }

    /**
     * Seat {@code d.peer()} left.
     *
     * @param d       the drop
     * @param endTurn the match's end turn (a seat that played every turn ended, it did not fail)
     * @param reports where a fault is reported
     * @return the stop reason if this very seat was dropped, otherwise null
     */
    String left(Message.Drop d, long endTurn, Consumer<String> reports) {
        String reason = Echo.printable(d.reason(), Codec.MAX_STRING);
        if (d.peer() == seat) {
            droppedHere = true;
            return "dropped from the game at turn " + d.fromTurn() + ": " + reason;
        }
        if (d.peer() != 0 && playing[d.peer()]) {
            book.drop(d.peer(), d.fromTurn());
            playing[d.peer()] = false;
            checkpoints.seatsChanged(playing);
        }
        PeerFault fault = new PeerFault(d.peer(), name(d.peer()), d.fromTurn(), reason);
        faults.add(fault);
        boolean afterTheEnd = d.fromTurn() >= endTurn;
        if (d.peer() == 0 && lost == null) {
            hostEnded = d.reason().equals(MATCH_OVER) || d.reason().startsWith(MATCH_OVER + AT_TURN);
            hostEndTurn = endTurnIn(d.reason());
            // Nobody relays now: play what is here, then stop with this.
            lost = (name(0).equals("host") ? "the host" : "the host " + name(0)) + " left (" + reason + ")";
        } else if (d.peer() != 0 && !afterTheEnd) {
            reports.accept(fault.describe());
        }
        return null;
    }

    /** Seat {@code peer} was not playing when this peer's world was restored (a rejoiner's view). */
    void absent(int peer) {
        playing[peer] = false;
    }

    /** Seat {@code peer} rejoined: it plays again (its turns and checkpoints were set by the caller). */
    void back(int peer) {
        playing[peer] = true;
    }

    /** The link to the host is gone (the client's own note); the first reason is kept. */
    void lostHost(String reason) {
        if (lost == null) {
            lost = reason;
        }
    }

    /** @return why the host is gone, or null */
    String lost() {
        return lost;
    }

    /** @return whether the host is gone without having ended the match (it did not leave with "match over") */
    boolean hostLost() {
        return lost != null && !hostEnded;
    }

    /** @return which seats still play; the array is shared, read-only for callers */
    boolean[] playing() {
        return playing;
    }

    /** @return the peers that left, in the order they did */
    List<PeerFault> faults() {
        return List.copyOf(faults);
    }

    /**
     * A late joiner took open seat {@code s.peer()}: it goes by its name from now on, in every report. The host
     * names a seat only while it is open ({@link LockstepHost#openSeatName}), with a name the lobby allows and no
     * other seat has; the same name again (a peer whose {@code Start} already had it) changes nothing.
     *
     * @throws IllegalArgumentException in one line, the name escaped, for anything else; nothing changes
     */
    void seated(Message.Seated s, Consumer<String> reports) {
        int p = s.peer();
        if (p < 0 || p >= names.size()) {
            throw new IllegalArgumentException("the host named seat " + p + " of a " + names.size()
                    + "-player game");
        }
        if (s.name().equals(names.get(p))) {
            return;
        }
        String bad = PeerSettings.checkName(s.name());
        if (bad != null) {
            throw new IllegalArgumentException("the host named seat " + p + ": " + bad);
        }
        if (!open(p) || names.contains(s.name())) {
            throw new IllegalArgumentException("the host named seat " + p + " (" + Echo.quote(names.get(p))
                    + ") " + Echo.quote(s.name()) + ": only an open seat gets a name, one no other seat has");
        }
        names.set(p, s.name());
        reports.accept(s.name() + " took open seat " + p);
    }

    /**
     * @param seat a seat of the match
     * @return whether it waits for a late joiner: no one has taken it yet, so it still goes by
     *         {@link LockstepHost#openSeatName}
     */
    boolean open(int seat) {
        return names.get(seat).equals(LockstepHost.openSeatName(seat));
    }

    String name(int peer) {
        return peer >= 0 && peer < names.size() ? names.get(peer) : "seat " + peer;
    }
}
