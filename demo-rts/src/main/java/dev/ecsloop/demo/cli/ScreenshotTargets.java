package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.window.Screenshot;
import dev.ecsloop.time.Durations;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks {@code --screenshot FILE@SECONDS} before the window opens, so that a screenshot that could never be
 * written is refused at once, in one line, instead of silently missing after the whole run: one due after
 * {@code --seconds} ends the game, a directory as the file, a folder that does not exist (it is not created: a
 * typo would otherwise scatter folders), a folder that cannot be written.
 */
final class ScreenshotTargets {
    private ScreenshotTargets() {
    }

    /**
     * @param shots       the screenshots asked for
     * @param stopAtNanos {@code --seconds}, or null
     * @return why the first bad one cannot be taken, or null if all can
     */
    static String problem(List<Screenshot> shots, Long stopAtNanos) {
        for (Screenshot shot : shots) {
            String spec = "--screenshot " + shot.file() + "@" + Durations.seconds(shot.simNanos());
            if (stopAtNanos != null && shot.simNanos() > stopAtNanos) {
                return spec + ": the game ends at --seconds " + Durations.seconds(stopAtNanos)
                        + ", before it is due";
            }
            Path file = shot.file();
            if (Files.isDirectory(file)) {
                return spec + ": " + file + " is a directory";
            }
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file)) {
                return spec + ": " + file + " exists and is not a regular file";
            }
            Path dir = file.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                return spec + ": no directory " + dir + " (it is not created: make it first)";
            }
            if (!Files.isWritable(dir)) {
                return spec + ": directory " + dir + " is not writable";
            }
        }
        return null;
    }
}
