package dev.ecsloop.console;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * One conversation over a pair of streams, run on its own transport thread: read a line, submit it, wait until
 * the loop thread has run it, write its reply lines, repeat.
 *
 * <p>Why wait: the loop thread only appends reply lines to a list and never touches the stream, so a client
 * that stops reading can block its own transport thread but never the game. Waiting also keeps each client's
 * replies in the order of its commands, and bounds the queue to one pending line per conversation.
 */
final class ConsoleSession {

    static final String PROMPT = "> ";
    static final String TOO_LONG = "error: line longer than " + BoundedLineReader.MAX_LINE_BYTES
            + " bytes ignored";

    private final Console console;
    private final BoundedLineReader in;
    private final Writer out;
    private final boolean prompt;

    /**
     * @param prompt whether to write {@link #PROMPT} before each line is read
     */
    ConsoleSession(Console console, InputStream in, OutputStream out, boolean prompt) {
        this(console, new BoundedLineReader(in), out, prompt);
    }

    /** A session that goes on reading from {@code in}, which may already hold the next lines. */
    ConsoleSession(Console console, BoundedLineReader in, OutputStream out, boolean prompt) {
        this.console = console;
        this.in = in;
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        this.prompt = prompt;
    }

    /**
     * Converses until the input ends or the thread is interrupted. Closes nothing: the streams belong to the
     * caller.
     *
     * @throws IOException if reading or writing fails, e.g. because the peer went away
     */
    void run() throws IOException {
        promptAndFlush();
        while (!Thread.currentThread().isInterrupted()) {
            BoundedLineReader.Result result = in.read();
            if (result == BoundedLineReader.Result.END || Thread.currentThread().isInterrupted()) {
                return; // closed while blocked in read: submit nothing more
            }
            if (result == BoundedLineReader.Result.TOO_LONG) {
                writeLine(TOO_LONG);
            } else if (!in.line().isBlank()) {
                List<String> reply = new ArrayList<>();
                try {
                    console.submit(in.line(), reply::add).get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException e) {
                    // Not expected: drain() completes every future normally, even when the command failed.
                    reply.add("error: " + e.getCause());
                }
                for (String line : reply) {
                    writeLine(line);
                }
            }
            promptAndFlush();
        }
    }

    private void writeLine(String line) throws IOException {
        out.write(line);
        out.write('\n');
    }

    private void promptAndFlush() throws IOException {
        if (prompt) {
            out.write(PROMPT);
        }
        out.flush();
    }
}
