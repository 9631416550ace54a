package dev.ecsloop.demo.window;

import imgui.ImDrawList;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiWindowFlags;

/**
 * The win/lose banner shown once the match is decided: VICTORY, DEFEAT or DRAW in the outcome's colour, a line
 * saying why, and a restart button. A press on the button is kept until {@link #takeRestart()} asks, so that the
 * window, not the overlay, decides when a restart happens.
 */
final class Banner {

    private static final float WIDTH = 420;
    private static final float HEIGHT = 120;

    private boolean restartRequested;
    /** Where the restart button was last laid out: x0, y0, x1, y1 in pixels (for the window test). */
    private final float[] restartButton = new float[4];

    /**
     * Lays out the banner; inside imgui's frame, only while the match is decided.
     *
     * @param standing how the match ended; not {@link Standing#PLAYING}
     * @param w        the viewport's width in pixels
     * @param h        the viewport's height in pixels
     */
    void render(Standing standing, int w, int h) {
        float bw = WIDTH;
        float bh = HEIGHT;
        ImGui.setNextWindowPos((w - bw) / 2f, h * 0.3f - bh / 2f, ImGuiCond.Always);
        ImGui.setNextWindowSize(bw, bh, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.92f);
        if (ImGui.begin("##banner", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings)) {
            ImDrawList d = ImGui.getWindowDrawList();
            int color = standing == Standing.WON ? Palette.BANNER_WON : standing == Standing.DRAW ? 0xB0B0B0
                    : Palette.BANNER_LOST;
            float x = ImGui.getWindowPosX();
            float y = ImGui.getWindowPosY();
            d.addRectFilled(x, y, x + bw, y + 8, TimelineView.color(color, 255));
            String title = standing == Standing.WON ? "VICTORY" : standing == Standing.DRAW ? "DRAW" : "DEFEAT";
            float size = ImGui.getFontSize() * 3f;
            float titleWidth = ImGui.calcTextSize(title).x * 3f;
            d.addText(ImGui.getFont(), size, x + (bw - titleWidth) / 2f, y + 16, TimelineView.color(color, 255),
                    title);
            ImGui.setCursorPosY(16 + size + 6);
            String line = standing == Standing.WON ? "the enemy base has fallen"
                    : standing == Standing.DRAW ? "both bases fell at once" : "your base has fallen";
            ImGui.setCursorPosX((bw - ImGui.calcTextSize(line).x) / 2f);
            ImGui.textUnformatted(line);
            ImGui.setCursorPosX((bw - 120) / 2f);
            if (ImGui.button("Restart (F5)", 120, 0)) {
                restartRequested = true;
            }
            restartButton[0] = ImGui.getItemRectMinX();
            restartButton[1] = ImGui.getItemRectMinY();
            restartButton[2] = ImGui.getItemRectMaxX();
            restartButton[3] = ImGui.getItemRectMaxY();
        }
        ImGui.end();
    }

    /** Where the restart button was last laid out: x0, y0, x1, y1 in pixels; a copy. */
    float[] restartButton() {
        return restartButton.clone();
    }

    /** Whether the restart button was pressed since the last call. */
    boolean takeRestart() {
        boolean r = restartRequested;
        restartRequested = false;
        return r;
    }
}
