package dev.ecsloop.lockstep;

import dev.ecsloop.time.Clock;

import java.util.concurrent.locks.LockSupport;

/**
 * Stands in for this player's late frames: it sends each batch at its closing instant. A batch leaves with the first
 * frame whose simulation reaches that instant, which comes up to a frame after it; the budget has to cover that wait
 * as well as the way, so every order paid for it in latency. A frame that begins late (a long frame of the game's
 * own, a loop thread the system woke late) holds the batch back longer, and every other peer stalls at its horizon
 * once the hitch is longer than the budget's room: one player's hitch freezes everyone. The cover's thread sends a
 * batch when the simulation, moved on from the loop's last frame at that frame's pace, reaches its closing instant,
 * unless a frame sent it before. A stop of the whole process (a collector pause, a machine that stops) stops the
 * cover too.
 *
 * <p>Sending early is always safe in lockstep: a batch holds what was given before it left, the others apply
 * exactly what it holds, and a later input goes into the next batch still open. A frame the cover stood in for
 * therefore costs only the inputs given during the hitch a turn. The cover sends no turn past the send limit as the
 * loop's last frame read it ({@link dev.ecsloop.lockstep.turn.TurnBook#sendLimit}: the delay, or its ceiling, past
 * the slowest seat), which never falls, so the host and every peer accept whatever it sends; and nothing while the
 * loop is paused, the game stopped, or this peer sends nothing (a spectator, a rejoiner catching up).
 *
 * <p>The pace is the simulated time the last frame that moved spanned per real time, on the {@code clock} the cover
 * was given: its time scale, whatever the horizon or the catch-up bound cut off (a paused frame moves nothing and
 * would say nothing of the pace after the resume). Sending on the instant rather than a frame later also means an
 * input given in the frame that reaches a closing instant, after the cover sent that batch, goes a turn later; the
 * frame's input comes at its start, so that is rare. Thread-safe: {@link #frame} and {@link #halt} are the loop
 * thread's, {@link #dueAt} and {@link #standIn} its own thread's (or a test's, driving it on a manual clock).
 */
final class LateFrameCover implements Runnable {

    /** A span past any the cover deals in, which its sums stay well below overflow with. */
    private static final long FAR = Long.MAX_VALUE / 4;
    /**
     * The longest the cover's thread parks before it looks again: a halt wakes it sooner, and a frame that moves the
     * due time (a new pace) is seen by then.
     */
    private static final long LOOK_AGAIN_NANOS = 50_000_000L;

    private final Clock clock;
    private final OwnTurns own;
    private final long turnNanos;
    private volatile Thread thread;
    private boolean halted;
    private boolean moving;
    private long frameReal = Long.MIN_VALUE;
    private long frameSim;
    private long wantedSpan;
    private long realSpan;
    private long budget;
    private long lastTurn;

    LateFrameCover(Clock clock, OwnTurns own, long turnNanos) {
        this.clock = clock;
        this.own = own;
        this.turnNanos = turnNanos;
    }

    /**
     * The loop thread, at the start of each frame, once it has sent its own batches.
     *
     * @param simEnd     the simulated time this frame reaches
     * @param wanted     the simulated time this frame's real time spans on the unbounded timeline (its real span at
     *                   the time scale): how far a frame on time moves, whatever the horizon or the bound cut off
     * @param real       the real time this frame covers, on the loop's clock
     * @param budget     the delay's budget in force: a batch for turn {@code T} closes at {@code T * L - budget}
     * @param lastTurn   the last turn this peer may send now: within the send limit every peer accepts, before the
     *                   end
     * @param moving     whether the game runs and the loop is not paused
     */
    synchronized void frame(long simEnd, long wanted, long real, long budget, long lastTurn, boolean moving) {
        long now = clock.nanoTime();
        if (moving && wanted > 0 && real > 0) { // a paused frame says nothing of the pace to come
            wantedSpan = wanted;
            realSpan = real;
        }
        frameReal = now;
        frameSim = simEnd;
        this.budget = budget;
        this.lastTurn = lastTurn;
        this.moving = moving;
    }

    /** From now on nothing is sent (the game stopped, or the session closed). */
    void halt() {
        synchronized (this) {
            halted = true;
        }
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * @return the real time, on the cover's clock, at which the next batch falls to the cover if no frame begins
     *         before; {@link Long#MAX_VALUE} if none will
     */
    synchronized long dueAt() {
        long next = own.nextTurn();
        if (halted || !moving || wantedSpan <= 0 || next > lastTurn) {
            return Long.MAX_VALUE;
        }
        long closes = next * turnNanos - budget;
        if (closes <= frameSim) {
            return frameReal; // the loop's last frame reached it and sent up to it; a frame sent in between covers it
        }
        return frameReal + scale(closes - frameSim, realSpan, wantedSpan, true);
    }

    /**
     * Sends every batch whose closing instant the simulation reaches by {@code now}, moved on from the loop's last
     * frame at its pace.
     *
     * @param now real time on the cover's clock
     */
    synchronized void standIn(long now) {
        if (halted || !moving || wantedSpan <= 0 || now <= frameReal) {
            return;
        }
        long sim = frameSim + scale(now - frameReal, wantedSpan, realSpan, false);
        own.send(Math.min(Math.floorDiv(sim + budget, turnNanos), lastTurn));
    }

    /** Starts the cover's thread (a daemon, so it never keeps the JVM alive), unless it runs already. */
    synchronized void start(String name) {
        if (thread != null) {
            return;
        }
        Thread t = new Thread(this, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** The cover's thread: parks until the next batch falls due, stands in if no frame came meanwhile. */
    @Override
    public void run() {
        while (!halted()) {
            long due = dueAt();
            long now = clock.nanoTime();
            if (now >= due) {
                try {
                    standIn(now);
                } catch (RuntimeException e) { // the link failed: the loop thread finds out and stops the game
                    halt();
                }
            } else {
                LockSupport.parkNanos(this, Math.min(due - now, LOOK_AGAIN_NANOS));
            }
        }
    }

    private synchronized boolean halted() {
        return halted;
    }

    /**
     * @return {@code x * num / den} for positive operands, rounded up or down, at most {@link #FAR}; past the range of
     *         a long (hours at the largest time scale, which only a hitch that long asks for) the quotient first
     */
    private static long scale(long x, long num, long den, boolean up) {
        long product;
        if (Math.multiplyHigh(x, num) == 0 && (product = x * num) >= 0) {
            return Math.min(up ? -Math.floorDiv(-product, den) : product / den, FAR);
        }
        long q = x / den;
        return q > FAR / num ? FAR : q * num;
    }
}
