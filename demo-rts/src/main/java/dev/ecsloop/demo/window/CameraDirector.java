package dev.ecsloop.demo.window;

import java.util.Locale;

/**
 * Where the camera goes when the player is not steering it. On a new map it frames the player's army; then it
 * watches for the first engagement ({@link Engagement}) and, once there is one, glides to frame it and follows
 * it as it moves. The player takes over by panning, zooming, clicking the minimap or typing {@code look}; a key
 * ({@link KeyBindings.Action#BATTLE}) hands the camera back to the battle, another
 * ({@link KeyBindings.Action#BASE}) goes to the player's base. Framing aims at the part of the screen the
 * overlay leaves free ({@link #setFreeArea}).
 *
 * <p>Plain arithmetic on a {@link Camera} and the drawn {@link RenderSnapshot}: no GL, tested without a window.
 */
final class CameraDirector {
    /** Cells of margin around what is framed. */
    static final float FRAME_MARGIN = 10f;
    /** Framing never zooms closer than this, in pixels per cell. */
    static final float FRAME_MAX_ZOOM = 16f;
    /** How fast the camera closes on the battle: the share of the distance left after one second is e^-rate. */
    static final float GLIDE_RATE = 4f;

    /** What the director is doing. */
    enum Mode {
        /** Waiting for the map and the first units, to frame the player's army. */
        START,
        /** Watching for the battle, then following it. */
        BATTLE,
        /** The player steers; the director only applies {@code look}. */
        PLAYER
    }

    private final Camera camera;
    private final Camera target = new Camera();
    private final Engagement engagement = new Engagement();
    private Mode mode = Mode.START;
    private boolean framesUnitsFirst = true;
    private boolean onBattle;
    private int fittedMapVersion = -1;
    private int mapWidth;
    private int mapHeight;
    /** A {@code look} typed before the map was drawn: x, y, zoom; applied once it is. */
    private float[] pendingLook;
    private float freeX0;
    private float freeY0;
    private float freeX1 = Float.MAX_VALUE;
    private float freeY1 = Float.MAX_VALUE;

    CameraDirector(Camera camera) {
        this.camera = camera;
    }

    /**
     * Whether a new map starts by framing the player's army (and then the battle), or shows the whole map and
     * leaves the camera to the player (a small arena shown whole, a test).
     */
    void setFramesUnitsFirst(boolean on) {
        framesUnitsFirst = on;
    }

    /** The screen rectangle the overlay leaves free, in framebuffer pixels; framing aims into it. */
    void setFreeArea(float x0, float y0, float x1, float y1) {
        freeX0 = x0;
        freeY0 = y0;
        freeX1 = x1;
        freeY1 = y1;
    }

    Mode mode() {
        return mode;
    }

    /** Whether the camera is on an engagement now. */
    boolean onBattle() {
        return onBattle;
    }

    /** A new game: the next snapshot's map is framed afresh. */
    void reset() {
        fittedMapVersion = -1;
        mode = Mode.START;
        onBattle = false;
    }

    /** The player moved the camera: the director stops steering until {@link #followBattle()}. */
    void playerTookOver() {
        if (mode != Mode.START || fittedMapVersion >= 0) {
            mode = Mode.PLAYER;
            onBattle = false;
        }
    }

    /** Hands the camera back to the director, which goes to the battle (or waits for one). */
    void followBattle() {
        mode = Mode.BATTLE;
        onBattle = false;
    }

    /**
     * Frames the player's base, and leaves the camera to the player.
     *
     * @return whether the snapshot shows the player's base
     */
    boolean goHome(RenderSnapshot s) {
        for (int i = 0; i < s.unitCount; i++) {
            if (s.kind[i] == RenderSnapshot.BASE && s.team[i] == s.viewer) {
                mode = Mode.PLAYER;
                onBattle = false;
                frame(camera, s.x[i], s.y[i], s.x[i], s.y[i]);
                return true;
            }
        }
        return false;
    }

