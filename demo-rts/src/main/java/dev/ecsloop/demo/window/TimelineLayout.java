package dev.ecsloop.demo.window;

/**
 * Where the tick timeline sits on screen, in framebuffer pixels: a strip along the bottom of the window, one
 * header row, one row of frame bands, one lane per system, and a time axis. Plain arithmetic, so the drawing and
 * the window test that reads the screenshot agree on every pixel.
 *
 * <p>The plot's x axis is simulated time: the right edge is now, the left edge {@link #SPAN_NANOS} earlier.
 */
final class TimelineLayout {

    /** The simulated time shown: two seconds, enough for several ticks of a 5 Hz system. */
    static final long SPAN_NANOS = 2_000_000_000L;
    static final float MARGIN = 8;
    static final float PAD = 8;
    static final float HEADER = 20;
    static final float FRAME_ROW = 14;
    /** Lane height with up to {@link #ROOMY_LANES} systems; more get {@link #COMPACT_LANE}, to stay short. */
    static final float LANE = 24;
    static final float COMPACT_LANE = 16;
    static final int ROOMY_LANES = 6;
    static final float AXIS = 18;
    static final float LABEL = 228;

    final float x;
    final float y;
    final float width;
    final float height;
    final float plotX0;
    final float plotX1;
    final float framesTop;
    final float lanesTop;
    /** This layout's lane height: {@link #LANE} or {@link #COMPACT_LANE}. */
    final float lane;
    private final int lanes;

    /**
     * @param viewportWidth  window width in pixels
     * @param viewportHeight window height in pixels
     * @param lanes          systems shown, one lane each
     */
    TimelineLayout(int viewportWidth, int viewportHeight, int lanes) {
        this.lanes = lanes;
        this.lane = lanes <= ROOMY_LANES ? LANE : COMPACT_LANE;
        this.x = MARGIN;
        this.width = Math.max(LABEL + 100, viewportWidth - 2 * MARGIN);
        this.height = 2 * PAD + HEADER + FRAME_ROW + lanes * lane + AXIS;
        this.y = viewportHeight - MARGIN - height;
        this.plotX0 = x + PAD + LABEL;
        this.plotX1 = x + width - PAD;
        this.framesTop = y + PAD + HEADER;
        this.lanesTop = framesTop + FRAME_ROW;
    }

    /** Top pixel row of lane {@code i}. */
    float laneTop(int i) {
        return lanesTop + i * lane;
    }

    /** The row of lane {@code i}'s tick marks' middle. */
    float laneMiddle(int i) {
        return laneTop(i) + lane / 2f;
    }

    float lanesBottom() {
        return laneTop(lanes);
    }

    /** The lane under screen row {@code sy}, or -1. */
    int laneAt(float sy) {
        if (sy < lanesTop || sy >= lanesBottom()) {
            return -1;
        }
        return (int) ((sy - lanesTop) / lane);
    }

    /** Screen x of simulated instant {@code at} when the right edge is {@code now}. */
    float xOf(long at, long now) {
        return plotX1 - (float) ((double) (now - at) / SPAN_NANOS * (plotX1 - plotX0));
    }

    /** Pixels per simulated second. */
    float pixelsPerSecond() {
        return (plotX1 - plotX0) * 1e9f / SPAN_NANOS;
    }
}
