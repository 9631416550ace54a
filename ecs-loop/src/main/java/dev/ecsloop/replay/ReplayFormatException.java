package dev.ecsloop.replay;

import java.io.IOException;

/** A replay file that cannot be replayed: truncated, corrupt, of another version or for another setup. */
public final class ReplayFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    public ReplayFormatException(String message) {
        super(message);
    }
}
