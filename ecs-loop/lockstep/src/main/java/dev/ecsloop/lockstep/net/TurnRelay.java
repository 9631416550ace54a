package dev.ecsloop.lockstep.net;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.PeerFault;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.channel.Channel;

import java.util.Arrays;
import java.util.List;

/**
 * The host's relay of a started game: it checks every seat's turns and hashes, passes them to every other seat
 * still playing in the order received, and drops a seat that breaks the protocol, stops reading or stalls the game.
 * Split from {@link LockstepHost} so that the fault rule lives beside the one place that enforces it.
 *
 * <p>Invariant: because the relay runs in one order on one thread, every seat still playing has received exactly a
 * dropped seat's turns before the turn its {@link Message.Drop} names, so all of them agree on what it did. Not
 * thread-safe: it lives on the host's Netty thread.
 */
final class TurnRelay {

    private final PeerSettings settings;
    private final Seats seats;
    private final Inbox localInbox;
    private final int inputDelay;
    /** The most turns a seat may send ahead of the slowest: the input delay, or its ceiling when it adapts. */
    private final int ahead;
    private final boolean[] playing;
    private final long[] lastProgress;
    private final long[] lastHash;
    /**
     * Seats that play again and have sent no batch since: the relay's book puts them at the turn before the one they
     * play again from, which no batch of theirs has reached yet, so that frontier says nothing about who holds the
     * game back (see {@link #dropStalled}).
     */
    private final boolean[] silentSinceRejoin;
    /**
     * Seats whose leaving during a catch-up the peers were told of, until they play again: a seat holder that
     * reconnects and leaves over and over is told once, not once per attempt.
     */
    private final boolean[] toldGone;
    /** Desync diagnosis messages relayed per seat: an honest peer sends four (mismatch, two probes, fields). */
    private final int[] diagnosis;
    /** Most desync diagnosis messages one seat may send in a game. */
    static final int MAX_DIAGNOSIS = 8;
    private final Spectators spectators;
    private final Rejoins rejoins;
    /**
     * The seat whose turn to play again from the host's player was asked to name ({@link RejoinTurn#ASK_HOST}),
     * or -1. While it is asked, no other seat is answered: its answer may make a second seat play.
     */
    private int askedHost = -1;
    /** Why the asked seat left while the host's player named its turn, or null: it is dropped once named. */
    private String leftWhileAsked;
    /** Whether the host's log said that no seat can be answered without the host's player (once). */
    private boolean toldNoHost;
    /** Every seat's turns received so far; null until the game starts. */
    private TurnBook book;
    private boolean over;
    /** The turn the match starts at: 0, or a resumed match's first turn. */
    private long firstTurn;

    TurnRelay(PeerSettings settings, Seats seats, Inbox localInbox, int inputDelay, int ahead) {
        this.settings = settings;
        this.seats = seats;
        this.localInbox = localInbox;
        this.inputDelay = inputDelay;
        this.ahead = ahead;
        int players = seats.count();
        this.playing = new boolean[players];
        this.lastProgress = new long[players];
        this.lastHash = new long[players];
        this.silentSinceRejoin = new boolean[players];
        this.toldGone = new boolean[players];
        this.diagnosis = new int[players];
        this.spectators = new Spectators(seats);
        this.rejoins = new Rejoins(seats);
        Arrays.fill(lastHash, -1);
    }

    /** @return the match's spectators */
    Spectators spectators() {
        return spectators;
    }

    /** The match resumes at turn {@code turn} (every peer restored the same snapshot): set before the start. */
    void resumeAt(long turn) {
        if (book != null || turn < 0) {
            throw new IllegalStateException("a match resumes at a turn set before it starts, not " + turn);
        }
        firstTurn = turn;
    }

    /** @return the match's seat tokens and the seats catching up */
    Rejoins rejoins() {
        return rejoins;
    }

    /** @return which seats play now (read-only for callers) */
    boolean[] playing() {
        return playing;
    }

    /**
     * Seat {@code seat} reconnected (its token checked) on {@code channel}: from this point of the relay's order on
     * it is fed everything relayed, and the host's player is asked for a snapshot for it.
     */
    void reconnected(int seat, Channel channel) {
        rejoins.begin(seat, channel);
        localInbox.offer(new Message.SnapshotWanted(seat));
        seats.note(seats.name(seat) + " reconnected to seat " + seat + " from " + channel.remoteAddress()
                + ": catching up");
    }

