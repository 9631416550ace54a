package dev.ecsloop.demo.window;

/**
 * Left button: a click or a drag selects; right button: a click orders. Tracks one left drag at a time, in screen
 * pixels, and reports in world units through the camera at release, so the camera may move during a drag.
 *
 * <p>A press that moves less than {@link #DRAG_THRESHOLD} pixels is a click and selects at a point
 * ({@code x0 == x1}); a longer one is a rectangle. Plain logic, tested without a window.
 */
final class MouseGestures {

    /** Pixels the cursor must travel before a press becomes a drag rectangle. */
    static final float DRAG_THRESHOLD = 4f;

    private final Camera camera;
    private final WindowGame game;
    private boolean pressed;
    // The drag's start in world units (so it stays on the same ground if the camera pans) and screen pixels.
    private float startWorldX;
    private float startWorldY;
    private float startScreenX;
    private float startScreenY;
    private float cursorX;
    private float cursorY;

    MouseGestures(Camera camera, WindowGame game) {
        this.camera = camera;
        this.game = game;
    }

    void move(float screenX, float screenY) {
        cursorX = screenX;
        cursorY = screenY;
    }

    void leftPress(float screenX, float screenY) {
        move(screenX, screenY);
        pressed = true;
        startScreenX = screenX;
        startScreenY = screenY;
        startWorldX = camera.worldX(screenX);
        startWorldY = camera.worldY(screenY);
    }

    void leftRelease(float screenX, float screenY) {
        move(screenX, screenY);
        if (!pressed) {
            return;
        }
        pressed = false;
        float wx = camera.worldX(screenX);
        float wy = camera.worldY(screenY);
        if (isDrag()) {
            game.onSelect(Math.min(startWorldX, wx), Math.min(startWorldY, wy),
                    Math.max(startWorldX, wx), Math.max(startWorldY, wy));
        } else {
            game.onSelect(wx, wy, wx, wy);
        }
    }

    void rightPress(float screenX, float screenY) {
        move(screenX, screenY);
        game.onOrder(camera.worldX(screenX), camera.worldY(screenY));
    }

    /** Drops a drag without selecting (focus lost, overlay took the mouse). */
    void cancel() {
        pressed = false;
    }

    /** Shows the rectangle being dragged in the snapshot, or hides it. */
    void publish(RenderSnapshot snapshot) {
        if (pressed && isDrag()) {
            snapshot.setDrag(startWorldX, startWorldY, camera.worldX(cursorX), camera.worldY(cursorY));
        } else {
            snapshot.clearDrag();
        }
    }

    private boolean isDrag() {
        return Math.abs(cursorX - startScreenX) >= DRAG_THRESHOLD || Math.abs(cursorY - startScreenY) >= DRAG_THRESHOLD;
    }
}
