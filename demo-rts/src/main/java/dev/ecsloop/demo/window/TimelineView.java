package dev.ecsloop.demo.window;

import dev.ecsloop.GameLoop;
import imgui.ImColor;
import imgui.ImDrawList;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiWindowFlags;

import java.util.Locale;

/**
 * Draws the {@link TickTimeline} as an imgui window along the bottom of the screen: the last two simulated
 * seconds, one lane per system with a mark at each tick's simulated instant, a row of frame bands above them
 * (alternating shades; amber where a frame caught up several ticks of one system at once, red where the
 * catch-up bound cut it), pause and step markers, hollow marks where a throttled system dropped a run, and the
 * debt owed. Hovering a mark shows the system, its instant and its cost; hovering a frame band shows the frame.
 *
 * <p>With more than one worker, a lane per thread follows the systems' lanes ("loop thread: chunks, jobs",
 * "worker 1", ...; {@link WorkTimeline}): at each tick that ran a parallel-for or submitted an async job, a bar
 * in the system's colour, starting at the tick's simulated instant and as long as the thread was busy with it
 * (real time drawn at the axis's scale), so uneven sharing shows as bars of unequal length. Jobs are outlined.
 *
 * <p>Strings drawn every frame (lane names, axis labels) are built when they change, not per frame.
 */
final class TimelineView {

    /** Lane colours, distinct from each other and from the overlay's blues; the window test looks for them. */
    static final int[] LANE_COLORS = {0x4FC3F7, 0xFFB74D, 0xCE93D8, 0x81C784, 0xF06292, 0xFFF176, 0x4DD0E1,
        0xBCAAA4, 0xFF8A65, 0xAED581, 0x9FA8DA, 0xF48FB1};
    static final int BAND_A = 0x2A2F3A;
    static final int BAND_B = 0x3A4150;
    static final int BURST = 0xE0A030;
    static final int BOUND_HIT = 0xE04040;
    static final int STEP = 0xFFFFFF;

    private static final long AXIS_STEP = 500_000_000L;
    private static final int LABEL_SLOTS = 8;

    private final GameLoop loop;
    private final TickTimeline timeline;
    private final String[] laneNames;
    private final String[] threadNames;
    private final double[] laneRates;
    private final boolean[] everyFrame;
    private final long[] axisKeys = new long[LABEL_SLOTS];
    private final String[] axisLabels = new String[LABEL_SLOTS];
    private String header = "";
    private long headerKey = Long.MIN_VALUE;
    private TimelineLayout layout;
    /** The last tooltip shown, for tests; built only while hovering. */
    private String lastTooltip = "";
    private int layoutWidth;
    private int layoutHeight;

    TimelineView(GameLoop loop, TickTimeline timeline) {
        this.loop = loop;
        this.timeline = timeline;
        this.laneNames = new String[timeline.laneCount()];
        this.laneRates = new double[timeline.laneCount()];
        this.everyFrame = new boolean[timeline.laneCount()];
        java.util.Arrays.fill(laneRates, Double.NaN);
        this.threadNames = new String[timeline.work.threads];
        for (int t = 0; t < threadNames.length; t++) {
            threadNames[t] = t == 0 ? "loop thread: chunks, jobs" : "worker " + t;
        }
        java.util.Arrays.fill(axisKeys, Long.MIN_VALUE);
    }

    String lastTooltip() {
        return lastTooltip;
    }

    /** The layout for this viewport, rebuilt only when the window is resized. */
    TimelineLayout layout(int viewportWidth, int viewportHeight) {
        if (layout == null || viewportWidth != layoutWidth || viewportHeight != layoutHeight) {
            layout = new TimelineLayout(viewportWidth, viewportHeight, timeline.shownLanes());
            layoutWidth = viewportWidth;
            layoutHeight = viewportHeight;
        }
        return layout;
    }

