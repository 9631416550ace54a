package dev.ecsloop.console;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads lines from a byte stream that may send anything: memory stays bounded by {@link #MAX_LINE_BYTES}
 * whatever arrives. A line longer than that is reported once, as soon as it passes the bound, and the rest of
 * it up to the next line break is discarded. Lines end at {@code \n}; a {@code \r} before it is dropped; bytes
 * that are not UTF-8 decode to U+FFFD. Not thread-safe: one reader thread per stream.
 */
final class BoundedLineReader {

    /** The longest line accepted, in bytes, without its line break. */
    static final int MAX_LINE_BYTES = 4096;

    /** What {@link #read()} found. */
    enum Result { LINE, TOO_LONG, END }

    private final InputStream in;
    private final byte[] buffer = new byte[8192];
    private int pos;
    private int end;
    private final byte[] line = new byte[MAX_LINE_BYTES];
    private int length;
    private boolean discarding;
    private String last;

    BoundedLineReader(InputStream in) {
        this.in = in;
    }

    /**
     * Blocks for the next line.
     *
     * @return {@link Result#LINE} (see {@link #line()}), {@link Result#TOO_LONG} once per over-long line, or
     *         {@link Result#END} when the stream ends (a last unterminated line is returned first)
     * @throws IOException if the stream fails
     */
    Result read() throws IOException {
        while (true) {
            if (pos == end) {
                int n = in.read(buffer);
                if (n < 0) {
                    if (length > 0 && !discarding) {
                        return emit();
                    }
                    length = 0;
                    return Result.END;
                }
                pos = 0;
                end = n;
            }
            byte b = buffer[pos++];
            if (b == '\n') {
                if (discarding) {
                    discarding = false;
                    length = 0;
                    continue;
                }
                return emit();
            }
            if (discarding) {
                continue;
            }
            if (length == MAX_LINE_BYTES) {
                discarding = true;
                length = 0;
                return Result.TOO_LONG;
            }
            line[length++] = b;
        }
    }

    /** The line found by the last {@link #read()} that returned {@link Result#LINE}. */
    String line() {
        return last;
    }

    private Result emit() {
        int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        last = new String(line, 0, n, StandardCharsets.UTF_8);
        length = 0;
        return Result.LINE;
    }
}
