package dev.ecsloop.lockstep;

import dev.ecsloop.time.Clock;

import java.util.concurrent.locks.LockSupport;

/**
 * Stands in for this player's late frames. A batch leaves with the frame whose simulation reaches its closing
 * instant, so a frame that begins late (a long frame of the game's own, a loop thread the system woke late)
 * holds the batch back with it, and every other peer stalls at its horizon once the hitch is longer than the
 * budget's room: one player's hitch freezes everyone. The cover keeps the batches leaving on time: when no frame
 * has begun for half a frame interval past the time the next one was due, it sends, from its own thread, the batches
 * the missing frames would have sent had they come on time. A stop of the whole process (a collector pause, a
 * machine that stops) stops the cover too.
 *
 * <p>Sending early is always safe in lockstep: a batch holds what was given before it left, the others apply
 * exactly what it holds, and a later input goes into the next batch still open. A frame the cover stood in for
 * therefore costs only the inputs given during the hitch a turn. The cover sends no turn past the send limit as the
 * loop's last frame read it ({@link dev.ecsloop.lockstep.turn.TurnBook#sendLimit}: the delay, or its ceiling, past
 * the slowest seat), which never falls, so the host and every peer accept whatever it sends; and nothing while the
 * loop is paused, the game stopped, or this peer sends nothing (a spectator, a rejoiner catching up).
 *
 * <p>The frames it stands in for come at the mean interval of the loop's frames, measured on the {@code clock} it was
 * given (a late frame counts at most four intervals, so one hitch does not stretch the grid), and each advances that
 * interval at the time scale of the last frame that moved (a paused frame moves nothing and would say nothing of the
 * pace after the resume). Thread-safe: {@link #frame} and {@link #halt} are the loop thread's, {@link #dueAt} and
 * {@link #standIn} its own thread's (or a test's, driving it on a manual clock).
 */
final class LateFrameCover implements Runnable {

    /** The longest the cover's thread parks before it looks again (a halt or a new frame wakes it sooner). */
    private static final long LOOK_AGAIN_NANOS = 50_000_000L;

    private final Clock clock;
    private final OwnTurns own;
    private final long turnNanos;
    private volatile Thread thread;
    private boolean halted;
    private boolean moving;
    private long frameReal = Long.MIN_VALUE;
    private long frameSim;
    private long interval;
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
        if (frameReal != Long.MIN_VALUE) {
            long dt = now - frameReal;
            interval = interval == 0 ? dt : interval + (Math.min(dt, 4 * interval) - interval) / 16;
        }
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
        long advance = advance();
        if (halted || !moving || advance <= 0 || next > lastTurn) {
            return Long.MAX_VALUE;
        }
        long closes = next * turnNanos - budget;
        long frames = Math.max(1, -Math.floorDiv(frameSim - closes, advance)); // frames to reach it, rounded up
        return frameReal + frames * interval + interval / 2;
    }

    /**
     * Sends the batches the frames due by {@code now} would have sent, counting from the loop's last frame; nothing
     * before half an interval past the next frame's time.
     *
     * @param now real time on the cover's clock
     */
    synchronized void standIn(long now) {
        long advance = advance();
        if (halted || !moving || advance <= 0) {
            return;
        }
        long frames = (now - frameReal - interval / 2) / interval;
        if (frames < 1) {
            return;
        }
        long sim = frameSim + Math.min(frames, Long.MAX_VALUE / 2 / advance) * advance;
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
     * @return how far a frame on time moves the simulation: the mean interval at the last moving frame's time scale;
     *         0 until a frame has moved
     */
    private long advance() {
        if (realSpan <= 0 || interval <= 0) {
            return 0;
        }
        try {
            return Math.multiplyExact(interval, wantedSpan) / realSpan;
        } catch (ArithmeticException tooLong) {
            return interval / realSpan * wantedSpan;
        }
    }
}