    static int color(int rgb, int alpha) {
        return ImColor.rgba((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, alpha);
    }

    /** Lays out and draws the timeline window for a viewport of the given size. */
    void render(int viewportWidth, int viewportHeight) {
        TimelineLayout l = layout(viewportWidth, viewportHeight);
        ImGui.setNextWindowPos(l.x, l.y, ImGuiCond.Always);
        ImGui.setNextWindowSize(l.width, l.height, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.92f);
        if (ImGui.begin("tick timeline", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing)) {
            ImGui.invisibleButton("##timeline", l.width - 2 * TimelineLayout.PAD, l.height - 2 * TimelineLayout.PAD);
            boolean hovered = ImGui.isItemHovered();
            draw(ImGui.getWindowDrawList(), l, hovered);
        }
        ImGui.end();
    }

    private void draw(ImDrawList d, TimelineLayout l, boolean hovered) {
        long now = loop.simulatedNanos();
        long from = now - TimelineLayout.SPAN_NANOS;
        int lanes = timeline.laneCount();
        d.addText(l.x + TimelineLayout.PAD, l.y + TimelineLayout.PAD, color(0xFFFFFF, 255), header(now));
        legend(d, l);
        // Lane backgrounds, names and rates.
        for (int i = 0; i < lanes; i++) {
            float top = l.laneTop(i);
            d.addRectFilled(l.plotX0, top + 1, l.plotX1, top + l.lane - 1,
                    color(i % 2 == 0 ? 0x181B22 : 0x1E222B, 255));
            float mid = top + l.lane / 2f;
            d.addRectFilled(l.x + TimelineLayout.PAD, mid - 5, l.x + TimelineLayout.PAD + 8, mid + 5,
                    color(LANE_COLORS[i % LANE_COLORS.length], 255));
            d.addText(l.x + TimelineLayout.PAD + 14, mid - 7, color(0xE0E0E0, 255), laneName(i));
        }
        for (int t = 0; t < threadNames.length; t++) {
            float top = l.laneTop(lanes + t);
            d.addRectFilled(l.plotX0, top + 1, l.plotX1, top + l.lane - 1, color(t % 2 == 0 ? 0x141820 : 0x1A1E27, 255));
            float mid = top + l.lane / 2f;
            d.addRect(l.x + TimelineLayout.PAD, mid - 5, l.x + TimelineLayout.PAD + 8, mid + 5, color(0xC0C0C0, 255),
                    0f, 0, 1f);
            d.addText(l.x + TimelineLayout.PAD + 14, mid - 7, color(0xC8C8C8, 255), threadNames[t]);
        }
        if (threadNames.length > 0) {
            d.addLine(l.x + TimelineLayout.PAD, l.laneTop(lanes), l.plotX1, l.laneTop(lanes), color(0x808080, 160),
                    1f);
        }
        d.addText(l.x + TimelineLayout.PAD + 14, l.framesTop, color(0xA0A0A0, 255), "frames");
        // Grid every 100 ms of simulated time, labelled every 500 ms; it scrolls with time.
        d.pushClipRect(l.plotX0, l.y, l.plotX1 + 1, l.y + l.height);
        for (long t = Math.floorDiv(from, 100_000_000L) * 100_000_000L; t <= now; t += 100_000_000L) {
            float gx = l.xOf(t, now);
            boolean major = t % AXIS_STEP == 0;
            d.addLine(gx, l.framesTop, gx, l.lanesBottom(), color(0x808080, major ? 90 : 35), 1f);
            if (major && t >= 0 && gx >= l.plotX0 && gx + 44 <= l.plotX1) {
                d.addText(gx + 3, l.lanesBottom() + 2, color(0xA0A0A0, 255), axisLabel(t));
            }
        }
        drawFrames(d, l, now, from);
        drawEvents(d, l, now, from);
        drawTicks(d, l, now, from);
        drawWork(d, l, now, from);
        d.popClipRect();
        if (hovered) {
            hover(d, l, now);
        }
    }

    /** Swatches at the header's right: what the frame row's colours and the special marks mean. */
    private static void legend(ImDrawList d, TimelineLayout l) {
        float y = l.y + TimelineLayout.PAD + 2;
        float x = l.plotX1 - 580;
        x = swatch(d, x, y, BAND_B, "frame");
        x = swatch(d, x, y, BURST, "catch-up burst");
        x = swatch(d, x, y, BOUND_HIT, "cut by the catch-up bound");
        d.addRect(x, y + 1, x + 8, y + 10, color(0xC0C0C0, 220), 0f, 0, 1f);
        d.addText(x + 12, y - 2, color(0xA0A0A0, 255), "dropped run");
        x += 110;
        d.addTriangleFilled(x, y + 1, x + 10, y + 1, x + 5, y + 10, color(STEP, 255));
        d.addText(x + 14, y - 2, color(0xA0A0A0, 255), "step");
    }

    private static float swatch(ImDrawList d, float x, float y, int rgb, String label) {
        d.addRectFilled(x, y + 1, x + 10, y + 10, color(rgb, 255));
        d.addText(x + 14, y - 2, color(0xA0A0A0, 255), label);
        return x + 14 + label.length() * 7 + 14;
    }

    private void drawFrames(ImDrawList d, TimelineLayout l, long now, long from) {
        for (int lane = 0; lane < everyFrame.length; lane++) {
            @SuppressWarnings("unchecked")
            Class<? extends com.artemis.BaseSystem> type = (Class<? extends com.artemis.BaseSystem>) timeline.lane(lane);
            everyFrame[lane] = loop.system(type).isEveryFrame();
        }
        float top = l.framesTop + 2;
        float bottom = l.framesTop + TimelineLayout.FRAME_ROW - 2;
        for (int k = 0; k < timeline.frameCount; k++) {
            int f = timeline.frame(k);
            if (timeline.frameEnd[f] < from) {
                break;
            }
            float x0 = l.xOf(Math.max(from, timeline.frameStart[f]), now);
            float x1 = l.xOf(timeline.frameEnd[f], now);
            int c = timeline.frameNumber[f] % 2 == 0 ? BAND_A : BAND_B;
            boolean burst = timeline.frameLong[f] && timeline.frameBurst[f] >= 2;
            if (timeline.frameCapped[f]) {
                c = BOUND_HIT;
            } else if (burst) {
                c = BURST;
            }
            d.addRectFilled(x0, top, Math.max(x0 + 1, x1), bottom, color(c, 255));
            for (int lane = 0; lane < everyFrame.length; lane++) {
                if (everyFrame[lane]) { // every-frame systems run once at each frame's end
                    float ex = Math.round(x1);
                    d.addRectFilled(ex - 1, l.laneTop(lane) + 4, ex + 1, l.laneTop(lane) + l.lane - 4,
                            color(LANE_COLORS[lane % LANE_COLORS.length], 150));
                }
            }
            if (burst || timeline.frameCapped[f]) {
                d.addRectFilled(x0, l.lanesTop, Math.max(x0 + 1, x1), l.lanesBottom(), color(c, 40));
            }
        }
    }

    private void drawEvents(ImDrawList d, TimelineLayout l, long now, long from) {
        for (int k = 0; k < timeline.eventCount; k++) {
            int e = timeline.event(k);
            long at = timeline.eventAt[e];
            if (at < from) {
                break;
            }
            float ex = l.xOf(at, now);
            byte kind = timeline.eventKind[e];
            if (kind == TickTimeline.STEP) {
                d.addTriangleFilled(ex - 5, l.framesTop, ex + 5, l.framesTop, ex, l.framesTop + 8, color(STEP, 255));
            } else {
                int c = kind == TickTimeline.PAUSE ? 0xFFFFFF : 0x80FF80;
                for (float y = l.framesTop; y < l.lanesBottom(); y += 6) {
                    d.addLine(ex, y, ex, Math.min(y + 3, l.lanesBottom()), color(c, 200), 1f);
                }
                d.addText(ex + 3, l.framesTop - 1, color(c, 255), kind == TickTimeline.PAUSE ? "pause" : "resume");
            }
        }
    }

    private void drawTicks(ImDrawList d, TimelineLayout l, long now, long from) {
        for (int k = 0; k < timeline.tickCount; k++) {
            int i = timeline.tick(k);
            long at = timeline.tickAt[i];
            if (at < from - TimelineLayout.SPAN_NANOS) {
                break; // older than the window by a whole span: throttled ghosts may lag, nothing else
            }
            if (at < from || at > now) {
                continue;
            }
            int lane = timeline.tickLane[i];
            float x = Math.round(l.xOf(at, now));
            float inset = l.lane > TimelineLayout.COMPACT_LANE ? 4 : 2;
            float top = l.laneTop(lane) + inset;
            float bottom = l.laneTop(lane) + l.lane - inset;
            int c = LANE_COLORS[lane % LANE_COLORS.length];
            if (timeline.tickDropped[i]) {
                d.addRect(x - 2, top + 3, x + 2, bottom - 3, color(c, 160), 0f, 0, 1f);
            } else if (timeline.tickFrame[i] < 0) {
                d.addRectFilled(x - 1, top, x + 1, bottom, color(c, 255));
                d.addRect(x - 3, top - 2, x + 3, bottom + 2, color(STEP, 255), 0f, 0, 1f);
            } else {
                d.addRectFilled(x - 1, top, x + 1, bottom, color(c, 255));
            }
        }
    }

    /** The worker lanes' bars: each from its tick's instant, as long as the thread was busy with that tick. */
    private void drawWork(ImDrawList d, TimelineLayout l, long now, long from) {
        WorkTimeline w = timeline.work;
        int lanes = timeline.laneCount();
        for (int k = 0; k < w.count; k++) {
            int e = w.entry(k);
            if (w.at[e] < from - TimelineLayout.SPAN_NANOS) {
                break;
            }
            if (w.at[e] > now) {
                continue;
            }
            float x0 = Math.round(l.xOf(w.at[e], now));
            float x1 = x0 + barWidth(l, w.busy[e]);
            if (x1 < l.plotX0) {
                continue;
            }
            float top = l.laneTop(lanes + w.thread[e]) + 3;
            float bottom = l.laneTop(lanes + w.thread[e]) + l.lane - 3;
            int c = LANE_COLORS[w.lane[e] % LANE_COLORS.length];
            if (w.chunks[e] == 0) {
                d.addRect(x0, top, x1, bottom, color(c, 255), 0f, 0, 1f);
            } else {
                d.addRectFilled(x0, top, x1, bottom, color(c, 230));
            }
        }
    }

    /** A busy time's bar length: real time at the axis's scale, at least 2 pixels so every bar shows. */
    static float barWidth(TimelineLayout l, long busyNanos) {
        return Math.max(2f, busyNanos / 1e9f * l.pixelsPerSecond());
    }

    private void hover(ImDrawList d, TimelineLayout l, long now) {
        float mx = ImGui.getMousePosX();
        float my = ImGui.getMousePosY();
        int lane = l.laneAt(my);
        if (lane >= timeline.laneCount()) {
            int e = workAt(l, lane - timeline.laneCount(), mx, now);
            if (e >= 0) {
                lastTooltip = workTip(e);
                ImGui.setTooltip(lastTooltip);
            }
        } else if (lane >= 0) {
            int best = -1;
            float bestDx = 5f;
            for (int k = 0; k < timeline.tickCount; k++) {
                int i = timeline.tick(k);
                if (timeline.tickLane[i] != lane) {
                    continue;
                }
                float dx = Math.abs(l.xOf(timeline.tickAt[i], now) - mx);
                if (dx < bestDx) {
                    bestDx = dx;
                    best = i;
                }
                if (timeline.tickAt[i] < now - 2 * TimelineLayout.SPAN_NANOS) {
                    break;
                }
            }
            if (best >= 0) {
                float bx = Math.round(l.xOf(timeline.tickAt[best], now));
                d.addRect(bx - 3, l.laneTop(lane) + 1, bx + 3, l.laneTop(lane) + l.lane - 1, color(0xFFFFFF, 255),
                        0f, 0, 1.5f);
                lastTooltip = tickTip(best);
                ImGui.setTooltip(lastTooltip);
            }
        } else if (my >= l.framesTop && my < l.lanesTop) {
            for (int k = 0; k < timeline.frameCount; k++) {
                int f = timeline.frame(k);
                if (l.xOf(timeline.frameStart[f], now) <= mx && mx <= l.xOf(timeline.frameEnd[f], now) + 0.5f) {
                    lastTooltip = frameTip(f);
                    ImGui.setTooltip(lastTooltip);
                    break;
                }
                if (timeline.frameEnd[f] < now - TimelineLayout.SPAN_NANOS) {
                    break;
                }
            }
        }
    }

    /** The newest worker-lane entry of {@code thread} under screen column {@code mx}, or -1. */
    int workAt(TimelineLayout l, int thread, float mx, long now) {
        WorkTimeline w = timeline.work;
        for (int k = 0; k < w.count; k++) {
            int e = w.entry(k);
            if (w.at[e] < now - 2 * TimelineLayout.SPAN_NANOS) {
                break;
            }
            float x0 = Math.round(l.xOf(w.at[e], now));
            if (w.thread[e] == thread && x0 - 2 <= mx && mx <= x0 + barWidth(l, w.busy[e]) + 2) {
                return e;
            }
        }
        return -1;
    }

    /** What a worker-lane entry says when hovered. */
    String workTip(int e) {
        WorkTimeline w = timeline.work;
        StringBuilder sb = new StringBuilder(128);
        sb.append(w.thread[e] == 0 ? "loop thread" : "worker " + w.thread[e]).append('\n')
                .append(timeline.lane(w.lane[e]).getSimpleName())
                .append(String.format(Locale.ROOT, " tick at %.6f s simulated\n", w.at[e] / 1e9));
        if (w.chunks[e] > 0) {
            sb.append(w.chunks[e]).append(w.chunks[e] == 1 ? " chunk" : " chunks");
        }
        if (w.jobs[e] > 0) {
            sb.append(w.chunks[e] > 0 ? ", " : "").append(w.jobs[e]).append(w.jobs[e] == 1 ? " async job" : " async jobs");
        }
        return sb.append(String.format(Locale.ROOT, ", %.3f ms busy", w.busy[e] / 1e6)).toString();
    }

    private String tickTip(int i) {
        String name = timeline.lane(timeline.tickLane[i]).getSimpleName();
        String at = String.format(Locale.ROOT, "%.6f s", timeline.tickAt[i] / 1e9);
        if (timeline.tickDropped[i]) {
            return name + "\ndropped run due at " + at + "\n(throttled: at most one run per frame)";
        }
        return name + "\ntick at " + at + " simulated\ncost " + String.format(Locale.ROOT, "%.3f ms",
                timeline.tickCost[i] / 1e6) + (timeline.tickFrame[i] < 0 ? "\nran by a single-step"
                : "\nframe #" + timeline.tickFrame[i]);
    }

    private String frameTip(int f) {
        StringBuilder sb = new StringBuilder(128);
        sb.append("frame #").append(timeline.frameNumber[f]).append(String.format(Locale.ROOT,
                "\nsimulated %.4f .. %.4f s (%.1f ms)", timeline.frameStart[f] / 1e9, timeline.frameEnd[f] / 1e9,
                (timeline.frameEnd[f] - timeline.frameStart[f]) / 1e6));
        sb.append("\nmost ticks of one system: ").append(timeline.frameBurst[f]);
        if (timeline.frameCapped[f]) {
            sb.append("\ncut by the catch-up bound");
        }
        if (timeline.frameDebt[f] > 0) {
            sb.append(String.format(Locale.ROOT, "\ndebt owed after it: %.1f ms", timeline.frameDebt[f] / 1e6));
        }
        return sb.toString();
    }

    private String laneName(int i) {
        Class<?> type = timeline.lane(i);
        @SuppressWarnings("unchecked")
        Class<? extends com.artemis.BaseSystem> system = (Class<? extends com.artemis.BaseSystem>) type;
        double rate = loop.system(system).isEveryFrame() ? 0 : loop.system(system).rate();
        if (laneNames[i] == null || rate != laneRates[i]) {
            laneRates[i] = rate;
            String hz = rate == 0 ? "every frame" : (rate == Math.rint(rate) ? Long.toString((long) rate)
                    : Double.toString(rate)) + " Hz";
            laneNames[i] = type.getSimpleName() + "  " + hz + (rate != 0 && loop.system(system).isThrottled()
                    ? " (throttled)" : "");
        }
        return laneNames[i];
    }

    private String axisLabel(long t) {
        long key = t / AXIS_STEP;
        int slot = (int) Math.floorMod(key, (long) LABEL_SLOTS);
        if (axisKeys[slot] != key) {
            axisKeys[slot] = key;
            axisLabels[slot] = String.format(Locale.ROOT, "%.1f s", t / 1e9);
        }
        return axisLabels[slot];
    }

    /** The header: what is shown, plus paused / debt state; rebuilt only when that state changes. */
    private String header(long now) {
        long debtMs = loop.debtNanos() / 1_000_000L;
        long key = (loop.isPaused() ? 1L : 0L) | (debtMs << 1);
        if (key != headerKey) {
            headerKey = key;
            header = "tick timeline: last 2 s of simulated time (T hides; hover a tick)"
                    + (loop.isPaused() ? "   PAUSED" : "") + (debtMs > 0 ? "   debt owed " + debtMs + " ms" : "");
        }
        return header;
    }
}
