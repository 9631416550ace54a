package dev.ecsloop.demo.window;

import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiWindowFlags;

/**
 * The replay's scrubber, along the bottom of the map right of the panel's legend (on top of the tick timeline
 * when that is open): a play/pause
 * button and a slider over the replay's simulated time. Clicking the slider or dragging it and letting go seeks
 * there, forward or backward ({@link ReplayControls#seek}); while it is not held it follows the replay. A refused
 * seek shows its one line under the slider until the next seek.
 *
 * <p>Allocates nothing per frame except when the player seeks.
 */
final class ScrubberBar {
    /** The bar's height in pixels, and its margin from the window's edges. */
    static final float HEIGHT = 56;
    static final float MARGIN = 8;

    private final float[] value = new float[1];
    private String message = "";
    /** Whether the slider was held in the last frame: it then shows where the player drags, not the replay. */
    private boolean held;

    /**
     * Lays the bar out; call between {@code ImGui.newFrame} and {@code ImGui.render}.
     *
     * @param replay the replay
     * @param w      viewport width in pixels
     * @param bottom the y the bar ends at (the timeline's top, or the window's bottom)
     * @return the pixels it covers
     */
    float render(ReplayControls replay, int w, float bottom) {
        float left = left(w);
        float width = w - left - MARGIN;
        ImGui.setNextWindowPos(left, bottom - HEIGHT - MARGIN, ImGuiCond.Always);
        ImGui.setNextWindowSize(width, HEIGHT, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.85f);
        if (ImGui.begin("##replay", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing)) {
            if (ImGui.button(replay.paused() ? "Play" : "Pause", 64, 0)) {
                replay.setPaused(!replay.paused());
            }
            ImGui.sameLine();
            ImGui.setNextItemWidth(width - 96);
            float end = replay.stopNanos() / 1e9f;
            if (!held) {
                value[0] = replay.positionNanos() / 1e9f;
            }
            ImGui.sliderFloat("##time", value, 0f, end, "%.1f s");
            held = ImGui.isItemActive();
            if (ImGui.isItemDeactivatedAfterEdit()) {
                long at = Math.max(0, Math.min(replay.stopNanos(), Math.round(value[0] * 1e9)));
                message = seek(replay, at);
            }
            ImGui.textUnformatted(message);
        }
        ImGui.end();
        return width * HEIGHT;
    }

    /** Where the bar starts: right of the panel and its legend, or at the margin in a narrow window. */
    static float left(int w) {
        float beside = Overlay.PANEL_X + Overlay.PANEL_W + MARGIN;
        return w - beside >= 400 ? beside : MARGIN;
    }

    /** Seeks and returns the line to show: the seek's own, or the one line it was refused with. */
    static String seek(ReplayControls replay, long at) {
        try {
            return replay.seek(at);
        } catch (IllegalArgumentException e) {
            return "error: " + e.getMessage();
        }
    }
}
