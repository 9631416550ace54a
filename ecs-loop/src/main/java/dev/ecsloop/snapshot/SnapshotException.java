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
        super(oneLine(message));
    }

    /**
     * @param message one line naming what is wrong
     * @param cause   the failure behind it
     */
    public SnapshotException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    /** Most characters of a message: names read from a hostile file are cut, not echoed whole. */
    static final int MAX_MESSAGE = 400;

    /**
     * The message as one printable line: control characters (names read from a damaged file may hold any) become
     * '?', and a message longer than {@link #MAX_MESSAGE} is cut.
     */
    static String oneLine(String message) {
        if (message == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(message.length(), MAX_MESSAGE + 3));
        for (int i = 0; i < message.length() && out.length() < MAX_MESSAGE; i++) {
            char c = message.charAt(i);
            out.append(Character.isISOControl(c) || c == '\uFFFD' || Character.isSurrogate(c) ? '?' : c);
        }
        if (message.length() > MAX_MESSAGE) {
            out.append("...");
        }
        return out.toString();
    }
}
