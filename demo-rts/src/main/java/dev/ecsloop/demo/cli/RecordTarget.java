package dev.ecsloop.demo.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Claims {@code --record FILE} before the game starts, so that a recording that cannot be written fails at once,
 * in one line naming the file, rather than after a whole game: it checks the directory and the file, then creates
 * {@code FILE.part}, where the recording is written at the end before it is moved over {@code FILE}. Creating it
 * is the only test a stat cannot fake: {@code /proc} and {@code /sys} report writable directories that refuse
 * new files.
 */
final class RecordTarget {
    private RecordTarget() {
    }

    /**
     * Checks {@code file} and creates its {@code .part} file (empty), which the save at the end writes and moves.
     *
     * @return why {@code file} cannot be written, or null if it can (the {@code .part} file then exists)
     */
    static String claim(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "--record: cannot write " + file + ": no directory " + dir;
        }
        if (!Files.isWritable(dir)) {
            return "--record: cannot write " + file + ": directory " + dir + " is not writable";
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return "--record: cannot write " + file + ": it exists and is not a regular file";
        }
        Path part = part(file);
        try {
            Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
        } catch (IOException e) {
            return "--record: cannot write " + file + ": cannot create " + part + ": " + reason(e);
        }
        return null;
    }

    /** Removes the claim's empty {@code .part} file if the session ended without saving (an error, no memory). */
    static void release(Path file) {
        Path part = part(file);
        try {
            if (Files.isRegularFile(part, LinkOption.NOFOLLOW_LINKS) && Files.size(part) == 0) {
                Files.delete(part);
            }
        } catch (IOException e) {
            // Nothing to report: an empty leftover file is all that remains.
        }
    }

    /** Where {@link dev.ecsloop.replay.Recorder.Saving#writeTo} writes before moving: beside the file. */
    static Path part(Path file) {
        return file.resolveSibling(file.getFileName() + ".part");
    }

    /** What went wrong, in words: Java's file exceptions carry only the path as their message. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
