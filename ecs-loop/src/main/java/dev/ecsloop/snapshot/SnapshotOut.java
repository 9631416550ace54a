package dev.ecsloop.snapshot;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where snapshot state is written: a growable big-endian byte buffer. Floats and doubles are written by their raw
 * bits, so a value comes back bit for bit (NaN payloads and negative zero included). Reused between captures:
 * once it has grown to a snapshot's size, capturing again allocates nothing but the result.
 */
public final class SnapshotOut {

    private byte[] buf;
    private int size;

    /** An empty buffer. */
    public SnapshotOut() {
        this(256);
    }

    SnapshotOut(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private void ensure(int more) {
        if (buf.length - size < more) {
            long wanted = Math.max((long) buf.length * 2, (long) size + more);
            if (wanted > SnapshotFormat.MAX_BYTES) {
                throw new SnapshotException("snapshot larger than " + SnapshotFormat.MAX_BYTES + " bytes");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
    }

    /**
     * @param v a byte
     */
    public void writeByte(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    /**
     * @param v a boolean, as one byte 0 or 1
     */
    public void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    /**
     * @param v a short, two bytes
     */
    public void writeShort(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    /**
     * @param v an int, four bytes
     */
    public void writeInt(int v) {
        ensure(4);
        putInt(size, v);
        size += 4;
    }

    /**
     * @param v a long, eight bytes
     */
    public void writeLong(long v) {
        ensure(8);
        byte[] b = buf;
        int p = size;
        for (int i = 7; i >= 0; i--) {
            b[p + i] = (byte) v;
            v >>>= 8;
        }
        size += 8;
    }

    /**
     * @param v a float, by its raw bits
     */
    public void writeFloat(float v) {
        writeInt(Float.floatToRawIntBits(v));
    }

    /**
     * @param v a double, by its raw bits
     */
    public void writeDouble(double v) {
        writeLong(Double.doubleToRawLongBits(v));
    }

    /**
     * A string as its UTF-8 length (an int) and bytes.
     *
     * @param s the string, not null
     */
    public void writeString(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        writeInt(bytes.length);
        writeBytes(bytes, 0, bytes.length);
    }

    /**
     * @param b      the bytes
     * @param offset from
     * @param length how many
     */
    public void writeBytes(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, buf, size, length);
        size += length;
    }

    /** @return bytes written so far */
    public int size() {
        return size;
    }

    void putInt(int at, int v) {
        buf[at] = (byte) (v >>> 24);
        buf[at + 1] = (byte) (v >>> 16);
        buf[at + 2] = (byte) (v >>> 8);
        buf[at + 3] = (byte) v;
    }

    /** Reserves four bytes for a length written later with {@link #putInt}; returns where. */
    int reserveInt() {
        ensure(4);
        int at = size;
        size += 4;
        return at;
    }

    byte[] buffer() {
        return buf;
    }

    void reset() {
        size = 0;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }
}
