package dev.ecsloop.snapshot;

/**
 * A snapshot could not be taken or restored. The message is one line naming what is wrong (the section, the
 * entity, the component or the system) and, for a restore, the loop and its world are exactly as they were.
 */
public final class SnapshotException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message one line naming what is wrong
     */
    public SnapshotException(String message) {
        super(message);
    }

    /**
     * @param message one line naming what is wrong
     * @param cause   the failure behind it
     */
    public SnapshotException(String message, Throwable cause) {
        super(message, cause);
    }
}
