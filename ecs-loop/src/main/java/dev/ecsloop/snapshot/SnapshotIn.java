package dev.ecsloop.snapshot;

import java.nio.charset.StandardCharsets;

/**
 * Where snapshot state is read from: a bounds-checked big-endian view of part of a snapshot. Reading past its end
 * throws {@link SnapshotException} naming what was being read, never an index exception, and no read allocates
 * more than the bytes it covers, so a hostile length cannot exhaust memory.
 */
public final class SnapshotIn {

    private final byte[] buf;
    private final String what;
    private int end;
    private int pos;
    /** The entity whose component this reads, named in messages; -1 for none. */
    private int entity = -1;

    SnapshotIn(byte[] buf, int from, int to, String what) {
        this.buf = buf;
        this.pos = from;
        this.end = to;
        this.what = what;
    }

    /** Points this reader at another range, for the component of {@code entity}: one reader per type, no garbage. */
    SnapshotIn reset(int from, int to, int entity) {
        this.pos = from;
        this.end = to;
        this.entity = entity;
        return this;
    }

    private int take(int n) {
        if (n < 0 || end - pos < n) {
            throw fail("truncated: needs " + n + " more bytes, " + (end - pos) + " left");
        }
        int at = pos;
        pos += n;
        return at;
    }

    /**
     * Reports bad data: the exception to throw, naming this part of the snapshot.
     *
     * @param problem what is wrong
     * @return the exception, for {@code throw in.fail(...)}
     */
    public SnapshotException fail(String problem) {
        return new SnapshotException(what + (entity >= 0 ? " of entity " + entity : "") + ": " + problem);
    }

    /** @return a byte */
    public byte readByte() {
        return buf[take(1)];
    }

    /**
     * @return a boolean
     * @throws SnapshotException if the byte is neither 0 nor 1
     */
    public boolean readBoolean() {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw fail("bad boolean " + b);
        }
        return b == 1;
    }

    /** @return a short */
    public short readShort() {
        int p = take(2);
        return (short) ((buf[p] << 8) | (buf[p + 1] & 0xff));
    }

    /** @return an int */
    public int readInt() {
        int p = take(4);
        return (buf[p] << 24) | ((buf[p + 1] & 0xff) << 16) | ((buf[p + 2] & 0xff) << 8) | (buf[p + 3] & 0xff);
    }

    /** @return a long */
    public long readLong() {
        int p = take(8);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buf[p + i] & 0xff);
        }
        return v;
    }

    /** @return a float, from its raw bits */
    public float readFloat() {
        return Float.intBitsToFloat(readInt());
    }

    /** @return a double, from its raw bits */
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    /**
     * @return a string written by {@link SnapshotOut#writeString}
     * @throws SnapshotException if its length is negative or beyond the data (bytes that are not valid UTF-8
     *                           become U+FFFD, so such a name matches nothing and is refused where it is used)
     */
    public String readString() {
        int n = readInt();
        int p = take(n);
        return new String(buf, p, n, StandardCharsets.UTF_8);
    }

    /**
     * A count that sizes what follows, checked against the bytes left: each of its items takes at least
     * {@code minBytesEach}, so a hostile count is refused before anything is allocated for it.
     *
     * @param minBytesEach the fewest bytes one item takes (at least 1)
     * @param name         what is counted, for the message
     * @return the count
     * @throws SnapshotException if it is negative or more than the remaining bytes can hold
     */
    public int readCount(int minBytesEach, String name) {
        int n = readInt();
        if (n < 0 || (long) n * Math.max(1, minBytesEach) > end - pos) {
            throw fail("bad " + name + " count " + n + " (" + (end - pos) + " bytes left)");
        }
        return n;
    }

    /** @return bytes not read yet */
    public int remaining() {
        return end - pos;
    }

    int position() {
        return pos;
    }

    byte[] buffer() {
        return buf;
    }

    /** Skips {@code length} bytes, checked like a read. */
    void skip(int length) {
        take(length);
    }

    /** A reader of the next {@code length} bytes, which this one skips. */
    SnapshotIn slice(int length, String name) {
        int p = take(length);
        return new SnapshotIn(buf, p, p + length, name);
    }

    /**
     * Checks that every byte was read: what a reader of a section or a state calls last.
     *
     * @throws SnapshotException if bytes are left
     */
    public void expectEnd() {
        if (pos != end) {
            throw fail((end - pos) + " bytes left unread");
        }
    }
}
