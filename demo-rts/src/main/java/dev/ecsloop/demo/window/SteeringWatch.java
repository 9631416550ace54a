package dev.ecsloop.demo.window;

/**
 * The camera director's turn each frame: notices whether the player moved the camera since the director last
 * left it (then the director stands down for good), tells the director the part of the screen the overlay leaves
 * free, and lets it direct. Kept apart from the window so that who steers the camera is decided, and tested,
 * without GL.
 *
 * <p>Invariant: after {@link #update} or {@link #remember()} the remembered pose is the camera's, so only a
 * change made in between (by the player's keys, mouse or minimap) counts as the player's.
 */
final class SteeringWatch {

    /** Below this viewport width the overlay covers too much for a free area: the director uses the whole view. */
    static final float NARROW = 900;

    private final Camera camera;
    private final CameraDirector director;
    /** The camera as the director left it last frame: any difference since is the player's doing. */
    private final float[] steered = new float[3];

    /**
     * Watches one camera for one director.
     *
     * @param camera   the camera both the player and the director move
     * @param director who directs it until the player takes over
     */
    SteeringWatch(Camera camera, CameraDirector director) {
        this.camera = camera;
        this.director = director;
    }

    /**
     * One frame's steering: notices the player's steering since last frame, then directs.
     *
     * @param snapshot         what is on the map this frame
     * @param seconds          real seconds since the last frame
     * @param framesUnitsFirst whether the game wants its units framed before anything else
     * @param overlay          whether an overlay is shown at all
     * @param panelOpen        whether its panel covers the left
     * @param timelineOpen     whether its timeline covers the bottom
     * @param lanes            the timeline's lanes (the loop's systems)
     */
    void update(RenderSnapshot snapshot, float seconds, boolean framesUnitsFirst, boolean overlay,
            boolean panelOpen, boolean timelineOpen, int lanes) {
        if (camera.centerX() != steered[0] || camera.centerY() != steered[1] || camera.zoom() != steered[2]) {
            director.playerTookOver();
        }
        director.setFramesUnitsFirst(framesUnitsFirst);
        float w = camera.viewportWidth();
        float h = camera.viewportHeight();
        if (!overlay || w < NARROW) {
            director.setFreeArea(0, 0, w, h);
        } else { // the part the panel (left), the minimap (right) and the timeline (bottom) leave free
            float left = panelOpen ? Overlay.PANEL_X + Overlay.PANEL_W : 0;
            float right = new MinimapLayout((int) w, 1, 1).x;
            float bottom = timelineOpen ? new TimelineLayout((int) w, (int) h, lanes).y : h;
            director.setFreeArea(left, 0, right, bottom);
        }
        director.update(snapshot, seconds);
        remember();
    }

    /**
     * Takes the camera's pose as the director's own: a move the director made at the player's request (H) is
     * no takeover.
     */
    void remember() {
        steered[0] = camera.centerX();
        steered[1] = camera.centerY();
        steered[2] = camera.zoom();
    }
}
