package dev.ecsloop.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Snapshot bytes to and from files, kept apart from the format: a file is written whole or not at all (a
 * temporary file moved into place), and only a regular file of at most {@link SnapshotFormat#MAX_BYTES} is read,
 * so a FIFO or a device never blocks and a huge file never fills memory.
 */
final class SnapshotFiles {

    private SnapshotFiles() {
    }

    /**
     * @param file  where to write
     * @param bytes the snapshot
     * @throws SnapshotException if the file cannot be written (one line); no temporary file is left behind
     */
    static void write(Path file, byte[] bytes) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the first failure is the one to report
            }
            throw new SnapshotException("cannot write snapshot " + file + ": " + reason(e), e);
        }
    }

    /** Why a file operation failed, in words: a file system exception's message is often only the path. */
    static String reason(Exception e) {
        if (e instanceof java.nio.file.FileSystemException f) {
            String why = f.getReason() != null ? f.getReason() : e.getClass().getSimpleName()
                    .replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
            return why + " (" + f.getFile() + ")";
        }
        return String.valueOf(e.getMessage());
    }

    /**
     * @param file a regular file
     * @return its bytes
     * @throws SnapshotException if it is missing, not a regular file, too large or unreadable (one line)
     */
    static byte[] read(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            throw new SnapshotException("cannot read snapshot " + file + ": " + (e instanceof NoSuchFileException
                    ? "no such file" : e.getMessage()));
        }
        if (!attributes.isRegularFile()) {
            throw new SnapshotException("cannot read snapshot " + file + ": not a regular file");
        }
        if (attributes.size() > SnapshotFormat.MAX_BYTES) {
            throw new SnapshotException("snapshot " + file + " is larger than " + SnapshotFormat.MAX_BYTES + " bytes");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(SnapshotFormat.MAX_BYTES + 1);
            if (bytes.length > SnapshotFormat.MAX_BYTES) {
                throw new SnapshotException("snapshot " + file + " is larger than " + SnapshotFormat.MAX_BYTES
                        + " bytes");
            }
            return bytes;
        } catch (IOException | RuntimeException e) {
            if (e instanceof SnapshotException s) {
                throw s;
            }
            throw new SnapshotException("cannot read snapshot " + file + ": " + e.getMessage(), e);
        }
    }
}
