package dev.ecsloop.demo.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Checks {@code --record FILE} before the game starts, so a typo in the directory fails at once, in one line,
 * rather than after a whole game when the file is written.
 */
final class RecordTarget {
    private RecordTarget() {
    }

    /**
     * @return why {@code file} cannot be written, or null if it can
     */
    static String problem(Path file) {
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
        return null;
    }
}
