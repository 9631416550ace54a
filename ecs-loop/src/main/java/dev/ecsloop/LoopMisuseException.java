package dev.ecsloop;

/**
 * A loop used in a way that would corrupt it: re-entered from one of its own systems, called from a thread
 * other than its own, or its world processed directly. Thrown as it is, never wrapped in a
 * {@link TickFailedException}, so the caller sees the misuse itself.
 */
public final class LoopMisuseException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    LoopMisuseException(String message) {
        super(message);
    }
}
