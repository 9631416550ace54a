package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The input delay of a match as it changes. With an adaptive delay ({@link LockstepConfig#adaptive()}) the host
 * (seat 0) reads, once per turn, the worst lateness of batches it measured or its joiners reported ({@link Lateness},
 * {@link DelayRule}) and, when another delay is called for and no change is on its way, puts a change into its own
 * next batch: a command of the reserved type
 * {@link #TYPE} whose {@code code} is the new delay in turns {@code D} and whose {@code x} is its budget {@code B} in
 * microseconds, {@code (D - 2) * L < B <= (D - 1) * L} (0: the whole {@code (D - 1) * L}). Every peer, spectators too, meets that command when its
 * simulation reaches the batch's turn {@code T} (at the turn's instant, between two frames, like every command) and
 * uses the new delay from turn {@code T + 1} on. So every peer switches at the same turn: the change is part of the
 * turn stream, which every peer plays alike, and no peer passes {@code T} before it holds that batch.
 *
 * <p>What the delay decides is only when a peer sends: at simulated time {@code s} it has sent its batches up to
 * turn {@code floor((s + B) / L)}, never fewer than before (a lower delay sends nothing new for a turn or two; a
 * higher one sends the empty batches between at once), and an input given at {@code s} goes into the first batch
 * not yet sent. The budget {@code B} is the time a batch has to reach every peer before they need it; with the
 * whole-turn budget {@code (D - 1) * L} a batch for turn {@code c - 1 + D} goes out as the simulation enters turn
 * {@code c}; a budget cut to the measured need sends it earlier within the turn, so an input waits that much less
 * (on average half a turn less than rounding the need up to whole turns). The simulation depends on the batches alone, so a recording replays the match whatever the delays were;
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
    /**
     * How much time of lateness readings counts (one reading a turn). The budget falls only once a spike has left
     * the window, so the window decides how soon the budget meets the next spike: with 4 s a lowered budget met one
     * within seconds often enough to stall about one run in four; 12 s of readings hold the path's tail.
     */
    static final long WINDOW_NANOS = 12_000_000_000L;

    private final LockstepConfig config;
    private final GameLoop loop;
    private final PeerLink link;
    private final DelayRule trips;
    private final Lateness lateness;
    private final List<DelayChange> changes = new ArrayList<>();
    private Consumer<String> reports = line -> { };
    private int before;
    private int after;
    private long budgetBefore;
    private long budgetAfter;
    /** Lateness readings from a test's script by turn instead of measured ones; null: measured. */
    private java.util.function.LongUnaryOperator script;
    private long changedAt = -1;
    private boolean onItsWay;
    private long sampled = -1;

    /**
     * @param config the rules: the delay at the start, its floor and ceiling
     * @param loop   the loop, whose simulated time says which turn a change is met in
     * @param link     this peer's link
     * @param lateness what this peer measures of the others' batches (the host's readings, a joiner's reports)
     */
    InputDelay(LockstepConfig config, GameLoop loop, PeerLink link, Lateness lateness) {
        this.config = config;
        this.loop = loop;
        this.link = link;
        this.lateness = lateness;
        this.before = config.inputDelay();
        this.after = config.inputDelay();
        this.budgetBefore = whole(before);
        this.budgetAfter = budgetBefore;
        this.trips = link.seat() == 0 && config.adaptive() ? new DelayRule(config.turnNanos(), config.delayFloor(),
                config.delayCeiling(), (int) Math.max(1, WINDOW_NANOS / config.turnNanos())) : null;
    }

    /** Where a change is reported: one line, on every peer. */
    void onReport(Consumer<String> sink) {
        this.reports = sink;
    }

    /**
     * For tests: the host's lateness readings come from {@code byTurn} instead of being measured, and no frame step
     * counts (the script is the whole measure).
     */
    void script(java.util.function.LongUnaryOperator byTurn) {
        this.script = byTurn;
    }

    private long whole(int delay) {
        return (delay - 1) * config.turnNanos();
    }

    /**
     * @param turn a turn the simulation is in or has not reached
     * @return the budget in that turn, as known now: how long a batch may take to reach the others
     */
    long budget(long turn) {
        return turn > changedAt ? budgetAfter : budgetBefore;
    }

    /**
     * @param simNanos this peer's simulated time
     * @return the turn an input given now takes effect in (if its batch is still open; see {@link OwnTurns})
     */
    long openTurn(long simNanos) {
        return (simNanos + budget(simNanos / config.turnNanos())) / config.turnNanos() + 1;
    }

    /**
     * @param turn a turn the simulation is in or has not reached
     * @return the input delay in that turn, as known now
     */
    int at(long turn) {
        return turn > changedAt ? after : before;
    }

    /**
     * The host, once per turn its simulation enters: reads the lateness and, if another delay is called for and
     * no change is on its way, announces it in this peer's next batch. A joiner of an adaptive match puts its
     * lateness report into its next batch when one is due (never while it sends nothing: a rejoiner catching up).
     *
     * @param turn the turn the simulation is in
     * @param own  this peer's outgoing batches
     */
    void decide(long turn, OwnTurns own) {
        if (trips == null) {
            if (config.adaptive() && link.seat() > 0) {
                Command report = lateness.report(turn);
                if (own.holding()) {
                    lateness.forget();
                } else if (report != null) {
                    own.announce(report);
                }
            }
            return;
        }
        if (turn == sampled) {
            return;
        }
        sampled = turn;
        boolean measured = script == null; // a script is the whole measure: no levelling, no frame step
        long reading = measured ? lateness.reading() : script.applyAsLong(turn);
        if (lateness.levelled() && measured) {
            trips.forget(); // they measured an offset the balance has taken away
        }
        trips.add(reading);
        long now = budget(turn);
        long wanted = trips.wanted(now, measured ? lateness.frameStep() : 0);
        if (!onItsWay && wanted != now) {
            int d = trips.delay(wanted);
            lateness.changeComing(own.announce(new Command(TYPE, d, wanted / 1_000, 0, 0, 0)), d, wanted, now);
            onItsWay = true;
        }
    }

    /**
     * The host decides first ({@link #decide}); then every player sends its batches up to
     * {@code floor((s + B) / L)}.
     *
     * @param simNanos this peer's simulated time (or the end turn's instant, if sooner)
     * @param own      this peer's outgoing batches
     * @return the last turn this peer's batches are due for now
     */
    long sendingUpTo(long simNanos, OwnTurns own) {
        long turn = simNanos / config.turnNanos();
        decide(turn, own);
        return (simNanos + budget(turn)) / config.turnNanos();
    }

    /**
     * @param game the game's rule for its own commands
     * @return a rule that takes delay changes and lateness reports out of the turn (they never reach the game) and
     *         passes the rest to {@code game}
     */
    CommandFilter around(CommandFilter game) {
        return (seat, command) -> command.type() == TYPE ? changed(seat, command.code(), command.x())
                : Lateness.reserved(command.type()) ? null : game.admit(seat, command);
    }

    /**
     * A delay change met at its turn's instant: from the host it applies from the next turn on; else ignored. The
     * delay is moved within the floor and the ceiling, the budget within the delay's turn (0: the whole turn).
     */
    private Command changed(int seat, int delay, float budgetMicros) {
        if (seat != 0) {
            return null;
        }
        onItsWay = false;
        int d = Math.max(config.delayFloor(), Math.min(config.delayCeiling(), delay));
        long b = budgetMicros > 0 ? Math.max(whole(d - 1) + 1, Math.min(whole(d), Math.round(budgetMicros * 1e3)))
                : whole(d);
        b = Math.max(0, b);
        long turn = loop.simulatedNanos() / config.turnNanos();
        if (d != at(turn + 1) || b != budget(turn + 1)) {
            before = at(turn);
            budgetBefore = budget(turn);
            int was = before;
            after = d;
            budgetAfter = b;
            changedAt = turn;
            if (d != was) {
                if (changes.size() == KEPT_CHANGES) {
                    changes.remove(0);
                }
                changes.add(new DelayChange(turn + 1, d));
            }
            if (d != was) { // a change of the budget alone is not worth a line
                reports.accept("input delay " + was + " -> " + d + " turns (budget " + b / 1_000_000
                        + " ms) from turn " + (turn + 1));
            }
        }
        return null;
    }

    /**
     * The delay as session state at one instant, for a rejoiner's catch-up: a snapshot restores the world, not the
     * session, so the host's player sends this beside it and the rejoiner goes on from it (later changes it meets
     * in the turns it replays).
     *
     * @param before       the delay up to and including turn {@code changedAt}
     * @param after        the delay after it
     * @param changedAt    the turn the last change was met in, or -1
     * @param changes      the changes so far, oldest first (at most {@link #KEPT_CHANGES})
     * @param budgetBefore the budget up to and including turn {@code changedAt} in nanoseconds, or -1 for the
     *                     whole {@code (before - 1)} turns
     * @param budgetAfter  the budget after it, or -1 for the whole {@code (after - 1)} turns
     */
    record State(int before, int after, long changedAt, List<DelayChange> changes, long budgetBefore,
                 long budgetAfter) {

        /** A state whose budgets are the delays' whole turns. */
        State(int before, int after, long changedAt, List<DelayChange> changes) {
            this(before, after, changedAt, changes, -1, -1);
        }
    }

    /** @return the delay's state now */
    State state() {
        return new State(before, after, changedAt, List.copyOf(changes), budgetBefore, budgetAfter);
    }

    /**
     * @param delay      an input delay in turns
     * @param budget     a budget in nanoseconds
     * @param turnNanos  the turn's length
     * @return whether {@code budget} is one the host may give with {@code delay}: more than {@code (delay - 2)}
     *         turns (never below 0), at most {@code (delay - 1)}
     */
    static boolean fits(int delay, long budget, long turnNanos) {
        return budget >= Math.max(0, (delay - 2) * turnNanos + 1) && budget <= (delay - 1) * turnNanos;
    }

    /**
     * A rejoiner takes the host's delay state at its snapshot's instant (before it replays any turn).
     *
     * @param s the state, checked against the floor and ceiling by its reader
     */
    void restore(State s) {
        before = s.before();
        after = s.after();
        budgetBefore = s.budgetBefore() >= 0 ? s.budgetBefore() : whole(before); // the host's, so the rejoiner
        budgetAfter = s.budgetAfter() >= 0 ? s.budgetAfter() : whole(after);     // sends as every peer does
        changedAt = s.changedAt();
        changes.clear();
        changes.addAll(s.changes());
    }

    /** @return the changes so far, oldest first (at most {@link #KEPT_CHANGES}) */
    List<DelayChange> changes() {
        return List.copyOf(changes);
    }

    /** @return the worst lateness the host's readings hold now, or -1 (none yet, or not the host) */
    long worstLateness() {
        return trips == null ? -1 : trips.worst();
    }
}
