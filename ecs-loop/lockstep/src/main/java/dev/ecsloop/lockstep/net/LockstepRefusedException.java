package dev.ecsloop.lockstep.net;

import java.io.IOException;

/** Joining failed: the host refused (wrong secret, other build or setup, game full) or could not be reached. */
public final class LockstepRefusedException extends IOException {

    private static final long serialVersionUID = 1L;

    /** @param reason one line saying why */
    public LockstepRefusedException(String reason) {
        super(reason);
    }
}
