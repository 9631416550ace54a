package dev.ecsloop.lockstep;

import dev.ecsloop.FrameListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.Clock;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * This player's side of the timing: it sends the batches whose instant the simulation has reached as soon as a
 * frame reaches it (as a frame listener, before the frame's systems, not at the next poll a frame later), schedules
 * an input into the first batch still open under the delay's budget ({@link InputDelay}), measures how late the
 * others' batches come ({@link Lateness}) and holds the simulation back when the host balances the peers
 * ({@link Pacing}). Split from {@link LockstepSession} so that what decides when this peer sends is in one place.
 *
 * <p>Not thread-safe: it lives on the loop thread.
 */
final class Outflow implements FrameListener {

    private final GameLoop loop;
    private final long turnNanos;
    private final OwnTurns own;
    private final InputDelay delay;
    private final Lateness lateness;
    private final Pacing pacing;
    private final BooleanSupplier running;
    private final LongSupplier endTurn;
    private LateFrameCover cover;

    /**
     * @param running whether the game still runs (nothing is sent once it stopped or desynced)
     * @param endTurn the end turn as it is now
     */
    Outflow(GameLoop loop, long turnNanos, OwnTurns own, InputDelay delay, Lateness lateness,
            BooleanSupplier running, LongSupplier endTurn) {
        this.loop = loop;
        this.turnNanos = turnNanos;
        this.own = own;
        this.delay = delay;
        this.lateness = lateness;
        this.pacing = new Pacing(loop);
        this.running = running;
        this.endTurn = endTurn;
    }

    @Override
    public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
        send();
        if (cover != null) {
            cover.frame(simEnd, wantedEnd - wantedStart, realEnd - realStart, delay.budget(simEnd / turnNanos),
                    Math.min(own.sendLimit(), endTurn.getAsLong() - 1), running.getAsBoolean() && !loop.isPaused());
        }
    }

    /**
     * Covers this peer's late frames from now on (see {@link LateFrameCover}); the caller starts its thread, or a
     * test drives it.
     *
     * @param clock real time, for the cover's measure of frames
     * @return the cover
     */
    LateFrameCover cover(Clock clock) {
        if (cover == null) {
            cover = new LateFrameCover(clock, own, turnNanos);
        }
        return cover;
    }

    /** Nothing more is sent from the cover's thread. */
    void halt() {
        if (cover != null) {
            cover.halt();
        }
    }

    /** Sends this player's batches up to where the budget says, short of the end turn (each once, gapless). */
    void send() {
        if (running.getAsBoolean()) {
            long end = Horizon.instant(endTurn.getAsLong(), turnNanos);
            // none at or past the end: a peer without an end of its own stops there too
            own.sendUpTo(Math.min(delay.sendingUpTo(Math.min(loop.simulatedNanos(), end), own),
                    endTurn.getAsLong() - 1));
        }
    }

    /** @return the turn {@code command} was scheduled for: the first whose batch is still open */
    long schedule(Command command) {
        return own.schedule(delay.openTurn(loop.simulatedNanos()), command);
    }

    /** Another seat's batch came in (not while catching up): its lateness under the budget in force. */
    void taken(Message.Turn t) {
        lateness.taken(t, delay.budget(loop.simulatedNanos() / turnNanos));
    }

    /**
     * Between frames: takes the hold a balance calls for and caps the next frame's advance.
     *
     * @param horizon the horizon the inputs allow
     * @return the horizon for the next frame, at most {@code horizon}
     */
    long pace(long horizon) {
        pacing.hold(lateness.balance(own, pacing.holding()));
        long capped = pacing.cap(horizon);
        lateness.frame(pacing.lastAdvance());
        return capped;
    }
}
