package dev.ecsloop.demo;

/** A {@link WindowLauncher} could not open a window (no display, no GL context): the demo runs headless instead. */
public final class WindowUnavailableException extends Exception {
    public WindowUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
