package dev.ecsloop.examples.skeleton;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The console's replies, kept for the screen to show under the field: written line by line by the console
 * reader's thread, read by the loop thread, so every method is synchronized. Keeps the last few lines only.
 */
final class ReplyLog extends OutputStream {

    private final int keep;
    private final Deque<String> lines = new ArrayDeque<>();
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    ReplyLog(int keep) {
        this.keep = keep;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            lines.addLast(partial.toString(StandardCharsets.UTF_8));
            partial.reset();
            while (lines.size() > keep) {
                lines.removeFirst();
            }
        } else if (partial.size() < 200) {
            partial.write(b);
        }
    }

    synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }
}
