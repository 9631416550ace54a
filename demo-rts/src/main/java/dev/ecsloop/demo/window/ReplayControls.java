package dev.ecsloop.demo.window;

/**
 * What the window's replay scrubber ({@link ScrubberBar}) needs from a game that plays a recording: where it is,
 * where it ends, and a way to jump and to pause. A game that plays no recording has none
 * ({@link WindowGame#replayControls()} is null).
 */
public interface ReplayControls {

    /** @return the replay's simulated instant */
    long positionNanos();

    /** @return the last instant the replay can reach (the recording's end, or where the window stops) */
    long stopNanos();

    /**
     * Jumps to an instant, forward or backward.
     *
     * @param simNanos the instant
     * @return the line to show
     * @throws IllegalArgumentException one line, nothing changed, if the instant cannot be reached
     */
    String seek(long simNanos);

    /** @return whether playing is paused */
    boolean paused();

    /** @param on pause, or play on */
    void setPaused(boolean on);
}
