package dev.ecsloop.demo.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output shared by the status line and everything else (console replies, messages). Piped (not a
 * terminal), each status is a plain line of its own. Quiet, status lines are dropped.
 *
 * <p>On a terminal the status has a row of its own, just below the row the user types on, and is redrawn there
 * with the cursor saved and restored ({@code ESC 7}, down, the line, erase to the end of the row, {@code ESC 8}):
 * a refresh never touches the typing row, so what the user is typing stays on screen and the cursor stays where
 * it was. Why not rewrite the typing row in place: the terminal, not this program, echoes what is typed, and a
 * line-buffered terminal hands the program nothing until Enter, so a rewritten row loses the typed text for
 * good. The layout, kept as an invariant between calls: the cursor is on the typing row, the row below it shows
 * the status ({@code reserved}), or nothing is reserved yet.
 * <ul>
 *   <li>Output (a reply): the status row is cleared, the output written from the start of the typing row, and a
 *       new typing row and status row opened below it ({@code \n}, up one row: a row that exists, so moving down
 *       to it later cannot scroll and spoil the saved cursor).</li>
 *   <li>A line read from the terminal ({@link #watch}): its Enter moved the cursor down onto the status row, so
 *       that row is cleared and becomes the typing row, with a new status row below.</li>
 * </ul>
 * A row is reserved only when the cursor is at the start of an empty row (at the first status, after output,
 * after a line read), so opening it never moves text the user is typing. Output that arrives while the user is
 * typing (a TCP client's reply) is written on the typing row, which it erases first; the typed text is still in
 * the terminal's buffer and Enter still sends it. Status lines longer than the terminal's width would wrap and
 * break the layout: {@link StatusLine} keeps them to {@value StatusLine#MAX} characters.
 *
 * <p>Thread-safe: the loop thread writes the status, the console's reader thread writes replies and reports lines.
 */
final class StatusOutput extends OutputStream {

    /** How status lines are shown. */
    enum Mode {
        /** On its own terminal row below the typing row, redrawn in place. */
        TERMINAL,
        /** One plain line each, for pipes and files. */
        LINES,
        /** Not shown. */
        QUIET
    }

    private static final byte[] ERASE_ROW = "\r\033[K".getBytes(StandardCharsets.US_ASCII);
    /** Opens a row below the cursor's (scrolling if at the bottom) and returns to the cursor's row, column 0. */
    private static final byte[] OPEN_BELOW = "\n\033[A".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TO_STATUS = "\0337\033[B\r".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BACK = "\033[K\0338".getBytes(StandardCharsets.US_ASCII);

    private final PrintStream out;
    private final Mode mode;
    private final PrintStream printer;
    private String status = "";
    /** The row below the cursor's is the status row. */
    private boolean reserved;
    /** Output ended mid-line: the cursor is not at the start of a row. */
    private boolean midLine;
    private boolean finished;

    StatusOutput(PrintStream out, Mode mode) {
        this.out = out;
        this.mode = mode;
        this.printer = new PrintStream(this, true, StandardCharsets.UTF_8);
    }

    /** A print stream for everything that is not the status line. */
    PrintStream printer() {
        return printer;
    }

    /**
     * Wraps the terminal's input so that each line read is reported here (its Enter moved the cursor): give the
     * console reader this stream, not {@code in}.
     */
    InputStream watch(InputStream in) {
        if (mode != Mode.TERMINAL) {
            return in;
        }
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b == '\n') {
                    lineRead();
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                for (int i = off; i < off + n; i++) {
                    if (b[i] == '\n') {
                        lineRead();
                    }
                }
                return n;
            }
        };
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
                if (!midLine && !finished) {
                    draw();
                }
            }
            default -> throw new IllegalStateException(mode.name());
        }
    }

    /**
     * The terminal echoed an Enter: the cursor went down onto the status row, at its start. That row becomes the
     * typing row; the status moves below it.
     */
    synchronized void lineRead() {
        if (mode != Mode.TERMINAL || finished || !reserved) {
            return;
        }
        send(ERASE_ROW);
        reserved = false;
        draw();
        out.flush();
    }

    /** Leaves the terminal clean: clears the status row; the cursor stays at the start of the typing row. */
    synchronized void finish() {
        if (mode == Mode.TERMINAL && !finished) {
            clearStatusRow();
            out.write('\r');
            out.flush();
            finished = true;
        }
    }

    /** Draws the status on its row, opening the row first if none is reserved. */
    private void draw() {
        if (status.isEmpty()) {
            return;
        }
        if (!reserved) {
            send(OPEN_BELOW);
            reserved = true;
        }
        send(TO_STATUS);
        send(status.getBytes(StandardCharsets.UTF_8));
        send(BACK);
        out.flush();
    }

    private void clearStatusRow() {
        if (reserved) {
            send(TO_STATUS);
            send(BACK);
            reserved = false;
        }
    }

    private void send(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
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
        if (mode == Mode.TERMINAL && !finished && !midLine && reserved) {
            clearStatusRow();
            send(ERASE_ROW); // the typing row: output starts at its beginning
        }
        out.write(b, off, len);
        midLine = b[off + len - 1] != '\n';
        if (mode == Mode.TERMINAL && !finished && !midLine) {
            draw();
        }
        out.flush();
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
