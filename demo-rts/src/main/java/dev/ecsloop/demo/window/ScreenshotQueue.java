package dev.ecsloop.demo.window;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Pending screenshots ordered by simulated time. The window asks {@link #due(long)} once per drawn frame; plain
 * logic so the ordering is tested without GL.
 */
final class ScreenshotQueue {

    private final List<Screenshot> pending = new ArrayList<>();
    private int taken;

    void add(Screenshot s) {
        pending.add(s);
        pending.sort(Comparator.comparingLong(Screenshot::simNanos));
    }

    /** Removes and returns the earliest screenshot due at {@code simNanos}, or null if none is due yet. */
    Screenshot due(long simNanos) {
        if (pending.isEmpty() || pending.get(0).simNanos() > simNanos) {
            return null;
        }
        taken++;
        return pending.remove(0);
    }

    /** Whether a screenshot is due at {@code simNanos}, without taking it. */
    boolean isDue(long simNanos) {
        return !pending.isEmpty() && pending.get(0).simNanos() <= simNanos;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Screenshots handed out by {@link #due} so far. */
    int taken() {
        return taken;
    }
}
