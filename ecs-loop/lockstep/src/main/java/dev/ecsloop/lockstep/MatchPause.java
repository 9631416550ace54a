package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;

/**
 * A match-wide pause: the game's {@link CommandFilter} paused the loop at a turn's instant, on every peer alike, and
 * any peer may end it. No turn can carry the end (a paused match makes no turns), so a resume travels on its own and
 * may even arrive before this peer reached the pause; this class remembers that, so the pause then ends at once.
 * Split from {@link LockstepSession} to keep that race in one small place.
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

    MatchPause(GameLoop loop) {
        this.loop = loop;
    }

    /** The game paused the loop while posting turn {@code turn}'s inputs; ends at once if already resumed. */
    void began(long turn) {
        pausedAt = turn;
        if (turn <= resumedUpTo) {
            resumeLocally();
        }
    }

    /**
     * Some peer (or this one) ended the pause of turn {@code turn}.
     *
     * @return whether that resumed this peer's loop
     */
    boolean resumed(long turn) {
        resumedUpTo = Math.max(resumedUpTo, turn);
        if (pausedAt >= 0 && pausedAt <= turn) {
            resumeLocally();
            return true;
        }
        return false;
    }

    /** @return whether the match is held by a match-wide pause */
    boolean paused() {
        return pausedAt >= 0;
    }

    /** @return the turn the current pause began at, or -1 */
    long turn() {
        return pausedAt;
    }

    private void resumeLocally() {
        pausedAt = -1;
        loop.resume();
    }
}
