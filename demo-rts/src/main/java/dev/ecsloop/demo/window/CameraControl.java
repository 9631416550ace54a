package dev.ecsloop.demo.window;

/**
 * Turns held keys, the cursor near a screen edge and wheel clicks into camera motion. Plain logic, fed by the
 * window's GLFW callbacks, so it is tested without a window.
 *
 * <p>Pan speed is in screen pixels per real second (not world units), so it feels the same at every zoom, and it
 * uses real frame time, so a paused or slowed simulation still pans smoothly.
 */
final class CameraControl {

    /** Pan speed with a key held or the cursor at an edge, pixels per second. */
    static final float PAN_SPEED = 900f;
    /** The edge band that pans, in pixels from the border. */
    static final float EDGE = 8f;
    /** Zoom factor per wheel notch. */
    static final float WHEEL_STEP = 1.15f;

    private final Camera camera;
    boolean left;
    boolean right;
    boolean up;
    boolean down;
    /** Whether the cursor pans at the edges; off while it is outside the window or the overlay holds the mouse. */
    boolean edgePan;
    float cursorX = -1;
    float cursorY = -1;

    CameraControl(Camera camera) {
        this.camera = camera;
    }

    /** Moves the camera for {@code seconds} of real time. */
    void update(float seconds) {
        float dx = 0;
        float dy = 0;
        if (left) {
            dx -= 1;
        }
        if (right) {
            dx += 1;
        }
        if (up) {
            dy -= 1;
        }
        if (down) {
            dy += 1;
        }
        if (edgePan && cursorX >= 0 && cursorY >= 0) {
            if (cursorX < EDGE) {
                dx -= 1;
            } else if (cursorX >= camera.viewportWidth() - EDGE) {
                dx += 1;
            }
            if (cursorY < EDGE) {
                dy -= 1;
            } else if (cursorY >= camera.viewportHeight() - EDGE) {
                dy += 1;
            }
        }
        dx = Math.max(-1, Math.min(1, dx));
        dy = Math.max(-1, Math.min(1, dy));
        if (dx != 0 || dy != 0) {
            camera.panPixels(dx * PAN_SPEED * seconds, dy * PAN_SPEED * seconds);
        }
    }

    /** Wheel notches (positive = away from the user = zoom in), centred on the cursor. */
    void wheel(float notches) {
        camera.zoomAt(cursorX, cursorY, (float) Math.pow(WHEEL_STEP, notches));
    }
}