    /**
     * A catching-up seat is ready: it plays again from the turn {@link RejoinTurn} chooses (past every turn a peer
     * may have completed, within {@code ahead} of every peer's slowest seat), at once if there is one; otherwise it
     * waits, still fed as a rejoiner, and the answer is retried after every relayed batch and every drop. A second
     * {@code Ready} while it waits changes nothing.
     */
    private void ready(int seat) {
        if (rejoins.waiting(seat)) {
            return;
        }
        rejoins.ready(seat);
        answerWaiting();
        if (rejoins.waiting(seat) && askedHost < 0
                && RejoinTurn.choose(book, playing.length, ahead) == RejoinTurn.DEFER) { // the frontiers hold it
            long[] turns = new long[playing.length];
            for (int s = 0; s < turns.length; s++) {
                turns[s] = book.playing(s) ? book.received(s) : -1;
            }
            seats.note(seats.name(seat) + " is ready: it waits until the slowest seat's turns are within " + ahead
                    + " of the others' (last turns by seat, -1 for none: " + Arrays.toString(turns) + ")");
        }
    }

    /**
     * Answers every seat waiting on its {@code Ready} while a turn exists that every peer accepts; when the host's
     * player plays alone, asks it to name the turn instead ({@link #hostNamed}).
     */
    private void answerWaiting() {
        for (int s = 1; s < playing.length && askedHost < 0; s++) {
            if (!rejoins.waiting(s)) {
                continue;
            }
            long from = RejoinTurn.choose(book, playing.length, ahead);
            if (from == RejoinTurn.DEFER) {
                return;
            }
            if (from == RejoinTurn.ASK_HOST) {
                if (playing[0]) {
                    askedHost = s;
                    localInbox.offer(new Message.RejoinTurnWanted(s));
                } else if (!toldNoHost) {
                    toldNoHost = true; // a catch-up the host's player served before it was dropped: nobody names
                    seats.note(seats.name(s) + " is ready, but with one seat or none playing only the host's player "
                            + "can name its turn, and it has left: " + seats.name(s) + " waits");
                }
                return;
            }
            playsAgain(s, from, true);
        }
    }

    /**
     * The host's player named turn {@code r.fromTurn()} for the seat it was asked about, and applied it already: its
     * batches before the answer have reached the relay ahead of it, so every peer and the relay's book accept it here.
     * A seat that left meanwhile plays again and is dropped at once, so that every peer agrees with the host's player.
     *
     * @throws IllegalStateException    if the host's player answered a question not asked (a bug on this host)
     * @throws IllegalArgumentException if the relay's book refuses the turn (a bug on this host, as above)
     */
    private void hostNamed(Message.Rejoined r) {
        if (r.peer() != askedHost) {
            throw new IllegalStateException("the host's player named a turn for seat " + r.peer()
                    + ", but the relay asked about seat " + askedHost);
        }
        askedHost = -1;
        String left = leftWhileAsked;
        leftWhileAsked = null;
        playsAgain(r.peer(), r.fromTurn(), false);
        if (left != null) {
            drop(r.peer(), left + ", while catching up");
        }
        answerWaiting();
    }

    /**
     * Seat {@code seat} plays again from turn {@code from}: every peer, spectator and seat still catching up learns
     * it at this point of the relay's order (the host's player too, unless it named the turn and applied it).
     */
    private void playsAgain(int seat, long from, boolean toHost) {
        book.rejoin(seat, from);
        rejoins.end(seat);
        playing[seat] = true;
        silentSinceRejoin[seat] = true;
        toldGone[seat] = false;
        lastProgress[seat] = settings.clock().nanoTime();
        lastHash[seat] = from; // it hashes only checkpoints after its return
        Message.Rejoined back = new Message.Rejoined(seat, from);
        if (toHost) {
            toEveryone(back);
        } else {
            relayFrom(0, back);
        }
        seats.note(seats.name(seat) + " plays again from turn " + from);
    }

    /**
     * A late joiner took open seat {@code seat}: every peer, spectator and seat catching up learns its name at this
     * point of the relay's order (they had it as {@link Seats#openName}); the joiner itself has it from its
     * {@code Start}.
     */
    void seated(int seat) {
        Message.Seated named = new Message.Seated(seat, seats.name(seat));
        toEveryone(named);
    }

