package dev.ecsloop.demo.window;

import imgui.ImDrawList;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiWindowFlags;

/**
 * What the colours and marks mean, in a strip at the bottom left under the panel (above the timeline when it is
 * open): the teams, the unit shapes, fields, routes, selection and the fog's three shades. A separate window so
 * that the panel stays short enough to end above the timeline; where there is no room under the panel it is left
 * out, since the panel's Keys section says the same.
 */
final class Legend {

    /** Height of the legend window: four lines of marks and words. */
    static final float LEGEND_H = 82;
    /** The teams' colours, by team. */
    private static final int[] COLOURS = {Palette.TEAM0, Palette.TEAM1};
    /** The teams' words for a player of team 0 and of team 1 (made once: the frame allocates nothing). */
    private static final String[][] WORDS = {{"you (team 0)", "enemy (team 1)"}, {"enemy (team 0)", "you (team 1)"}};

    private Legend() {
    }

    /**
     * Lays out the legend if it fits; inside imgui's frame.
     *
     * @param bottom      where the free space under the panel ends, in pixels from the top
     * @param panelHeight the panel's height as last laid out
     * @param viewer      the team the player commands (a joiner of a match may command team 1)
     * @return the pixels it covers: {@code PANEL_W * LEGEND_H} if drawn, else 0
     */
    static float render(float bottom, float panelHeight, int viewer) {
        float y = bottom - LEGEND_H - Overlay.PANEL_Y;
        if (y < Overlay.PANEL_Y + panelHeight + Overlay.PANEL_Y) {
            return 0; // no room under the panel: the Keys section says the same
        }
        float covered = 0;
        ImGui.setNextWindowPos(Overlay.PANEL_X, y, ImGuiCond.Always);
        ImGui.setNextWindowSize(Overlay.PANEL_W, LEGEND_H, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.8f);
        if (ImGui.begin("##legend", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing
                | ImGuiWindowFlags.NoInputs)) {
            ImDrawList d = ImGui.getWindowDrawList();
            String[] words = teamWords(viewer);
            swatch(d, COLOURS[0], words[0]);
            swatch(d, COLOURS[1], words[1]);
            swatch(d, Palette.RESOURCE, "field");
            swatch(d, Palette.PATH, "route");
            ImGui.newLine();
            ImGui.textUnformatted("arrow soldier   slim arrow archer   square harvester");
            ImGui.textUnformatted("big square base   green outline selected   bar health");
            ImGui.textUnformatted("map: lit in sight, dimmed seen before, dark never seen");
            covered = Overlay.PANEL_W * LEGEND_H;
        }
        ImGui.end();
        return covered;
    }

    /**
     * @param viewer the team the player commands
     * @return what team 0 and team 1 are to that player
     */
    static String[] teamWords(int viewer) {
        return WORDS[viewer == 1 ? 1 : 0];
    }

    /** A coloured square and its meaning, on the current line. */
    private static void swatch(ImDrawList d, int rgb, String meaning) {
        float x = ImGui.getCursorScreenPosX();
        float y = ImGui.getCursorScreenPosY();
        float side = ImGui.getTextLineHeight() - 2;
        d.addRectFilled(x, y + 1, x + side, y + 1 + side, TimelineView.color(rgb, 255));
        ImGui.dummy(side, side);
        ImGui.sameLine();
        ImGui.textUnformatted(meaning);
        ImGui.sameLine(0, 14);
    }
}
