package dev.ecsloop.replay;

import java.io.IOException;

/** A replay file that cannot be replayed: truncated, corrupt, of another version or for another setup. */
public final class ReplayFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    /** @param message one line naming the file and what is wrong */
    public ReplayFormatException(String message) {
        super(message);
    }
}
