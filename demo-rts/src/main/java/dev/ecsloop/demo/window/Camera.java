package dev.ecsloop.demo.window;

/**
 * A 2D orthographic camera: which world point sits at the centre of the viewport, and how many pixels one world
 * unit (one cell) spans. No rotation, so world rectangles stay screen rectangles.
 *
 * <p>Screen coordinates are framebuffer pixels with (0, 0) at the top-left, y down, like GLFW's cursor. World y
 * also grows downwards, so no axis flips between the two; only clip space (y up) flips, in {@link #clipTransform}.
 *
 * <p>Invariants: {@code MIN_ZOOM <= zoom() <= MAX_ZOOM}; viewport sides are at least 1 pixel;
 * {@code worldToScreen(screenToWorld(p)) == p} up to float rounding.
 */
final class Camera {

    static final float MIN_ZOOM = 0.5f;
    static final float MAX_ZOOM = 128f;

    private float centerX;
    private float centerY;
    private float zoom = 8f;
    private int viewportWidth = 1;
    private int viewportHeight = 1;

    void setViewport(int width, int height) {
        viewportWidth = Math.max(1, width);
        viewportHeight = Math.max(1, height);
    }

    void lookAt(float worldX, float worldY) {
        centerX = worldX;
        centerY = worldY;
    }

    void setZoom(float pixelsPerUnit) {
        zoom = clampZoom(pixelsPerUnit);
    }

    /** Frames the rectangle {@code [0, width) x [0, height)} whole and centred. */
    void fit(float width, float height) {
        fit(width, height, 0);
    }

    /**
     * Frames the rectangle {@code [0, width) x [0, height)} whole and centred in the part of the screen right of
     * {@code leftInset} pixels, so a panel along the left edge hides none of it. An inset over half the viewport
     * is ignored: on a small window the map matters more than the panel.
     */
    void fit(float width, float height, float leftInset) {
        float inset = leftInset > viewportWidth / 2f ? 0 : Math.max(0, leftInset);
        setZoom(Math.min((viewportWidth - inset) / width, viewportHeight / height));
        lookAt(width / 2f - inset / 2f / zoom, height / 2f);
    }

    /** Moves the view by a distance in screen pixels (so panning speed feels the same at every zoom). */
    void panPixels(float dx, float dy) {
        centerX += dx / zoom;
        centerY += dy / zoom;
    }

    /**
     * Multiplies the zoom by {@code factor} keeping the world point under the screen point fixed, as map viewers
     * do for the mouse wheel. At the zoom limits the factor is clamped and the point still stays put.
     */
    void zoomAt(float screenX, float screenY, float factor) {
        float wx = worldX(screenX);
        float wy = worldY(screenY);
        zoom = clampZoom(zoom * factor);
        // Solve worldX(screenX) == wx for the new centre.
        centerX = wx - (screenX - viewportWidth / 2f) / zoom;
        centerY = wy - (screenY - viewportHeight / 2f) / zoom;
    }

    float worldX(float screenX) {
        return centerX + (screenX - viewportWidth / 2f) / zoom;
    }

    float worldY(float screenY) {
        return centerY + (screenY - viewportHeight / 2f) / zoom;
    }

    float screenX(float worldX) {
        return (worldX - centerX) * zoom + viewportWidth / 2f;
    }

    float screenY(float worldY) {
        return (worldY - centerY) * zoom + viewportHeight / 2f;
    }

    /**
     * World to clip space as {@code clip = world * (sx, sy) + (tx, ty)}, written to {@code out[0..3]} as
     * {@code sx, sy, tx, ty}: four floats are the whole transform of an unrotated orthographic camera.
     */
    void clipTransform(float[] out) {
        float sx = 2f * zoom / viewportWidth;
        float sy = -2f * zoom / viewportHeight;
        out[0] = sx;
        out[1] = sy;
        out[2] = -centerX * sx;
        out[3] = -centerY * sy;
    }

    float centerX() {
        return centerX;
    }

    float centerY() {
        return centerY;
    }

    float zoom() {
        return zoom;
    }

    int viewportWidth() {
        return viewportWidth;
    }

    int viewportHeight() {
        return viewportHeight;
    }

    private static float clampZoom(float z) {
        return Float.isNaN(z) ? MIN_ZOOM : Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, z));
    }
}
