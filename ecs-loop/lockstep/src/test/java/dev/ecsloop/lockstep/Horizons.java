package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;

/** How tests hold a loop at the session's horizon. */
final class Horizons {

    private Horizons() {
    }

    /** The horizon as the session sets it. */
    static Horizon of(GameLoop loop) {
        return nanos -> { };
    }

    /** A frame's length, cut so that simulated time stays within the horizon. */
    static long clip(GameLoop loop, LockstepSession session, long frame) {
        return Math.max(0, Math.min(frame, session.horizonNanos() - loop.simulatedNanos()));
    }
}
