package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The input delay of a match as it changes. With an adaptive delay ({@link LockstepConfig#adaptive()}) the host
 * (seat 0) reads its worst round trip to a player once per turn ({@link RoundTrips}) and, when another delay is
 * called for and no change is on its way, puts a change into its own next batch: a command of the reserved type
 * {@link #TYPE} whose {@code code} is the new delay. Every peer, spectators too, meets that command when its
 * simulation reaches the batch's turn {@code T} (at the turn's instant, between two frames, like every command) and
 * uses the new delay from turn {@code T + 1} on. So every peer switches at the same turn: the change is part of the
 * turn stream, which every peer plays alike, and no peer passes {@code T} before it holds that batch.
 *
 * <p>What the delay decides is only when a peer sends: in turn {@code c} it has sent its batches up to
 * {@code c - 1 + D(c)}, never fewer than before (a lower delay sends nothing new for a turn or two; a higher one
 * sends the empty batches between at once), and an input given in turn {@code c} goes into the first batch not yet
 * sent. The simulation depends on the batches alone, so a recording replays the match whatever the delays were;
 * the changes are in every peer's turn stream and in {@link #changes()}.
 *
 * <p>Invariants: the delay stays within the floor and the ceiling (a change outside is moved inside, on every peer
 * alike); a change from any seat but the host's is ignored, on every peer alike; at most one change is on its way
 * from the host; a turn's delay never changes once the simulation is in it. Not thread-safe: it lives on the loop
 * thread.
 */
final class InputDelay {

    /** The reserved command type a delay change rides on. */
    static final int TYPE = Integer.MIN_VALUE;
    /** Most changes {@link #changes()} keeps; older ones are forgotten. */
    static final int KEPT_CHANGES = 256;
    /** How much time of round-trip readings counts (one reading a turn). */
    static final long WINDOW_NANOS = 4_000_000_000L;

    private final LockstepConfig config;
    private final GameLoop loop;
    private final PeerLink link;
    private final RoundTrips trips;
    private final List<DelayChange> changes = new ArrayList<>();
    private Consumer<String> reports = line -> { };
    private int before;
    private int after;
    private long changedAt = -1;
    private boolean onItsWay;
    private long sampled = -1;

    /**
     * @param config the rules: the delay at the start, its floor and ceiling
     * @param loop   the loop, whose simulated time says which turn a change is met in
     * @param link   this peer's link; the host's reports its worst round trip to a player
     */
    InputDelay(LockstepConfig config, GameLoop loop, PeerLink link) {
        this.config = config;
        this.loop = loop;
        this.link = link;
        this.before = config.inputDelay();
        this.after = config.inputDelay();
        this.trips = link.seat() == 0 && config.adaptive() ? new RoundTrips(config.turnNanos(), config.delayFloor(),
                config.delayCeiling(), (int) Math.max(1, WINDOW_NANOS / config.turnNanos())) : null;
    }

    /** Where a change is reported: one line, on every peer. */
    void onReport(Consumer<String> sink) {
        this.reports = sink;
    }

    /**
     * @param turn a turn the simulation is in or has not reached
     * @return the input delay in that turn, as known now
     */
    int at(long turn) {
        return turn > changedAt ? after : before;
    }

    /**
     * The host, once per turn its simulation enters: reads the round trip and, if another delay is called for and
     * no change is on its way, announces it in this peer's next batch. Nothing on any other peer.
     *
     * @param turn the turn the simulation is in
     * @param own  this peer's outgoing batches
     */
    void decide(long turn, OwnTurns own) {
        if (trips == null || turn == sampled) {
            return;
        }
        sampled = turn;
        trips.add(link.rttNanos());
        int now = at(turn);
        int wanted = trips.wanted(now);
        if (!onItsWay && wanted != now) {
            own.announce(new Command(TYPE, wanted, 0, 0, 0, 0));
            onItsWay = true;
        }
    }

    /**
     * The host decides first ({@link #decide}); then every player sends its batches up to {@code turn - 1 + D}.
     *
     * @param turn the turn the simulation is in (or the end turn, if sooner)
     * @param own  this peer's outgoing batches
     * @return the last turn this peer's batches are due for now
     */
    long sendingUpTo(long turn, OwnTurns own) {
        decide(turn, own);
        return turn - 1 + at(turn);
    }

    /**
     * @param game the game's rule for its own commands
     * @return a rule that takes delay changes out of the turn (they never reach the game) and passes the rest to
     *         {@code game}
     */
    CommandFilter around(CommandFilter game) {
        return (seat, command) -> command.type() == TYPE ? changed(seat, command.code()) : game.admit(seat, command);
    }

    /** A delay change met at its turn's instant: from the host it applies from the next turn on; else ignored. */
    private Command changed(int seat, int delay) {
        if (seat != 0) {
            return null;
        }
        onItsWay = false;
        int d = Math.max(config.delayFloor(), Math.min(config.delayCeiling(), delay));
        long turn = loop.simulatedNanos() / config.turnNanos();
        if (d != at(turn + 1)) {
            before = at(turn);
            after = d;
            changedAt = turn;
            if (changes.size() == KEPT_CHANGES) {
                changes.remove(0);
            }
            changes.add(new DelayChange(turn + 1, d));
            reports.accept("input delay " + before + " -> " + d + " turns (" + d * config.turnNanos() / 1_000_000
                    + " ms) from turn " + (turn + 1));
        }
        return null;
    }

    /**
     * The delay as session state at one instant, for a rejoiner's catch-up: a snapshot restores the world, not the
     * session, so the host's player sends this beside it and the rejoiner goes on from it (later changes it meets
     * in the turns it replays).
     *
     * @param before    the delay up to and including turn {@code changedAt}
     * @param after     the delay after it
     * @param changedAt the turn the last change was met in, or -1
     * @param changes   the changes so far, oldest first (at most {@link #KEPT_CHANGES})
     */
    record State(int before, int after, long changedAt, List<DelayChange> changes) {
    }

    /** @return the delay's state now */
    State state() {
        return new State(before, after, changedAt, List.copyOf(changes));
    }

    /**
     * A rejoiner takes the host's delay state at its snapshot's instant (before it replays any turn).
     *
     * @param s the state, checked against the floor and ceiling by its reader
     */
    void restore(State s) {
        before = s.before();
        after = s.after();
        changedAt = s.changedAt();
        changes.clear();
        changes.addAll(s.changes());
    }

    /** @return the changes so far, oldest first (at most {@link #KEPT_CHANGES}) */
    List<DelayChange> changes() {
        return List.copyOf(changes);
    }

    /** @return the worst round trip the host's readings hold now, or -1 (none yet, or not the host) */
    long worstRoundTrip() {
        return trips == null ? -1 : trips.worst();
    }
}
