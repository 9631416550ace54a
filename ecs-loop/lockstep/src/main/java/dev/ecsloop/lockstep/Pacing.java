package dev.ecsloop.lockstep;

import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;

/**
 * Holds this peer's simulation back by a given amount of simulated time, a little each frame, so that it falls
 * behind real time for good: the host's way to balance how late batches come each way ({@link Lateness#balance}).
 * Each frame may advance at most an eighth less than the frame before did (about 2 ms at 60 frames a second, which
 * nobody sees), until the frames have dropped the whole hold. Only under {@link DebtPolicy#DISCARD} (the loop's
 * default): under {@code KEEP} held time is owed and caught up, so a hold would change nothing, and none is made.
 *
 * <p>What counts as held is the loop's dropped time, whatever dropped it (this cap, a wait for inputs at the
 * horizon, the catch-up bound): each of them moves the simulation back alike. Invariants: the cap never lies past
 * the horizon it is given; nothing allocates. Not thread-safe: it lives on the loop thread.
 */
final class Pacing {

    private final GameLoop loop;
    private long remaining;
    private long lastSim = -1;
    private long lastDropped;
    private long lastAdvance;

    Pacing(GameLoop loop) {
        this.loop = loop;
    }

    /** Holds the simulation back by {@code nanos} more, over the next frames (nothing under keep-debt). */
    void hold(long nanos) {
        if (nanos > 0 && loop.debtPolicy() == DebtPolicy.DISCARD) {
            remaining += nanos;
        }
    }

    /** @return what the last frame would have advanced unheld */
    long lastAdvance() {
        return lastAdvance;
    }

    /** @return whether a hold is still going on */
    boolean holding() {
        return remaining > 0;
    }

    /**
     * Between frames: counts what the last frame dropped against the hold and caps the next frame's advance.
     *
     * @param horizon the horizon the inputs allow
     * @return the horizon for the next frame, at most {@code horizon}
     */
    long cap(long horizon) {
        long sim = loop.simulatedNanos();
        long dropped = loop.droppedNanos();
        if (lastSim >= 0) {
            lastAdvance = sim - lastSim + dropped - lastDropped; // what the frame would have advanced unheld
            remaining = Math.max(0, remaining - (dropped - lastDropped));
        }
        lastSim = sim;
        lastDropped = dropped;
        if (remaining == 0 || lastAdvance <= 0) {
            return horizon;
        }
        return Math.min(horizon, sim + lastAdvance - Math.min(remaining, Math.max(1, lastAdvance / 8)));
    }
}
