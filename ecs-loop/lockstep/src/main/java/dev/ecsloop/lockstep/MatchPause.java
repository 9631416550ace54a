package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;

import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * A match-wide pause: the game's {@link CommandFilter} paused the loop at a turn's instant, on every peer alike, and
 * any peer may end it (or any the game allows, {@link #resumableBy}). No turn can carry the end (a paused match makes
 * no turns), so a resume travels on its own and may even arrive before this peer reached the pause; this class
 * remembers that, so the pause then ends at once.
 * Split from {@link LockstepSession} to keep that race in one small place.
 *
 * <p>Whichever way round the pause and its resume arrive, a resume from another seat that ends this peer's pause is
 * announced exactly once (to the listener), so every peer's log names who resumed the match, including a peer that
 * got the resume before it reached the pause and so never held a frame.
 *
 * <p>Invariant: {@link #paused()} exactly while the loop is held by a match-wide pause that no known resume covers.
 * Not thread-safe: it lives on the loop thread.
 */
final class MatchPause {

    private final GameLoop loop;
    /** The turn a match-wide pause began at, while the loop is paused by one; -1 otherwise. */
    private long pausedAt = -1;
    /** The latest turn whose pause some peer ended; a pause at or before it ends at once. */
    private long resumedUpTo = -1;
    /** The seat whose resume raised {@link #resumedUpTo}. */
    private int resumedBy = -1;
    private final IntConsumer ended;
    /** The seats whose resume ends a pause: every seat unless the game said otherwise, the same on every peer. */
    private IntPredicate resumers = seat -> true;
    /** Told once per seat that a resume of a seat outside {@link #resumers} was ignored. */
    private IntConsumer refused = seat -> { };
    private long refusedSeats;

    /**
     * @param loop  the loop a match-wide pause holds
     * @param ended told the seat whose resume ended this peer's pause, when it does
     */
    MatchPause(GameLoop loop, IntConsumer ended) {
        this.loop = loop;
        this.ended = ended;
    }

    /**
     * Only these seats' resumes end a pause from now on; the others' are ignored, every such seat told to
     * {@code ignored} once.
     *
     * @param seats   the seats that may resume
     * @param ignored told a seat whose resume was ignored, the first time
     */
    void resumableBy(IntPredicate seats, IntConsumer ignored) {
        this.resumers = seats;
        this.refused = ignored;
    }

    /**
     * The loop was just restored from a snapshot, at turn {@code turn}: if it is paused, the snapshot was saved during
     * a match-wide pause (every peer restores the same one), and that is the pause, which a resume ends.
     */
    void restored(long turn) {
        if (loop.isPaused()) {
            began(turn);
        }
    }

    /** The game paused the loop while posting turn {@code turn}'s inputs; ends at once if already resumed. */
    void began(long turn) {
        pausedAt = turn;
        if (turn <= resumedUpTo) {
            resumeLocally(resumedBy);
        }
    }

    /**
     * Seat {@code by} (another peer or this one) ended the pause of turn {@code turn}.
     *
     * @return whether that resumed this peer's loop now (false if it was not paused: a later pause at or before
     * {@code turn} then ends at once)
     */
    boolean resumed(long turn, int by) {
        if (!resumers.test(by)) {
            if (by >= 0 && by < Long.SIZE && (refusedSeats & 1L << by) == 0) {
                refusedSeats |= 1L << by;
                refused.accept(by);
            }
            return false;
        }
        if (turn > resumedUpTo) {
            resumedUpTo = turn;
            resumedBy = by;
        }
        if (pausedAt >= 0 && pausedAt <= turn) {
            resumeLocally(by);
            return true;
        }
        return false;
    }

    /**
     * This peer ends the current pause: tells the others, then resumes.
     *
     * @return whether a pause was ended
     */
    boolean resumeHere(dev.ecsloop.lockstep.net.PeerLink link, int seat) {
        if (pausedAt < 0 || !resumers.test(seat)) {
            return false;
        }
        long turn = pausedAt;
        link.send(new dev.ecsloop.lockstep.wire.Message.Resume(seat, turn));
        return resumed(turn, seat);
    }

    /** @return whether the match is held by a match-wide pause */
    boolean paused() {
        return pausedAt >= 0;
    }

    /** @return the turn the current pause began at, or -1 */
    long turn() {
        return pausedAt;
    }

    private void resumeLocally(int by) {
        pausedAt = -1;
        loop.resume();
        ended.accept(by);
    }
}
