package dev.ecsloop.lockstep;

import dev.ecsloop.DebtPolicy;
import dev.ecsloop.GameLoop;

/**
 * Slews this peer's simulation near the horizon instead of letting it stop dead there: when the next frame would
 * bring the simulation within {@link #LEAD_FRAMES} frames of the horizon the inputs allow, that frame advances an
 * eighth less than real time (about 2 ms at 60 frames a second, which nobody sees), so a batch a few ms late comes
 * in before the horizon is reached; once the simulation has room again, the time so slowed is given back the same
 * way, an eighth of a frame at most per frame ({@link GameLoop#regainDropped}), so the delay does not silently grow.
 * Time sync, as rollback and lockstep engines call it: it changes only how real time maps to simulated time, never
 * what is simulated, so every peer still applies each turn at the same simulated instant.
 *
 * <p>Only under {@link DebtPolicy#DISCARD} (the loop's default), like {@link Pacing}: what the slowed frames drop is
 * counted here as owed and regained later. Invariants: the cap never lies past the horizon it is given, nor at or
 * below the simulation's present; {@code owed} is never negative and never more than what this rule dropped less
 * what it regained; nothing allocates. Not thread-safe: it lives on the loop thread.
 */
final class SoftHorizon {

    /** How near the horizon (in frames, past the next) the simulation must come before frames slow down. */
    static final int LEAD_FRAMES = 2;
    /** The slowed frame's advance is short of real time by this fraction of it (and catches up as much). */
    static final int SLEW_DIVISOR = 8;

    private final GameLoop loop;
    private long owed;
    /** The last frame's real time: the next frame's advance, as far as this rule can tell. */
    private long frameNanos;
    private long lastDropped;
    /** The last cap's slack below the horizon it was given (what this rule may have dropped), 0 if none. */
    private long lastCut;
    private long lastCap = -1;
    /** What this rule gave back at its last {@link #cap} (the frame since advanced that much beyond real time). */
    private long lastRegained;

    SoftHorizon(GameLoop loop) {
        this.loop = loop;
        this.lastDropped = loop.droppedNanos();
    }

    /** A frame began: its real time is the best guess of the next one's. */
    void frame(long realNanos) {
        frameNanos = realNanos;
    }

    /**
     * Between frames, first: counts what the last frame dropped at this rule's cap as owed.
     *
     * @return what the last frame dropped at this rule's cap, less what the rule gave back before it: the part of
     *         the loop's dropped time since the last call that is this rule's, not a hold's ({@link Pacing})
     */
    long settle() {
        long dropped = loop.droppedNanos();
        long mine = unsettled();
        owed += mine;
        long net = mine - lastRegained;
        lastRegained = 0;
        lastCut = 0;
        lastCap = -1;
        lastDropped = dropped;
        return net;
    }

    /**
     * Between frames, after {@link #settle}: near the horizon, caps the next frame's advance an eighth short of
     * a frame; with room, gives back up to an eighth of a frame of the owed time.
     *
     * @param horizon the horizon the inputs (and any hold) allow
     * @return the horizon for the next frame, at most {@code horizon}
     */
    long cap(long horizon) {
        long sim = loop.simulatedNanos();
        if (loop.debtPolicy() != DebtPolicy.DISCARD || frameNanos <= 0 || loop.isPaused() || horizon <= sim) {
            return horizon;
        }
        long room = horizon - sim;
        long slew = Math.max(1, frameNanos / SLEW_DIVISOR);
        long lead = LEAD_FRAMES * frameNanos;
        if (room < frameNanos + lead) {
            long cap = sim + frameNanos - slew;
            if (cap < horizon) {
                lastCap = cap;
                lastCut = horizon - cap;
                return cap;
            }
        } else if (owed > 0) {
            long give = Math.min(Math.min(owed, slew), room - frameNanos - lead);
            if (give > 0) {
                lastRegained = loop.regainDropped(give);
                owed -= lastRegained;
                lastDropped = loop.droppedNanos();
            }
        }
        return horizon;
    }

    /** @return what the last frame dropped at this rule's cap, not yet counted as owed */
    private long unsettled() {
        return lastCut > 0 && loop.simulatedNanos() == lastCap && loop.isHeldAtHorizon()
                ? Math.min(Math.max(0, loop.droppedNanos() - lastDropped), lastCut) : 0;
    }

    /**
     * @return the simulated time this rule slowed the simulation by and has not given back, the last frame's
     *         included: the part of the loop's dropped time that is this rule's (a wait for a batch is the rest)
     */
    long owedNow() {
        return owed + unsettled();
    }

    /** @return simulated time this rule slowed the simulation by and has not given back yet */
    long owed() {
        return owed;
    }
}
