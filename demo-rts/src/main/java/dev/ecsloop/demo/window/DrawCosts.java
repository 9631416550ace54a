package dev.ecsloop.demo.window;

/**
 * Where a drawn frame's real time goes, summed since the window opened: submitting the scene (instance
 * buffers, draw calls: our CPU work), laying out and submitting the imgui overlay, waiting in {@code glFinish} (GPU work still running, when the window
 * is asked to finish before swapping) and in the swap. Filling the snapshot (the game's work) is kept apart. Totals in nanoseconds; for the FPS measurements.
 */
final class DrawCosts {

    long frames;
    long fillNanos;
    long submitNanos;
    long overlayNanos;
    long finishNanos;
    long swapNanos;

    void record(long fill, long submit, long overlay, long finish, long swap) {
        overlayNanos += overlay;
        frames++;
        fillNanos += fill;
        submitNanos += submit;
        finishNanos += finish;
        swapNanos += swap;
    }

    void reset() {
        frames = 0;
        fillNanos = 0;
        submitNanos = 0;
        overlayNanos = 0;
        finishNanos = 0;
        swapNanos = 0;
    }
}
