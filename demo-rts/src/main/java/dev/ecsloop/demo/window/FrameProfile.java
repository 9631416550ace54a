package dev.ecsloop.demo.window;

/**
 * Where a drawn frame's real time goes, summed since the window opened: building and submitting the frame (fill,
 * buffers, draw calls, overlay: our CPU work), waiting in {@code glFinish} (GPU work still running, when the window
 * is asked to finish before swapping) and in the swap. Totals in nanoseconds; for the FPS measurements.
 */
final class FrameProfile {

    long frames;
    long submitNanos;
    long finishNanos;
    long swapNanos;

    void record(long submit, long finish, long swap) {
        frames++;
        submitNanos += submit;
        finishNanos += finish;
        swapNanos += swap;
    }

    void reset() {
        frames = 0;
        submitNanos = 0;
        finishNanos = 0;
        swapNanos = 0;
    }
}
