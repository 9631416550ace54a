package dev.ecsloop.demo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output shared by the status line and everything else (console replies, messages). On a terminal the
 * status line is one row rewritten in place ({@code \r}, the line, erase to the end of the row); any other output
 * first erases that row, is written whole, and the status line is drawn again below it, so replies never mix
 * with it. Piped (not a terminal), each status is a plain line of its own. Quiet, status lines are dropped.
 *
 * <p>Thread-safe: the loop thread writes the status, the console's reader thread writes replies.
 */
final class StatusOutput extends OutputStream {

    /** How status lines are shown. */
    enum Mode {
        /** Rewritten in place on one terminal row. */
        TERMINAL,
        /** One plain line each, for pipes and files. */
        LINES,
        /** Not shown. */
        QUIET
    }

    private static final byte[] ERASE = "\r\033[K".getBytes(StandardCharsets.US_ASCII);

    private final PrintStream out;
    private final Mode mode;
    private final PrintStream printer;
    private String status = "";
    private boolean showing;
    private boolean midLine;

    StatusOutput(PrintStream out, Mode mode) {
        this.out = out;
        this.mode = mode;
        this.printer = new PrintStream(this, true, StandardCharsets.UTF_8);
    }

    /** A print stream for everything that is not the status line. */
    PrintStream printer() {
        return printer;
    }

    /** Shows a new status line. */
    synchronized void status(String line) {
        switch (mode) {
            case QUIET -> { }
            case LINES -> {
                out.println(line);
                out.flush();
            }
            case TERMINAL -> {
                status = line;
                if (!midLine) {
                    draw();
                }
            }
            default -> throw new IllegalStateException(mode.name());
        }
    }

    /** Leaves the terminal clean: erases the status row, so what follows starts on an empty line. */
    synchronized void finish() {
        if (mode == Mode.TERMINAL && showing) {
            out.write(ERASE, 0, ERASE.length);
            out.flush();
            showing = false;
        }
    }

    private void draw() {
        out.write(ERASE, 0, ERASE.length);
        byte[] b = status.getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        out.flush();
        showing = true;
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (mode == Mode.TERMINAL && showing && !midLine) {
            out.write(ERASE, 0, ERASE.length);
            showing = false;
        }
        out.write(b, off, len);
        midLine = b[off + len - 1] != '\n';
        if (mode == Mode.TERMINAL && !midLine && !status.isEmpty()) {
            draw();
        }
    }

    @Override
    public synchronized void flush() {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
