package dev.ecsloop.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Objects;

/**
 * The standard-input transport: a daemon thread reads lines from a stream (usually {@code System.in}),
 * submits each to a {@link Console}, and prints the replies once the loop thread has run them. No prompt is
 * printed, because standard output is usually shared with the game's own log lines.
 *
 * <p>Lines are capped at 4,096 bytes like on the TCP transport. The thread ends when the stream ends or fails,
 * or on {@link #close()}.
 */
public final class ConsoleReader implements AutoCloseable {

    private final Thread thread;

    private ConsoleReader(Thread thread) {
        this.thread = thread;
    }

    /**
     * Starts reading {@code in} on a new daemon thread.
     *
     * @param console the console to submit lines to
     * @param in      the stream to read, usually {@code System.in}
     * @param out     receives the reply lines; it is not closed when reading ends
     * @return the running reader
     * @throws NullPointerException if an argument is null
     */
    public static ConsoleReader start(Console console, InputStream in, PrintStream out) {
        Objects.requireNonNull(console, "console");
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        ConsoleSession session = new ConsoleSession(console, in, out, false);
        Thread thread = new Thread(() -> {
            try {
                session.run();
            } catch (IOException e) {
                // The stream failed: nothing left to read.
            }
        }, "ecs-loop-console-reader");
        thread.setDaemon(true);
        thread.start();
        return new ConsoleReader(thread);
    }

    /**
     * Stops submitting lines: interrupts the thread. A read blocked on a stream that cannot be interrupted (such
     * as {@code System.in}) returns only with the next line or the stream's end; the thread then exits without
     * submitting it. The stream is not closed, since the caller owns it.
     */
    @Override
    public void close() {
        thread.interrupt();
    }

    /** @return whether the reader thread is still running */
    public boolean isRunning() {
        return thread.isAlive();
    }
}
