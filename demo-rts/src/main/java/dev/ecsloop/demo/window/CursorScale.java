package dev.ecsloop.demo.window;

/**
 * From window coordinates, in which GLFW reports the cursor, to framebuffer pixels, in which everything else
 * (camera, gestures, overlay) works; the two differ on a scaled (HiDPI) display. Follows both sizes as GLFW
 * reports them; plain arithmetic, so it is tested without a window.
 *
 * <p>Invariant: both sizes are at least 1 pixel (a minimised window reports 0), so the scale is finite.
 */
final class CursorScale {

    private int framebufferWidth = 1;
    private int framebufferHeight = 1;
    private int windowWidth = 1;
    private int windowHeight = 1;
    private float scaleX = 1;
    private float scaleY = 1;

    /** The framebuffer's new size in pixels; below 1 counts as 1. */
    void framebufferSize(int w, int h) {
        framebufferWidth = Math.max(1, w);
        framebufferHeight = Math.max(1, h);
        update();
    }

    /** The window's new size in screen coordinates; below 1 counts as 1. */
    void windowSize(int w, int h) {
        windowWidth = Math.max(1, w);
        windowHeight = Math.max(1, h);
        update();
    }

    int framebufferWidth() {
        return framebufferWidth;
    }

    int framebufferHeight() {
        return framebufferHeight;
    }

    /** A cursor x in window coordinates, in framebuffer pixels. */
    float pixelX(double x) {
        return (float) x * scaleX;
    }

    /** A cursor y in window coordinates, in framebuffer pixels. */
    float pixelY(double y) {
        return (float) y * scaleY;
    }

    private void update() {
        scaleX = framebufferWidth / (float) windowWidth;
        scaleY = framebufferHeight / (float) windowHeight;
    }
}
