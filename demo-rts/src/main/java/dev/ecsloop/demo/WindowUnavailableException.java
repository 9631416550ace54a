package dev.ecsloop.demo;

/** A {@link WindowLauncher} could not open a window (no display, no GL context): the demo runs headless instead. */
public final class WindowUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    public WindowUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
