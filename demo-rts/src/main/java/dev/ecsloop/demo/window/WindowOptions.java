package dev.ecsloop.demo.window;

/**
 * How to open a {@link GameWindow}.
 *
 * @param width          framebuffer width in pixels, at least 64
 * @param height         framebuffer height in pixels, at least 64
 * @param title          the window title
 * @param offscreen      no X server: GLFW's Null platform with an EGL context (Mesa renders; nothing is shown,
 *                       screenshots still work). Otherwise X11, which needs {@code DISPLAY}
 * @param vsync          swap interval 1 (0 = as fast as possible; under Xvfb vsync does nothing anyway)
 * @param overlay        draw the imgui panel and allow the console window
 * @param fitScreen      on X11, size the window to the screen's work area (and ask the window manager to
 *                       maximise it) instead of {@code width} x {@code height}; offscreen ignores it
 */
public record WindowOptions(int width, int height, String title, boolean offscreen, boolean vsync, boolean overlay,
                            boolean fitScreen) {

    /**
     * Checks the size; a null title becomes the default one.
     *
     * @param width     pixels across, 64 to 16384
     * @param height    pixels down, 64 to 16384
     * @param title     the window's title, or null for the default
     * @param offscreen GLFW's Null platform with EGL rather than X11
     * @param vsync     swap interval 1
     * @param overlay   draw the overlay
     * @param fitScreen size the window to the screen (X11 only)
     * @throws IllegalArgumentException if a side is under 64 or over 16384 pixels
     */
    public WindowOptions {
        if (width < 64 || height < 64 || width > 16384 || height > 16384) {
            throw new IllegalArgumentException("window must be 64 to 16384 pixels a side, was " + width + "x" + height);
        }
        if (title == null) {
            title = "ecs-loop demo";
        }
    }

    /**
     * 1280x720, on the X11 display, vsync on, overlay on, not fitted to the screen.
     *
     * @return the defaults
     */
    public static WindowOptions defaults() {
        return new WindowOptions(1280, 720, "ecs-loop demo-rts", false, true, true, false);
    }

    /**
     * The same options at another size.
     *
     * @param w width in pixels
     * @param h height in pixels
     * @return the new options
     */
    public WindowOptions withSize(int w, int h) {
        return new WindowOptions(w, h, title, offscreen, vsync, overlay, fitScreen);
    }

    /**
     * The same options, offscreen or on the X11 display.
     *
     * @param off whether to render offscreen
     * @return the new options
     */
    public WindowOptions withOffscreen(boolean off) {
        return new WindowOptions(width, height, title, off, vsync, overlay, fitScreen);
    }

    /**
     * The same options with vsync on or off.
     *
     * @param on whether to wait for vertical sync
     * @return the new options
     */
    public WindowOptions withVsync(boolean on) {
        return new WindowOptions(width, height, title, offscreen, on, overlay, fitScreen);
    }

    /**
     * The same options with the overlay (panel, timeline, minimap, console) on or off.
     *
     * @param on whether to draw the overlay
     * @return the new options
     */
    public WindowOptions withOverlay(boolean on) {
        return new WindowOptions(width, height, title, offscreen, vsync, on, fitScreen);
    }

    /**
     * The same options, sized to the screen or not.
     *
     * @param on whether an X11 window takes the screen's work area
     * @return the new options
     */
    public WindowOptions withFitScreen(boolean on) {
        return new WindowOptions(width, height, title, offscreen, vsync, overlay, on);
    }
}
