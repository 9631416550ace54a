package dev.ecsloop;

/**
 * A loop used in a way that would corrupt it: re-entered from one of its own systems (a system calling
 * {@link GameLoop#frame()} or {@link GameLoop#step()}), called from a thread other than its own, or its world
 * processed directly ({@code world.process()}). Thrown as it is, never wrapped in a {@link TickFailedException},
 * so the caller sees the misuse itself; the loop is left as it was and stays usable.
 *
 * <p>Public so that code can catch it by type, apart from other {@link IllegalStateException}s (a tool that
 * drives a loop from a script, say, and wants to report a misuse differently from a failed system). It is a
 * programming error: the fix is in the calling code, not a retry. Instances are created only by the loop.
 */
public final class LoopMisuseException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    LoopMisuseException(String message) {
        super(message);
    }
}
