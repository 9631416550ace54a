package dev.ecsloop.demo.window;

import imgui.ImDrawList;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiWindowFlags;

import java.util.Arrays;

/**
 * The minimap in the top-right corner: the map's picture (or, for a game without one, the units counted on a
 * coarse grid, each cell in its majority team's colour) and the camera's rectangle; pressing on it and dragging
 * moves the camera there. Its geometry is {@link MinimapLayout}, computed without a window.
 *
 * <p>Owns the picture's GL texture: {@link #free()} before imgui's GL objects go.
 */
final class MinimapWindow {

    private static final int GRID = 100;

    private final int[][] counts = new int[2][GRID * GRID];
    private final MinimapPicture picture = new MinimapPicture();
    private MinimapLayout layout;

    /**
     * Lays out the minimap; inside imgui's frame, only for a snapshot with a map.
     *
     * @param camera moved by a press on the minimap
     * @param s      what the minimap shows
     * @return the pixels its window covers
     */
    float render(Camera camera, RenderSnapshot s) {
        if (layout == null || layout.x != camera.viewportWidth() - MinimapLayout.MARGIN - layout.windowSize) {
            layout = new MinimapLayout(camera.viewportWidth(), s.mapWidth, s.mapHeight);
        }
        MinimapLayout m = layout;
        ImGui.setNextWindowPos(m.x, m.y, ImGuiCond.Always);
        ImGui.setNextWindowSize(m.windowSize, m.windowSize, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.9f);
        if (ImGui.begin("##minimap", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing)) {
            ImGui.invisibleButton("##minimapArea", MinimapLayout.SIZE, MinimapLayout.SIZE);
            if (ImGui.isItemActive()) { // pressed on it and held: the camera follows the cursor
                camera.lookAt(m.worldX(ImGui.getMousePosX()), m.worldY(ImGui.getMousePosY()));
            }
            draw(ImGui.getWindowDrawList(), m, camera, s);
        }
        ImGui.end();
        return m.windowSize * m.windowSize;
    }

    private void draw(ImDrawList d, MinimapLayout m, Camera camera, RenderSnapshot s) {
        float x1 = m.screenX(s.mapWidth);
        float y1 = m.screenY(s.mapHeight);
        if (s.minimapSide > 0) {
            picture.update(s);
            d.addImage(picture.texture(), m.mapX, m.mapY, x1, y1, 0, 0, picture.u(s), picture.v(s));
            d.addRect(m.mapX - 1, m.mapY - 1, x1 + 1, y1 + 1, TimelineView.color(0x808890, 255)); // the map's edge
            drawCameraRect(d, m, camera, x1, y1);
            return;
        }
        d.addRectFilled(m.mapX, m.mapY, x1, y1, TimelineView.color(Palette.GROUND, 255));
        int[] team0 = counts[0];
        int[] team1 = counts[1];
        Arrays.fill(team0, 0);
        Arrays.fill(team1, 0);
        float toGrid = GRID / (float) Math.max(s.mapWidth, s.mapHeight);
        for (int i = 0; i < s.unitCount; i++) {
            int gx = Math.min(GRID - 1, Math.max(0, (int) (s.x[i] * toGrid)));
            int gy = Math.min(GRID - 1, Math.max(0, (int) (s.y[i] * toGrid)));
            (s.team[i] == 0 ? team0 : team1)[gy * GRID + gx]++;
        }
        float cell = MinimapLayout.SIZE / GRID;
        float ox = m.x + MinimapLayout.PAD;
        float oy = m.y + MinimapLayout.PAD;
        int c0 = TimelineView.color(Palette.TEAM0, 255);
        int c1 = TimelineView.color(Palette.TEAM1, 255);
        for (int g = 0; g < team0.length; g++) {
            if (team0[g] == 0 && team1[g] == 0) {
                continue;
            }
            float gx = ox + (g % GRID) * cell;
            float gy = oy + (g / GRID) * cell;
            d.addRectFilled(gx - 0.5f, gy - 0.5f, gx + cell + 0.5f, gy + cell + 0.5f,
                    team1[g] > team0[g] ? c1 : c0);
        }
        drawCameraRect(d, m, camera, x1, y1);
    }

    private static void drawCameraRect(ImDrawList d, MinimapLayout m, Camera camera, float x1, float y1) {
        float vx0 = Math.max(m.mapX, m.screenX(camera.worldX(0)));
        float vy0 = Math.max(m.mapY, m.screenY(camera.worldY(0)));
        float vx1 = Math.min(x1, m.screenX(camera.worldX(camera.viewportWidth())));
        float vy1 = Math.min(y1, m.screenY(camera.worldY(camera.viewportHeight())));
        d.addRect(vx0, vy0, vx1, vy1, TimelineView.color(0xFFFFFF, 230), 0f, 0, 1.5f);
    }

    /** Frees the picture's texture. */
    void free() {
        picture.free();
    }
}
