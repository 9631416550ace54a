package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.wire.Message;

import java.util.Arrays;

/**
 * How late the other seats' batches reach this peer, the measure the adaptive input delay and the host's pace are
 * set by. A batch for turn {@code T} closes when its sender's simulation reaches {@code T * L - B} (the delay's budget,
 * {@code (D - 1) * L} in whole turns; see {@link InputDelay}) and is needed when this peer's simulation passes
 * {@code T * L}; its lateness is how far this peer's simulation has gone past the batch's closing instant when the
 * batch is taken in: {@code sim - (T * L - B)}. A peer stalls exactly when a lateness reaches {@code B}, so the
 * budget must stay over the worst of them. A batch this peer waited for counts with the time dropped since the
 * batch before it came in, up to half a turn (a wait is dropped time, which the simulated time alone would not
 * show; so is a frame the machine starved past the catch-up bound, which is no measure of the path). Unlike a
 * ping's round trip, this is the path a batch really travels (one way, through the host's relay, with the frames
 * it waits for a send and a poll at each end) and it carries the two simulations' offset: a joiner starts a one-way
 * trip after the host, so its batches reach the host a round trip after they close while the host's reach it at
 * once.
 *
 * <p>Every player measures; a joiner reports to the host every {@link #REPORT_TURNS} turns, as a command of a
 * reserved type in its own batch (no new message: the wire stays as it is), the worst lateness it saw from any seat,
 * the mean lateness of the host's batches and its mean frame step ({@link #frameStep}). The host reads reports as the
 * batches come in (not at their turn) and turns them, with its own measurements, into one reading per turn for
 * {@link DelayRule}. With both directions known the host also balances the pair: when its joiners' batches come
 * later to it than its own batches come to them, it holds its own simulation back by half the difference
 * ({@link #balance}), so that both directions cost the same one-way trip and the delay covers half a round trip
 * instead of a whole one.
 *
 * <p>Invariants: samples from this peer's own seat are ignored; a report is read only from a joiner's batch and
 * only by the host; nothing here allocates except the report command, once per report period. Not thread-safe: it
 * lives on the loop thread.
 */
final class Lateness {

    /** The reserved command type a lateness report rides on (a joiner's, read by the host). */
    static final int REPORT_TYPE = InputDelay.TYPE + 1;
    /** The reserved command type the host's hold for a joiner rides on: {@code code} is the seat, x the hold in us. */
    static final int HOLD_TYPE = InputDelay.TYPE + 2;
    /** The longest hold a joiner takes from the host at once. */
    static final long MOST_HOLD_NANOS = 1_000_000_000L;
    /** Turns between two reports of a joiner. */
    static final int REPORT_TURNS = 10;
    /** Least imbalance of the two directions' mean lateness the host corrects: under it, the means' own noise. */
    static final long BALANCE_TOLERANCE_NANOS = 4_000_000L;
    /** Fewest of a joiner's batches the host averages before it balances. */
    static final int BALANCE_SAMPLES = REPORT_TURNS / 2;
    /** Frames the host's own frame step is the mean of. */
    static final int STEP_FRAMES = 32;
    /** The most a reported frame step counts for (the budget stops at the ceiling anyway; no sum can overflow). */
    static final long MOST_STEP_NANOS = 1_000_000_000L;
    private static final long NONE = Long.MIN_VALUE;

    private final GameLoop loop;
    private final long turnNanos;
    private final int seat;
    /** Since the last report (joiner) or reading (host): the worst lateness from any seat. */
    private long worst = NONE;
    /** A joiner's: the host's batches' lateness since the last report. */
    private long fromHostSum;
    private int fromHostCount;
    /** The frames' advances since the last report (a joiner) or the last {@link #STEP_FRAMES} (the host). */
    private long stepSum;
    private int stepCount;
    /** The host's: its own mean frame step, and each joiner's as last reported. */
    private long ownStep;
    private final long[] reportedStep;
    /** Which seats play now (the session's departures own it): a seat that left counts for nothing here. */
    private final boolean[] playing;
    private long reportedTurn = -1;
    /** The host's: each joiner's batches' lateness here since the last balance, and its last reported mean. */
    private final long[] upSum;
    private final int[] upCount;
    private final long[] downMean;
    /** The host's: the turn its means last started over; a report that covers turns before it does not count. */
    private long lastReset = -1;
    /** The loop's dropped time when the last batch came in: a wait for a batch since then is in the difference. */
    private long droppedAtTake;
    /** A joiner's: the hold the host sent it, not yet taken. */
    private long toHold;
    /** Up to this turn a delay change may be under way between the peers: no sample counts. */
    private long quietUntil = -1;
    /** The host's: up to this turn the holds of its last balance may be under way: no mean counts. */
    private long settleUntil = -1;
    /**
     * The host's: the first balance of the match held, or a later one a whole turn or more; the pair is level once
     * its holds are done.
     */
    private boolean levelling;
    /** The host's: the first levelling is done. */
    private boolean levelledOnce;
    /** The host's: the pair just became level after such a hold; the readings before it are stale. */
    private boolean levelled;

