package dev.ecsloop.replay;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The in-memory record of a session: bytes appended into fixed chunks, so appending never copies what is
 * already there and allocates only when a chunk fills (one 1 MiB chunk per mebibyte of journal: about 17 hours
 * of one-second hashes, or 30,000 input events).
 */
final class Journal extends OutputStream {

    private static final int CHUNK = 1 << 20;

    private byte[][] chunks = {new byte[CHUNK]};
    private int full;      // chunks before the current one
    private int used;      // bytes used in the current chunk
    private long frozen;   // bytes a snapshot may be reading: never truncated

    @Override
    public void write(int b) {
        if (used == CHUNK) {
            nextChunk();
        }
        chunks[full][used++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (used == CHUNK) {
                nextChunk();
            }
            int n = Math.min(len, CHUNK - used);
            System.arraycopy(b, off, chunks[full], used, n);
            used += n;
            off += n;
            len -= n;
        }
    }

    private void nextChunk() {
        full++;
        if (full == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunks.length * 2);
        }
        if (chunks[full] == null) {
            chunks[full] = new byte[CHUNK];
        }
        used = 0;
    }

    long size() {
        return (long) full * CHUNK + used;
    }

    /** Whether {@link #truncate} may cut back to {@code size}: no snapshot covers bytes past it. */
    boolean canTruncate(long size) {
        return size >= frozen && size <= size();
    }

    /** Forgets everything after the first {@code size} bytes; the chunks stay allocated for reuse. */
    void truncate(long size) {
        if (size < frozen || size > size()) {
            throw new IllegalArgumentException("cannot truncate a journal of " + size() + " bytes to " + size);
        }
        full = (int) (size / CHUNK);
        used = (int) (size % CHUNK);
        if (used == 0 && full > 0) {
            full--;
            used = CHUNK;
        }
    }

    /**
     * What the journal holds now, for writing on another thread while this one appends: appends never touch
     * bytes already written, and the snapshot keeps its own reference to the chunk table.
     */
    Snapshot snapshot() {
        frozen = size();
        return new Snapshot(chunks.clone(), full, used);
    }

    /** The first bytes of a journal, frozen. */
    record Snapshot(byte[][] chunks, int full, int used) {

        long size() {
            return (long) full * CHUNK + used;
        }

        /** Writes the bytes to {@code out} and adds them to {@code crc}. */
        void copyTo(OutputStream out, CRC32 crc) throws IOException {
            for (int c = 0; c <= full; c++) {
                int n = c == full ? used : CHUNK;
                out.write(chunks[c], 0, n);
                crc.update(chunks[c], 0, n);
            }
        }
    }

}