    /**
     * The console's {@code look}: centres the camera on a world point at a zoom, or, before the map is drawn,
     * remembers it for then. The player has the camera from then on.
     *
     * @return the reply to print
     * @throws IllegalArgumentException if the zoom is outside the camera's range or the point is off the map
     */
    String look(double x, double y, double zoom, String typedX, String typedY, String typedZoom) {
        if (!(zoom >= Camera.MIN_ZOOM && zoom <= Camera.MAX_ZOOM)) {
            throw new IllegalArgumentException("[zoom] is pixels per cell and must be from " + plain(Camera.MIN_ZOOM)
                    + " (far) to " + plain(Camera.MAX_ZOOM) + " (close), was " + typedZoom);
        }
        mode = Mode.PLAYER;
        onBattle = false;
        if (mapWidth == 0) {
            pendingLook = new float[] {(float) x, (float) y, (float) zoom};
            return "will look at (" + typedX + ", " + typedY + ") once the map is drawn";
        }
        if (!(x >= 0 && y >= 0 && x <= mapWidth && y <= mapHeight)) {
            throw new IllegalArgumentException("(" + typedX + ", " + typedY + ") is off the map, which is "
                    + mapWidth + " x " + mapHeight + " cells");
        }
        camera.setZoom((float) zoom);
        camera.lookAt((float) x, (float) y);
        return String.format(Locale.ROOT, "looking at (%.1f, %.1f), %.1f px per cell", camera.centerX(),
                camera.centerY(), camera.zoom());
    }

    /** The zoom {@code look} keeps when none is typed. */
    float zoom() {
        return camera.zoom();
    }

    /**
     * Steers the camera for the frame just filled.
     *
     * @param s       what is drawn this frame
     * @param seconds real seconds since the last frame (for the glide), at most a tenth of a second is used
     */
    void update(RenderSnapshot s, float seconds) {
        if (s.mapWidth <= 0) {
            return;
        }
        if (s.mapVersion != fittedMapVersion) {
            mapWidth = s.mapWidth;
            mapHeight = s.mapHeight;
            camera.setBounds(mapWidth, mapHeight);
            camera.fit(mapWidth, mapHeight);
            fittedMapVersion = s.mapVersion;
            mode = framesUnitsFirst ? Mode.START : Mode.PLAYER;
            onBattle = false;
        }
        if (pendingLook != null) {
            camera.setZoom(pendingLook[2]);
            camera.lookAt(pendingLook[0], pendingLook[1]);
            pendingLook = null;
            mode = Mode.PLAYER;
        }
        if (mode == Mode.START && s.unitCount > 0) {
            frameArmy(s);
            mode = Mode.BATTLE;
        } else if (mode == Mode.BATTLE && engagement.find(s)) {
            frame(target, engagement.x0(), engagement.y0(), engagement.x1(), engagement.y1());
            float k = onBattle ? 1f - (float) Math.exp(-GLIDE_RATE * Math.min(0.1f, Math.max(0f, seconds))) : 1f;
            if (onBattle) {
                camera.setZoom(camera.zoom() + (target.zoom() - camera.zoom()) * k);
                camera.lookAt(camera.centerX() + (target.centerX() - camera.centerX()) * k,
                        camera.centerY() + (target.centerY() - camera.centerY()) * k);
            } else {
                camera.setZoom(target.zoom());
                camera.lookAt(target.centerX(), target.centerY());
                onBattle = true;
            }
        }
    }

    /** Frames the player's units (all units, if the player has none in sight). */
    private void frameArmy(RenderSnapshot s) {
        boolean any = false;
        for (int i = 0; i < s.unitCount && !any; i++) {
            any = s.team[i] == s.viewer;
        }
        float x0 = Float.MAX_VALUE;
        float y0 = Float.MAX_VALUE;
        float x1 = -Float.MAX_VALUE;
        float y1 = -Float.MAX_VALUE;
        for (int i = 0; i < s.unitCount; i++) {
            if (!any || s.team[i] == s.viewer) {
                x0 = Math.min(x0, s.x[i]);
                y0 = Math.min(y0, s.y[i]);
                x1 = Math.max(x1, s.x[i]);
                y1 = Math.max(y1, s.y[i]);
            }
        }
        frame(camera, x0, y0, x1, y1);
    }

    private void frame(Camera into, float x0, float y0, float x1, float y1) {
        if (into != camera) {
            into.setViewport(camera.viewportWidth(), camera.viewportHeight());
            into.setBounds(mapWidth, mapHeight);
        }
        float sx1 = Math.min(freeX1, camera.viewportWidth());
        float sy1 = Math.min(freeY1, camera.viewportHeight());
        into.frame(x0, y0, x1, y1, FRAME_MARGIN, FRAME_MAX_ZOOM, freeX0, freeY0, sx1, sy1);
    }

    private static String plain(float v) {
        return v == Math.rint(v) ? Integer.toString((int) v) : Float.toString(v);
    }
}