    /**
     * @param loop      this peer's loop, whose simulated time the lateness is measured in
     * @param turnNanos the turn length
     * @param seat      this peer's seat (0: the host's player; -1: a spectator, which measures nothing)
     * @param playing   which seats play now, one per seat (a live view: a seat that left stops counting)
     */
    Lateness(GameLoop loop, long turnNanos, int seat, boolean[] playing) {
        this.loop = loop;
        this.turnNanos = turnNanos;
        this.seat = seat;
        this.playing = playing;
        int players = playing.length;
        this.upSum = new long[players];
        this.upCount = new int[players];
        this.downMean = new long[players];
        Arrays.fill(downMean, NONE);
        this.reportedStep = new long[players];
    }

    /**
     * A frame passed (between frames).
     *
     * @param advance what it would have advanced unheld: the step between the readings it takes
     */
    void frame(long advance) {
        if (advance <= 0) {
            return;
        }
        stepSum += advance;
        stepCount++;
        if (seat == 0 && stepCount == STEP_FRAMES) {
            ownStep = stepSum / stepCount;
            stepSum = 0;
            stepCount = 0;
        }
    }

    /**
     * The host's: how far apart the steps of the readings lie. A batch is sent by the frame that reaches its closing
     * instant and taken in by a frame's poll, so its lateness moves in whole frames; the budget must cover the step
     * above the worst reading, or it covers no more than the worst itself.
     *
     * @return the longest of its own mean frame step and the ones its playing joiners reported, 0 if none is known
     */
    long frameStep() {
        long step = ownStep > 0 ? ownStep : stepCount > 0 ? stepSum / stepCount : 0;
        for (int s = 1; s < reportedStep.length; s++) {
            step = playing[s] ? Math.max(step, reportedStep[s]) : step;
        }
        return step;
    }

    /**
     * A batch of another seat was taken in now.
     *
     * @param t      the batch
     * @param budget the budget in force now (see {@link InputDelay}): the batch closed at {@code T * L - budget}
     */
    void taken(Message.Turn t, long budget) {
        int from = t.peer();
        if (seat < 0 || from == seat || from < 0 || from >= upSum.length) {
            return;
        }
        for (int i = 0; from == 0 && i < t.commands().size(); i++) {
            Command c = t.commands().get(i);
            if (c.type() == InputDelay.TYPE) {
                changeComing(t.turn(), c.code(), c.x() > 0 ? Math.round(c.x() * 1_000.0)
                        : (c.code() - 1L) * turnNanos, budget);
            } else if (c.type() == HOLD_TYPE && c.code() == seat && c.x() > 0) {
                toHold = Math.min(MOST_HOLD_NANOS, toHold + Math.round(c.x() * 1_000.0));
            }
        }
        long dropped = droppedAtTake;
        droppedAtTake = loop.droppedNanos();
        if (!quiet()) {
            long late = loop.simulatedNanos() - (t.turn() * turnNanos - budget);
            if (late >= budget) { // this peer waited for it: the wait is dropped time, not simulated time (at most
                late += Math.min(turnNanos / 2, droppedAtTake - dropped); // half a turn: a starved frame drops too)
            }
            worst = Math.max(worst, late);
            if (from == 0) {
                fromHostSum += late;
                fromHostCount++;
            } else if (seat == 0) {
                upSum[from] += late;
                upCount[from]++;
            }
        }
        for (int i = 0; seat == 0 && i < t.commands().size(); i++) {
            Command c = t.commands().get(i);
            if (c.type() == REPORT_TYPE) {
                worst = Math.max(worst, c.code() * 1_000L);
                reportedStep[from] = c.w() > 0 ? Math.min(MOST_STEP_NANOS, Math.round(c.w() * 1_000.0)) : 0;
                if (t.turn() - budget / turnNanos - REPORT_TURNS - 1 > lastReset) { // made after the last reset
                    downMean[from] = Math.round(c.x() * 1_000.0);
                }
            }
        }
    }

    /**
     * A delay change is met at turn {@code turn}. If it lowers the budget, then until every batch sent under the
     * old budget is in, a batch's closing instant is not known from the budget in force here (a peer that
     * switched sends later), and such a batch would read late by the difference: no sample counts until then. A
     * rise only makes such batches read early, which raises nothing.
     *
     * @param turn      the turn the change is met in
     * @param newDelay  the delay from the turn after
     * @param newBudget the budget from the turn after
     * @param budget    the budget in force now
     */
    void changeComing(long turn, int newDelay, long newBudget, long budget) {
        if (newBudget < budget) {
            quietUntil = Math.max(quietUntil, turn + 2 + Math.max(newDelay, budget / turnNanos + 1));
        }
    }

    private boolean quiet() {
        return loop.simulatedNanos() / turnNanos <= quietUntil;
    }

    /**
     * The host, once per turn: the worst lateness measured or reported since the last reading.
     *
     * @return it in nanoseconds (an early batch counts as 0), or -1 if nothing came
     */
    long reading() {
        long r = worst == NONE ? -1 : Math.max(0, worst);
        worst = NONE;
        return r;
    }

