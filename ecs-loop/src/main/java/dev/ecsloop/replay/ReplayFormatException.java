package dev.ecsloop.replay;

import java.io.IOException;

/** A replay file that cannot be replayed: truncated, corrupt, of another version or for another setup. */
public final class ReplayFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * A replay that cannot be read or does not fit the game.
     *
     * @param message what is wrong with the file, in one line
     */
    public ReplayFormatException(String message) {
        super(message);
    }
}
