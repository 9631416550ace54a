package dev.ecsloop.examples.skeleton;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The console's replies, kept for the screen to show under the field: written by the console reader's thread,
 * read by the loop thread, so every method is synchronized.
 *
 * <p>Shows the last {@code keep} lines, except that the latest reply is always shown whole, up to
 * {@value #MAX_REPLY} lines: a reply is what the reader writes between two flushes (it flushes once per command),
 * so {@code help} is never cut to its first lines. Lines are cut at 200 characters.
 */
final class ReplyLog extends OutputStream {

    /** The most lines of one reply shown: {@code help} fits, the field above stays on a 50-row terminal. */
    static final int MAX_REPLY = 30;

    private final int keep;
    private final Deque<String> lines = new ArrayDeque<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    /** Lines of the latest reply so far. */
    private int latest;
    /** The next line starts a new reply (a flush came since the last line). */
    private boolean newReply = true;

    ReplyLog(int keep) {
        this.keep = keep;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            lines.addLast(partial.toString(StandardCharsets.UTF_8));
            partial.reset();
            latest = newReply ? 1 : latest + 1;
            newReply = false;
            while (lines.size() > Math.max(keep, MAX_REPLY)) {
                lines.removeFirst();
            }
        } else if (partial.size() < 200) {
            partial.write(b);
        }
    }

    /** A reply ends: the reader flushes after each command's lines. */
    @Override
    public synchronized void flush() {
        newReply = true;
    }

    synchronized List<String> lines() {
        List<String> all = new ArrayList<>(lines);
        int show = Math.min(all.size(), Math.max(keep, Math.min(latest, MAX_REPLY)));
        return all.subList(all.size() - show, all.size());
    }
}