    /**
     * Seat {@code seat} left while it caught up: it never played again, so no book changes, but every peer and
     * spectator is told at this point of the relay's order, as of any seat that leaves (a drop of a seat that does
     * not play changes nothing but the report), so that nobody waits for a player who is gone. Once per seat until it
     * plays again: later attempts that end the same way are the host's log's only.
     *
     * @param reason why, as the host saw it (printable)
     */
    void leftWhileCatchingUp(int seat, String reason) {
        if (seat == askedHost) {
            if (leftWhileAsked == null) {
                leftWhileAsked = reason; // the host's player may have applied its answer: see hostNamed
            }
            return;
        }
        rejoins.end(seat);
        String why = reason + ", while catching up";
        seats.note(seats.name(seat) + " left: " + why + (toldGone[seat] ? " (the players were told before)" : ""));
        if (!toldGone[seat]) {
            toldGone[seat] = true;
            toEveryone(new Message.Drop(seat, book.completed() + 1, why));
        }
    }

    /** @return whether the game has started */
    boolean started() {
        return book != null;
    }

    /** Starts the game once every seat is taken: every seat learns the names, the host's own player too. */
    void start() {
        List<String> all = seats.names();
        int players = seats.count();
        book = new TurnBook(players, inputDelay, ahead, false);
        if (firstTurn > 0) {
            book.startAt(firstTurn + inputDelay - 1);
        }
        long now = settings.clock().nanoTime();
        for (int s = 0; s < players; s++) {
            playing[s] = true;
            lastProgress[s] = now;
        }
        Message.Start start = new Message.Start(all);
        for (int s = 1; s < players; s++) {
            if (seats.channel(s) != null) {
                seats.channel(s).writeAndFlush(start);
            }
        }
        localInbox.offer(start);
        spectators.feed(start);
        seats.note("game started: " + String.join(", ", all)
                + (spectators.count() == 0 ? "" : "; " + spectators.count() + " watching"));
        for (int s = 1; s < players; s++) {
            if (seats.name(s) == null) {
                drop(s, PeerFault.OPEN_SEAT); // every peer gives the open seat empty turns until a late joiner takes it
            }
        }
    }

    /**
     * A spectator joined the match under way on {@code channel} (it is fed from this point of the relay's order
     * on): the host's player is asked for a snapshot for it, served in the order asked.
     */
    void spectatorLate(Channel channel) {
        spectators.awaitCatchup(channel);
        localInbox.offer(new Message.SnapshotWanted(SPECTATOR));
    }

    /** The catch-up request id of a spectator: spectators have no seat; their chunks go out in request order. */
    static final int SPECTATOR = -1;

    /**
     * Drops every seat that holds the game back (others sent later turns) without inputs past the stall timeout.
     * A seat that plays again counts as holding nobody back by its frontier until its first batch arrives: the
     * relay answered its {@code Ready} with a turn up to {@code ahead} past the others' frontiers, and during a
     * match-wide pause (its {@code Ready} crossed the pause on its way) no seat sends until the resume, so every
     * paused seat would otherwise look like it held the game back and be dropped.
     */
    void dropStalled(long now) {
        if (book == null || over) {
            return;
        }
        long newest = Long.MIN_VALUE;
        for (int s = 0; s < playing.length; s++) {
            if (playing[s] && !silentSinceRejoin[s]) {
                newest = Math.max(newest, book.received(s));
            }
        }
        for (int s = 0; s < playing.length; s++) {
            if (playing[s] && book.received(s) < newest && now - lastProgress[s] > settings.stallTimeout().toNanos()) {
                drop(s, "stalled: no inputs for " + settings.stallTimeout().toMillis() + " ms while the others wait");
            }
        }
    }

