package dev.ecsloop.demo.window;

/**
 * A 2D orthographic camera: which world point sits at the centre of the viewport, and how many pixels one world
 * unit (one cell) spans. No rotation, so world rectangles stay screen rectangles.
 *
 * <p>Screen coordinates are framebuffer pixels with (0, 0) at the top-left, y down, like GLFW's cursor. World y
 * also grows downwards, so no axis flips between the two; only clip space (y up) flips, in {@link #clipTransform}.
 *
 * <p>Bounds: once {@link #setBounds} names the map, every move keeps the view on it: the zoom never goes below the
 * one at which the map covers the whole viewport, and the view may pass the map's edge by at most {@link #SLACK}
 * of its own size, so a unit in a map corner can still be brought out from under the overlay's panels while at
 * least the rest of the screen shows map. Edge scrolling or a hard zoom can never push the map off screen.
 *
 * <p>Invariants: {@code MIN_ZOOM <= zoom() <= MAX_ZOOM}; viewport sides are at least 1 pixel;
 * {@code worldToScreen(screenToWorld(p)) == p} up to float rounding; with bounds set, the view's centre lies in
 * the map.
 */
final class Camera {

    static final float MIN_ZOOM = 0.5f;
    static final float MAX_ZOOM = 128f;
    /** How far past the map's edge the view may go, as a fraction of the visible width or height. */
    static final float SLACK = 0.4f;

    private float centerX;
    private float centerY;
    private float zoom = 8f;
    private int viewportWidth = 1;
    private int viewportHeight = 1;
    private float boundsWidth;
    private float boundsHeight;

    void setViewport(int width, int height) {
        viewportWidth = Math.max(1, width);
        viewportHeight = Math.max(1, height);
        clamp();
    }

    /** Keeps the view on the map {@code [0, width) x [0, height)} from now on; sizes of 0 or less lift the bounds. */
    void setBounds(float width, float height) {
        boundsWidth = Math.max(0, width);
        boundsHeight = Math.max(0, height);
        clamp();
    }

    void lookAt(float worldX, float worldY) {
        centerX = worldX;
        centerY = worldY;
        clamp();
    }

    void setZoom(float pixelsPerUnit) {
        zoom = clampZoom(pixelsPerUnit);
        clamp();
    }

    /**
     * Frames the world rectangle {@code [x0, x1] x [y0, y1]} with {@code margin} world units around it, no closer
     * than {@code maxZoom} pixels per unit (so a lone unit is not blown up to fill the screen).
     */
    void frame(float x0, float y0, float x1, float y1, float margin, float maxZoom) {
        frame(x0, y0, x1, y1, margin, maxZoom, 0, 0, viewportWidth, viewportHeight);
    }

    /**
     * Like {@link #frame(float, float, float, float, float, float)}, but into the screen rectangle
     * {@code [sx0, sx1] x [sy0, sy1]} rather than the whole viewport: the part the overlay leaves free. Bounds
     * still apply, so near a map corner the rectangle's centre is approached as far as they allow.
     */
    void frame(float x0, float y0, float x1, float y1, float margin, float maxZoom,
               float sx0, float sy0, float sx1, float sy1) {
        float w = Math.max(1e-3f, x1 - x0 + 2 * margin);
        float h = Math.max(1e-3f, y1 - y0 + 2 * margin);
        float sw = Math.max(1, sx1 - sx0);
        float sh = Math.max(1, sy1 - sy0);
        zoom = clampZoom(Math.min(maxZoom, Math.min(sw / w, sh / h)));
        lookAt((x0 + x1) / 2f - ((sx0 + sx1) / 2f - viewportWidth / 2f) / zoom,
                (y0 + y1) / 2f - ((sy0 + sy1) / 2f - viewportHeight / 2f) / zoom);
    }

    /** Frames the rectangle {@code [0, width) x [0, height)} whole and centred (as far as bounds allow). */
    void fit(float width, float height) {
        setZoom(Math.min(viewportWidth / width, viewportHeight / height));
        lookAt(width / 2f, height / 2f);
    }

    /** Moves the view by a distance in screen pixels (so panning speed feels the same at every zoom). */
    void panPixels(float dx, float dy) {
        centerX += dx / zoom;
        centerY += dy / zoom;
        clamp();
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
        clamp();
    }

    /** Pulls the centre back so the view stays on the map (see the class comment); no-op without bounds. */
    private void clamp() {
        zoom = clampZoom(zoom);
        if (boundsWidth > 0) {
            centerX = clampAxis(centerX, boundsWidth, viewportWidth / zoom);
        }
        if (boundsHeight > 0) {
            centerY = clampAxis(centerY, boundsHeight, viewportHeight / zoom);
        }
    }

    private static float clampAxis(float center, float extent, float visible) {
        if (Float.isNaN(center)) {
            return extent / 2f;
        }
        // The centre may come within (1/2 - SLACK) of a view from either edge of the map.
        float half = visible / 2f - SLACK * visible;
        float lo = Math.min(half, extent - half);
        float hi = Math.max(half, extent - half);
        return Math.max(lo, Math.min(hi, center));
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

    private float clampZoom(float z) {
        float min = minZoom();
        return Float.isNaN(z) ? min : Math.max(min, Math.min(MAX_ZOOM, z));
    }

    /** The smallest zoom allowed now: {@link #MIN_ZOOM}, or with bounds the zoom at which the map covers the view. */
    float minZoom() {
        if (boundsWidth <= 0 || boundsHeight <= 0) {
            return MIN_ZOOM;
        }
        return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.max(viewportWidth / boundsWidth,
                viewportHeight / boundsHeight)));
    }
}
