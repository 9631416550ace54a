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
 */
public record WindowOptions(int width, int height, String title, boolean offscreen, boolean vsync, boolean overlay) {

    public WindowOptions {
        if (width < 64 || height < 64 || width > 16384 || height > 16384) {
            throw new IllegalArgumentException("window must be 64 to 16384 pixels a side, was " + width + "x" + height);
        }
        if (title == null) {
            title = "ecs-loop demo";
        }
    }

    /** 1280x720, on the X11 display, vsync on, overlay on. */
    public static WindowOptions defaults() {
        return new WindowOptions(1280, 720, "ecs-loop demo-rts", false, true, true);
    }

    public WindowOptions withSize(int w, int h) {
        return new WindowOptions(w, h, title, offscreen, vsync, overlay);
    }

    public WindowOptions withOffscreen(boolean off) {
        return new WindowOptions(width, height, title, off, vsync, overlay);
    }

    public WindowOptions withVsync(boolean on) {
        return new WindowOptions(width, height, title, offscreen, on, overlay);
    }

    public WindowOptions withOverlay(boolean on) {
        return new WindowOptions(width, height, title, offscreen, vsync, on);
    }
}
