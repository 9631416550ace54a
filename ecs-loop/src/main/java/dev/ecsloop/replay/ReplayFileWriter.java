package dev.ecsloop.replay;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;

/**
 * Writes a replay file whole or not at all: the journal, the end record and the CRC trailer go into
 * {@code file.part} beside the destination, which is then moved over it, so a failed save leaves no partial file
 * where a replay is expected. Apart from the recorder because it runs on any thread, off the loop.
 */
final class ReplayFileWriter {

    private ReplayFileWriter() {
    }

    /**
     * @param file    where to write
     * @param journal the journal's bytes, header included
     * @param end     the end record
     * @throws IOException if the file cannot be written; nothing is left at {@code file.part} then
     */
    static void write(Path file, Journal.Snapshot journal, byte[] end) throws IOException {
        CRC32 crc = new CRC32();
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        try {
            try (OutputStream fileOut = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
                journal.copyTo(fileOut, crc);
                fileOut.write(end);
                crc.update(end);
                new DataOutputStream(fileOut).writeInt((int) crc.getValue());
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
    }
}
