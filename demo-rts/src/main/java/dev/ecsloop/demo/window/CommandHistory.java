package dev.ecsloop.demo.window;

import java.util.ArrayList;
import java.util.List;

/**
 * Shell-style history for the overlay console: Up walks back through earlier lines, Down forward, and walking
 * past the newest line gives back what was being typed before browsing started (the draft).
 *
 * <p>Invariants: at most {@link #LIMIT} entries, oldest dropped first; no blank entry; no entry equal to the one
 * before it; {@code 0 <= cursor <= size}, where {@code cursor == size} means "the draft".
 */
final class CommandHistory {

    static final int LIMIT = 200;

    private final List<String> entries = new ArrayList<>();
    private int cursor;
    private String draft = "";

    /** Records a submitted line and resets browsing to the draft position. */
    void add(String line) {
        String trimmed = line.strip();
        if (!trimmed.isEmpty() && (entries.isEmpty() || !entries.get(entries.size() - 1).equals(trimmed))) {
            entries.add(trimmed);
            if (entries.size() > LIMIT) {
                entries.remove(0);
            }
        }
        cursor = entries.size();
        draft = "";
    }

    /**
     * The line to show after Up, given what the input holds now; stays on the oldest entry at the top.
     */
    String up(String current) {
        if (entries.isEmpty()) {
            return current;
        }
        if (cursor == entries.size()) {
            draft = current;
        }
        cursor = Math.max(0, cursor - 1);
        return entries.get(cursor);
    }

    /** The line to show after Down: the next newer entry, or the draft past the newest. */
    String down(String current) {
        if (cursor >= entries.size()) {
            return current;
        }
        cursor++;
        return cursor == entries.size() ? draft : entries.get(cursor);
    }

    int size() {
        return entries.size();
    }
}