    /**
     * A joiner, as it sends: every {@link #REPORT_TURNS} turns, the report of what it measured since the last.
     *
     * @param turn the turn its simulation is in
     * @return the report command for its next batch, or null if none is due or nothing was measured
     */
    Command report(long turn) {
        if (seat <= 0 || turn % REPORT_TURNS != 0 || turn == reportedTurn) {
            return null;
        }
        reportedTurn = turn;
        Command r = worst == NONE || fromHostCount == 0 ? null
                : new Command(REPORT_TYPE, (int) Math.max(0, Math.min(Integer.MAX_VALUE, worst / 1_000)),
                        (float) (fromHostSum / fromHostCount / 1_000), 0, 0,
                        stepCount == 0 ? 0 : stepSum / stepCount / 1_000f);
        forget();
        return r;
    }

    /** Forgets what was measured since the last report (a joiner that catches up measures nothing that counts). */
    void forget() {
        worst = NONE;
        fromHostSum = 0;
        fromHostCount = 0;
        stepSum = 0;
        stepCount = 0;
    }

    /**
     * Balances the offsets of the peers' simulations, from the means since the last balance; the host decides for
     * everyone. For each joiner {@code s}, half of how much later its batches come to the host than the host's come
     * to it is how far the host runs ahead of it ({@code ahead(s)}, the paths taken as alike both ways). A peer can
     * only fall back, so the host holds its own simulation back by the most it is ahead of anyone, and tells each
     * joiner to hold back by what is left ({@code hold - ahead(s)}), in a command of a reserved type in its next
     * batch; then every peer runs level with the host and both directions of every pair cost one way. Holds under
     * {@link #BALANCE_TOLERANCE_NANOS} (the means' own noise) are not made. After a balance the means start over
     * once the holds are done. A joiner takes the hold the host sent it.
     *
     * @param own     this peer's outgoing batches (the host's carry the joiners' holds)
     * @param holding whether this peer still holds back (then, as while a delay change is under way, the means
     *                start over)
     * @return how long this peer should hold its simulation back now, in simulated nanoseconds, or 0
     */
    long balance(OwnTurns own, boolean holding) {
        if (seat != 0) {
            long h = toHold;
            toHold = 0;
            return h;
        }
        if (levelling && !holding && loop.simulatedNanos() / turnNanos > settleUntil) {
            levelling = false;
            levelled = true;
            levelledOnce = true;
        }
        if (holding || quiet() || loop.simulatedNanos() / turnNanos <= settleUntil) {
            Arrays.fill(upSum, 0);
            Arrays.fill(upCount, 0);
            Arrays.fill(downMean, NONE);
            lastReset = loop.simulatedNanos() / turnNanos;
            return 0;
        }
        long hold = 0;
        boolean known = false;
        for (int s = 1; s < upSum.length; s++) {
            long ahead = ahead(s);
            if (ahead != NONE) {
                known = true;
                hold = Math.max(hold, ahead);
            }
        }
        if (!known) {
            return 0;
        }
        boolean any = hold > BALANCE_TOLERANCE_NANOS;
        long most = any ? hold : 0;
        for (int s = 1; s < upSum.length; s++) {
            long ahead = ahead(s);
            long theirs = ahead == NONE ? 0 : hold - ahead;
            if (theirs > BALANCE_TOLERANCE_NANOS) {
                own.announce(new Command(HOLD_TYPE, s, theirs / 1_000, 0, 0, 0));
                any = true;
                most = Math.max(most, theirs);
            }
        }
        if (!any) {
            return 0;
        }
        // A frame holds at most an eighth of its advance, so a hold of h takes 8h of simulated time at least.
        settleUntil = loop.simulatedNanos() / turnNanos + 2L * REPORT_TURNS
                + Math.min(MOST_HOLD_NANOS, most) * 8 / turnNanos;
        levelling |= most >= turnNanos || !levelledOnce;
        return hold > BALANCE_TOLERANCE_NANOS ? hold : 0;
    }

    /**
     * @param s a joiner's seat
     * @return how far the host runs ahead of it, half of how much later its batches come to the host than the host's
     *         come to it, or {@link #NONE} if it left or its means are not known yet
     */
    private long ahead(int s) {
        return playing[s] && upCount[s] >= BALANCE_SAMPLES && downMean[s] != NONE
                ? (upSum[s] / upCount[s] - downMean[s]) / 2 : NONE;
    }

    /**
     * The host's, once a turn: whether the pair just became level, after the match's first balance that held (the
     * start: a joiner starts a one-way trip after the host, and both machines' first frames can take seconds) or
     * after a hold of a whole turn or more (a peer that lost that much time at once). The readings taken before
     * measured the start or that offset, not the path, and a budget kept for them would cost every order for a
     * whole window; they should be forgotten.
     *
     * @return true once per such levelling
     */
    boolean levelled() {
        boolean l = levelled;
        levelled = false;
        return l;
    }

    /** @return whether {@code type} is one of the session's own that this class puts into batches */
    static boolean reserved(int type) {
        return type == REPORT_TYPE || type == HOLD_TYPE;
    }
}
