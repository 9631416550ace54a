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

    /** Writes the whole journal to {@code out} and adds it to {@code crc}. */
    void copyTo(OutputStream out, CRC32 crc) throws IOException {
        for (int c = 0; c <= full; c++) {
            int n = c == full ? used : CHUNK;
            out.write(chunks[c], 0, n);
            crc.update(chunks[c], 0, n);
        }
    }
}
