package dev.ecsloop.demo;

import dev.ecsloop.demo.window.Screenshot;
import java.util.List;
import java.util.Objects;

/**
 * What the command line asks of a window.
 *
 * @param fps         frame cap in real time, 0 for none (vsync then paces)
 * @param stopAtNanos simulated time at which to close the window, or -1 to run until closed
 * @param offscreen   render through GLFW's Null platform with an EGL context: no X server needed, nothing shown
 * @param screenshots PNGs to write at simulated times
 */
public record WindowRequest(int fps, long stopAtNanos, boolean offscreen, List<Screenshot> screenshots) {

    public WindowRequest {
        if (fps < 0) {
            throw new IllegalArgumentException("fps must be 0 (uncapped) or more, was " + fps);
        }
        screenshots = List.copyOf(Objects.requireNonNull(screenshots, "screenshots"));
    }
}