    /** A message from seat {@code seat} (0: the host's own player) during the game. */
    void fromSeat(int seat, Message m) {
        if (rejoins.catchingUp(seat)) {
            if (m instanceof Message.Ready r && r.peer() == seat) {
                ready(seat);
            } else if (m instanceof Message.Leave l) {
                leftWhileCatchingUp(seat, Echo.printable(l.reason(), LockstepHost.MAX_LEAVE_REASON));
            }
            return;
        }
        if (!playing[seat]) {
            return;
        }
        if (seat == 0 && m instanceof Message.Rejoined r) {
            hostNamed(r);
            return;
        }
        if (m instanceof Message.Catchup c) {
            if (seat != 0) {
                drop(seat, "protocol error: only the host's player sends catch-up chunks");
            } else if (c.peer() == SPECTATOR) {
                spectators.deliver(c);
            } else {
                rejoins.deliver(c);
            }
            return;
        }
        if (m instanceof Message.Turn t) {
            if (t.peer() != seat) {
                drop(seat, "protocol error: sent a turn for seat " + t.peer());
                return;
            }
            try {
                book.accept(seat, t.turn(), t.commands());
            } catch (IllegalArgumentException e) {
                drop(seat, "protocol error: " + e.getMessage());
                return;
            }
            lastProgress[seat] = settings.clock().nanoTime();
            silentSinceRejoin[seat] = false;
            relayFrom(seat, m);
            answerWaiting(); // the batch may have closed the gap a ready seat waits on
        } else if (m instanceof Message.Hash h) {
            if (h.peer() != seat) {
                drop(seat, "protocol error: sent a hash for seat " + h.peer());
                return;
            }
            // A peer hashes checkpoint k once its simulation reaches turn k, which needs its own turn k - 1 sent:
            // at most one hash per turn, never ahead of its inputs.
            if (h.turn() <= lastHash[seat] || h.turn() > book.received(seat) + 1) {
                drop(seat, "protocol error: hash for turn " + h.turn() + " after its hash for turn "
                        + lastHash[seat] + " and inputs to turn " + book.received(seat));
                return;
            }
            lastHash[seat] = h.turn();
            relayFrom(seat, m);
        } else if (m instanceof Message.Stop s) {
            if (s.peer() != seat) {
                drop(seat, "protocol error: sent a stop for seat " + s.peer());
                return;
            }
            if (!over) {
                over = true;
                seats.note("game stopped by " + seats.name(seat) + ": "
                        + Echo.printable(s.reason(), Codec.MAX_STRING));
                relayFrom(seat, m);
            }
        } else if (m instanceof Message.Leave l) {
            drop(seat, Echo.printable(l.reason(), LockstepHost.MAX_LEAVE_REASON));
        } else if (m instanceof Message.Resume r) {
            if (r.peer() != seat) {
                drop(seat, "protocol error: sent a resume for seat " + r.peer());
                return;
            }
            relayFrom(seat, m);
        } else if (m instanceof Message.Mismatch || m instanceof Message.Probe || m instanceof Message.Fields) {
            int claimed = m instanceof Message.Mismatch x ? x.peer()
                    : m instanceof Message.Probe p ? p.peer() : ((Message.Fields) m).peer();
            if (claimed != seat) {
                drop(seat, "protocol error: sent a desync diagnosis for seat " + claimed);
                return;
            }
            if (++diagnosis[seat] > MAX_DIAGNOSIS) {
                drop(seat, "protocol error: more than " + MAX_DIAGNOSIS + " desync diagnosis messages");
                return;
            }
            relayFrom(seat, m);
        } else {
            drop(seat, "protocol error: sent " + m.getClass().getSimpleName() + " during the game");
        }
    }

    /** Sends {@code m} to every seat still playing, every spectator and every seat catching up, in this order. */
    private void toEveryone(Message m) {
        for (int s = 0; s < playing.length; s++) {
            if (playing[s]) {
                to(s, m);
            }
        }
        spectators.feed(m);
        rejoins.feed(m);
    }

    private void relayFrom(int seat, Message m) {
        for (int s = 0; s < playing.length; s++) {
            if (s != seat && playing[s]) {
                to(s, m);
            }
        }
        spectators.feed(m);
        rejoins.feed(m);
    }

    private void to(int seat, Message m) {
        Channel channel = seats.channel(seat);
        if (seat == 0) {
            localInbox.offer(m);
        } else if (channel != null) {
            if (!channel.isActive()) {
                return; // closing: its channelInactive drops it as disconnected
            }
            if (!channel.isWritable() && playing[seat] && !(m instanceof Message.Drop)) {
                drop(seat, "not reading: " + LockstepHost.MAX_BACKLOG + " bytes waiting for it");
                return;
            }
            channel.writeAndFlush(m);
        }
    }

    /** Drops a seat: from the first turn not relayed yet, its inputs are empty everywhere. Once per seat. */
    void drop(int seat, String reason) {
        if (!playing[seat]) {
            return;
        }
        playing[seat] = false;
        seats.roundTrip(seat, -1); // its round trip no longer counts in the host link's worst one
        long from = book.received(seat) + 1;
        book.drop(seat, from);
        Message.Drop drop = new Message.Drop(seat, from, reason);
        seats.note(seats.name(seat) + " dropped from turn " + from + ": " + reason);
        for (int s = 0; s < playing.length; s++) {
            if (s == seat || playing[s]) {
                to(s, drop);
            }
        }
        spectators.feed(drop);
        rejoins.feed(drop);
        Channel channel = seats.channel(seat);
        if (channel != null && channel.isWritable()) {
            GracefulClose.close(channel); // it reads why before the end; the others are told already
        } else if (channel != null) {
            channel.close(); // its backlog is full: it would never read the drop
        }
        answerWaiting(); // without the dropped seat the frontiers may have closed up
    }
}
