package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopStats;
import dev.ecsloop.interpolate.InterpolationMode;
import imgui.ImDrawList;
import imgui.ImGui;
import imgui.ImGuiIO;
import imgui.ImGuiInputTextCallbackData;
import imgui.callback.ImGuiInputTextCallback;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiInputTextFlags;
import imgui.flag.ImGuiKey;
import imgui.flag.ImGuiSliderFlags;
import imgui.flag.ImGuiStyleVar;
import imgui.flag.ImGuiTableColumnFlags;
import imgui.flag.ImGuiTableFlags;
import imgui.flag.ImGuiTreeNodeFlags;
import imgui.flag.ImGuiWindowFlags;
import imgui.gl3.ImGuiImplGl3;
import imgui.glfw.ImGuiImplGlfw;
import imgui.type.ImBoolean;
import imgui.type.ImString;

import java.nio.charset.StandardCharsets;

import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.glfwGetKey;
import java.util.List;
import java.util.Locale;

/**
 * The imgui overlay, floating over the map: the panel (collapsible sections: the loop's controls, one row per
 * system with its rate slider and measured figures, the keys), the legend of colours and marks under it, the
 * tick timeline along the bottom ({@link TimelineView}, T), the minimap in the top-right corner, the win/lose
 * banner, and the console window
 * (backquote toggles). Every loop control acts through {@link OverlayConsole}, i.e. through console commands; the
 * logic lives in plain classes and this one only lays out widgets.
 *
 * <p>Sizes: at 1280 x 720 the panel's sections open by default fit above the timeline without scrolling; figures
 * sit in table cells sized for their widest value, so no number wraps.
 *
 * <p>Lifecycle: created after the window's own GLFW callbacks are installed ({@code ImGuiImplGlfw.init} chains
 * them), {@link #free()} before the window is destroyed. Owned by {@link GameWindow}.
 */
final class Overlay {

    /** Where the panel sits, in pixels: fixed so that nothing else (and no test) has to guess. */
    static final float PANEL_X = 8;
    static final float PANEL_Y = 8;
    static final float PANEL_W = 400;
    /** The panel's height with its default sections open, at most: it ends above the timeline at 1280 x 720. */
    static final float PANEL_MAX_H = 450;
    private static final int MINIMAP_GRID = 100;

    /** Keys and buttons are tracked up to these GLFW codes (GLFW_KEY_LAST, GLFW_MOUSE_BUTTON_LAST). */
    private static final int KEYS = 349;
    private static final int BUTTONS = 8;

    private final ImGuiImplGlfw glfw = new ImGuiImplGlfw();
    private final long window;
    /** Pressed since the last frame, so imgui sees them down for one frame even if already released. */
    private final boolean[] keyTaps = new boolean[KEYS];
    private final boolean[] keyHeld = new boolean[KEYS];
    private final boolean[] buttonTaps = new boolean[BUTTONS];
    private final ImGuiImplGl3 gl3 = new ImGuiImplGl3();
    private final GameLoop loop;
    private final WindowGame game;
    private final OverlayConsole console;
    private final FrameTimes frameTimes;
    private final TimelineView timelineView;
    private final List<Class<? extends BaseSystem>> systems;
    private final float[][] rateSliders;
    private final String[] rateLabels;
    private final String[] systemNames;
    private final String[] tickRates;
    private final String[] tickCosts;
    /** Each rate slider's value as text, beside the slider rather than under its handle; rebuilt on change. */
    private final String[] rateTexts;
    private final float[] rateShown;
    private String scaleText = "";
    private float scaleShown = Float.NaN;
    private final float[] scaleSlider = new float[1];
    private final ImString input = new ImString(256);
    private final ImBoolean consoleOpen = new ImBoolean(false);
    private final ImGuiInputTextCallback inputCallback = new InputCallback();
    private final int[][] minimapCounts = new int[2][MINIMAP_GRID * MINIMAP_GRID];
    private final MinimapPicture picture = new MinimapPicture();
    private boolean panelOpen = true;
    private boolean timelineOpen = true;
    private boolean focusInput;
    private boolean scrollToBottom;
    private int lastLogSize;
    private String status = "";
    private boolean countersFresh;
    private long countersRefreshed;
    private String modeLine = "";
    private String statusLine = "";
    private float panelHeight;
    private float panelScrollMax;
    private boolean stallRequested;
    private MinimapLayout minimap;
    /** Pixels covered by the overlay's windows in the last frame (their rectangles summed; overlaps count twice). */
    private float covered;

    Overlay(long window, WindowGame game, OverlayConsole console, FrameTimes frameTimes, TickTimeline timeline) {
        this.window = window;
        this.loop = game.loop();
        this.game = game;
        this.console = console;
        this.frameTimes = frameTimes;
        this.timelineView = new TimelineView(loop, timeline);
        this.systems = loop.systems();
        int n = systems.size();
        this.rateSliders = new float[n][1];
        this.rateLabels = new String[n];
        this.systemNames = new String[n];
        this.tickRates = new String[n];
        this.tickCosts = new String[n];
        this.rateTexts = new String[n];
        this.rateShown = new float[n];
        java.util.Arrays.fill(rateShown, Float.NaN);
        for (int i = 0; i < n; i++) {
            rateLabels[i] = "##rate" + i;
            systemNames[i] = systems.get(i).getSimpleName();
            tickRates[i] = "";
            tickCosts[i] = "";
            rateSliders[i][0] = loop.system(systems.get(i)).isEveryFrame() ? 0f : (float) loop.system(systems.get(i)).rate();
        }
        scaleSlider[0] = (float) loop.timeScale();
        ImGui.createContext();
        ImGui.getIO().setIniFilename(null); // no imgui.ini in the working directory
        glfw.init(window, true);
        gl3.init("#version 330 core");
    }

    /**
     * A key went down. A press and its release can both arrive in one event poll (a quick tap, or a slow frame);
     * imgui 1.86 only sees key state at the frame's start and would miss it, so the press is kept for one frame.
     */
    void keyPressed(int key) {
        if (key >= 0 && key < KEYS) {
            keyTaps[key] = true;
        }
    }

    /** A mouse button went down; kept for one frame like {@link #keyPressed}. */
    void buttonPressed(int button) {
        if (button >= 0 && button < BUTTONS) {
            buttonTaps[button] = true;
        }
    }

    /** Before imgui's frame: taps since the last frame show as down, keys held by a tap show as they really are. */
    private void applyTaps() {
        ImGuiIO io = ImGui.getIO();
        for (int k = 0; k < KEYS; k++) {
            if (keyHeld[k] && !keyTaps[k]) {
                io.setKeysDown(k, glfwGetKey(window, k) == GLFW_PRESS);
                keyHeld[k] = false;
            }
            if (keyTaps[k]) {
                io.setKeysDown(k, true);
                keyTaps[k] = false;
                keyHeld[k] = true;
            }
        }
        for (int b = 0; b < BUTTONS; b++) {
            if (buttonTaps[b]) {
                io.setMouseDown(b, true);
                buttonTaps[b] = false;
            }
        }
    }

    void toggleConsole() {
        consoleOpen.set(!consoleOpen.get());
        focusInput = consoleOpen.get();
    }

    boolean isConsoleOpen() {
        return consoleOpen.get();
    }

    void closeConsole() {
        consoleOpen.set(false);
    }

    void togglePanel() {
        panelOpen = !panelOpen;
    }

    boolean isPanelOpen() {
        return panelOpen;
    }

    /** Shows or hides the timeline (T toggles it); the demo opens without it, so the map has the screen. */
    void setTimelineOpen(boolean open) {
        timelineOpen = open;
    }

    /** Makes the next frame refresh the panel's figures, whatever their age: a screenshot is due. */
    void refreshNow() {
        countersFresh = false;
    }

    /**
     * The overlay's share of the frame as last drawn: its windows' rectangles summed (an overestimate where they
     * overlap). At 1280 x 720 with the demo's defaults it leaves at least two thirds of the frame to the map.
     */
    float coveredPixels() {
        return covered;
    }

    void toggleTimeline() {
        timelineOpen = !timelineOpen;
    }

    boolean isTimelineOpen() {
        return timelineOpen;
    }

    void setModeLine(String line) {
        modeLine = line;
    }

    /** The game's own counters line (a network match: turn, input delay, round trip), or empty for none. */
    void setStatusLine(String line) {
        statusLine = line;
    }

    boolean wantsMouse() {
        return ImGui.getIO().getWantCaptureMouse();
    }

    boolean wantsKeyboard() {
        return ImGui.getIO().getWantCaptureKeyboard();
    }

    /** The panel's height and how far it could scroll, as last laid out: the test checks that nothing is hidden. */
    float panelHeight() {
        return panelHeight;
    }

    /** The timeline's last tooltip, for tests. */
    String timelineTooltip() {
        return timelineView.lastTooltip();
    }

    float panelScrollMax() {
        return panelScrollMax;
    }

    /** Whether the "stall" button was pressed since the last call: the window then holds one frame back. */
    boolean takeStall() {
        boolean s = stallRequested;
        stallRequested = false;
        return s;
    }

    /**
     * Lays out and renders the overlay over what is drawn; call after the scene, before the swap.
     *
     * @param camera   moved by clicks on the minimap
     * @param snapshot what the minimap shows
     */
    void render(long realNanos, Camera camera, RenderSnapshot snapshot) {
        glfw.newFrame();
        applyTaps();
        ImGui.newFrame();
        int w = camera.viewportWidth();
        int h = camera.viewportHeight();
        covered = 0;
        if (timelineOpen) {
            timelineView.render(w, h);
            TimelineLayout t = new TimelineLayout(w, h, systems.size());
            covered += (h - t.y) * w;
        }
        if (panelOpen) {
            panel(realNanos, h);
            covered += PANEL_W * panelHeight;
            legend(w, h);
        }
        if (snapshot.mapWidth > 0) {
            minimap(camera, snapshot);
            covered += minimap.windowSize * minimap.windowSize;
        }
        Standing standing = game.standing();
        if (standing != Standing.PLAYING) {
            banner(standing, w, h);
        }
        if (consoleOpen.get()) {
            consoleWindow(w, h);
        }
        ImGui.render();
        gl3.renderDrawData(ImGui.getDrawData());
    }

    private void refreshFigures(long realNanos) {
        if (countersFresh && realNanos - countersRefreshed < LoopStats.BUCKET_NANOS) {
            return;
        }
        countersFresh = true;
        countersRefreshed = realNanos;
        LoopStats stats = loop.stats();
        status = String.format(Locale.ROOT, "%d FPS   simulated %.1f s   x%s   %s", stats.framesPerSecond(),
                loop.simulatedNanos() / 1e9, LoopControls.plain(loop.timeScale()),
                loop.isPaused() ? "PAUSED" : "running");
        for (int i = 0; i < systems.size(); i++) {
            Class<? extends BaseSystem> type = systems.get(i);
            tickRates[i] = Long.toString(stats.runsPerSecond(loop.system(type)));
            tickCosts[i] = String.format(Locale.ROOT, "%.2f", stats.meanRunMillis(loop.system(type)));
        }
    }

    private void panel(long realNanos, int viewportHeight) {
        refreshFigures(realNanos);
        ImGui.setNextWindowPos(PANEL_X, PANEL_Y, ImGuiCond.Always);
        ImGui.setNextWindowSizeConstraints(PANEL_W, 0, PANEL_W, Math.max(200, viewportHeight - 2 * PANEL_Y));
        ImGui.setNextWindowBgAlpha(0.88f);
        if (ImGui.begin("ecs-loop  (F1 hides)", ImGuiWindowFlags.NoResize | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoCollapse | ImGuiWindowFlags.NoSavedSettings
                | ImGuiWindowFlags.AlwaysAutoResize)) {
            ImGui.textUnformatted(status);
            if (!statusLine.isEmpty()) {
                ImGui.textUnformatted(statusLine);
            }
            if (ImGui.collapsingHeader("Loop", ImGuiTreeNodeFlags.DefaultOpen)) {
                loopSection();
            }
            if (ImGui.collapsingHeader("Systems", ImGuiTreeNodeFlags.DefaultOpen)) {
                systemsSection();
            }
            if (ImGui.collapsingHeader("Frame times")) {
                frameTimesSection();
            }
            if (ImGui.collapsingHeader("Keys")) {
                keysSection();
            }
            ImGui.pushTextWrapPos(PANEL_W - 12); // a long reply wraps inside the panel instead of being cut
            ImGui.textUnformatted(console.lastLine());
            ImGui.popTextWrapPos();
            panelHeight = ImGui.getWindowHeight();
            panelScrollMax = ImGui.getScrollMaxY();
        }
        ImGui.end();
    }

    private void loopSection() {
        if (ImGui.button(loop.isPaused() ? "Resume" : "Pause", 64, 0)) {
            console.run(LoopControls.pauseCommand(loop));
        }
        ImGui.sameLine();
        if (ImGui.button("Step", 44, 0)) {
            console.run(LoopControls.stepCommand());
        }
        ImGui.sameLine();
        if (ImGui.button("stall 200 ms")) {
            stallRequested = true;
        }
        if (ImGui.isItemHovered()) {
            ImGui.setTooltip("holds one frame back 200 ms of real time: the next frame catches up, and the"
                    + " timeline shows the burst");
        }
        ImGui.sameLine();
        if (ImGui.checkbox("timeline (T)", timelineOpen)) {
            timelineOpen = !timelineOpen;
        }
        if (scaleSlider[0] != scaleShown) {
            scaleShown = scaleSlider[0];
            scaleText = String.format(Locale.ROOT, "x%.2f", scaleShown);
        }
        ImGui.alignTextToFramePadding();
        ImGui.textUnformatted(scaleText);
        ImGui.sameLine();
        ImGui.setNextItemWidth(70);
        ImGui.sliderFloat("time scale", scaleSlider, LoopControls.MIN_SCALE, LoopControls.MAX_SCALE, "",
                ImGuiSliderFlags.Logarithmic);
        if (ImGui.isItemDeactivatedAfterEdit()) {
            runIfAny(LoopControls.timeScaleCommand(loop, scaleSlider[0]));
        }
        if (!ImGui.isItemActive()) {
            scaleSlider[0] = (float) loop.timeScale();
        }
        ImGui.sameLine();
        InterpolationMode mode = game.interpolation();
        ImGui.setNextItemWidth(110);
        if (ImGui.beginCombo("draw (F2)", InterpolationCycle.label(mode))) {
            for (InterpolationMode m : InterpolationMode.values()) {
                if (ImGui.selectable(InterpolationCycle.label(m), m == mode)) {
                    game.setInterpolation(m);
                }
            }
            ImGui.endCombo();
        }
    }

    private void frameTimesSection() {
        ImGui.plotLines("##frames", frameTimes.values(), frameTimes.count(), frameTimes.oldest(),
                "frame ms", 0f, Math.max(20f, frameTimes.max()), PANEL_W - 16, 40);
    }

    private void systemsSection() {
        int flags = ImGuiTableFlags.SizingFixedFit | ImGuiTableFlags.RowBg | ImGuiTableFlags.BordersInnerV;
        ImGui.pushStyleVar(ImGuiStyleVar.FramePadding, 4, 1); // compact rows: a dozen systems fit at 720 p
        ImGui.pushStyleVar(ImGuiStyleVar.CellPadding, 4, 1);
        if (!ImGui.beginTable("##systems", 4, flags, PANEL_W - 16, 0)) {
            ImGui.popStyleVar(2);
            return;
        }
        ImGui.tableSetupColumn("system", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableSetupColumn("rate Hz", ImGuiTableColumnFlags.WidthStretch);
        ImGui.tableSetupColumn("ticks/s", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableSetupColumn("ms/tick", ImGuiTableColumnFlags.WidthFixed);
        ImGui.tableHeadersRow();
        for (int i = 0; i < systems.size(); i++) {
            Class<? extends BaseSystem> type = systems.get(i);
            ImGui.tableNextRow();
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(systemNames[i]);
            ImGui.tableNextColumn();
            if (loop.system(type).isEveryFrame()) {
                ImGui.alignTextToFramePadding();
                ImGui.textDisabled("every frame");
            } else {
                if (rateSliders[i][0] != rateShown[i]) {
                    rateShown[i] = rateSliders[i][0];
                    rateTexts[i] = String.format(Locale.ROOT, "%5.1f", rateShown[i]);
                }
                ImGui.alignTextToFramePadding();
                ImGui.textUnformatted(rateTexts[i]); // the digits beside the slider, never under its handle
                ImGui.sameLine();
                ImGui.setNextItemWidth(-1);
                ImGui.sliderFloat(rateLabels[i], rateSliders[i], LoopControls.MIN_HZ, LoopControls.MAX_HZ, "",
                        ImGuiSliderFlags.Logarithmic);
                if (ImGui.isItemDeactivatedAfterEdit()) {
                    runIfAny(LoopControls.rateCommand(loop, type, rateSliders[i][0]));
                }
                if (!ImGui.isItemActive()) { // follow the loop (typed commands too) unless being dragged
                    rateSliders[i][0] = (float) loop.system(type).rate();
                }
            }
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(tickRates[i]);
            ImGui.tableNextColumn();
            ImGui.alignTextToFramePadding();
            ImGui.textUnformatted(tickCosts[i]);
        }
        ImGui.endTable();
        ImGui.popStyleVar(2);
    }

    private void keysSection() {
        ImGui.textUnformatted("WASD / arrows / screen edge   pan");
        ImGui.textUnformatted("wheel                         zoom at the cursor");
        ImGui.textUnformatted("left drag / click             select");
        ImGui.textUnformatted("right click                   move (on an enemy: attack)");
        ImGui.textUnformatted("minimap click or drag         look there");
        ImGui.textUnformatted("F1 panel   F2 interpolation   F3 fog   T timeline");
        ImGui.textUnformatted("B follow the battle   H your base   F5 restart");
        ImGui.textUnformatted("` console   Esc close console / quit");
        ImGui.textUnformatted(modeLine);
    }

    /** Height of the legend window: four lines of marks and words. */
    static final float LEGEND_H = 82;

    /**
     * What the colours and marks mean, in a strip at the bottom left (above the timeline when it is open): the
     * teams, the unit shapes, fields, routes, selection and the fog's three shades.
     */
    private void legend(int w, int h) {
        float bottom = timelineOpen ? new TimelineLayout(w, h, systems.size()).y : h;
        float y = bottom - LEGEND_H - PANEL_Y;
        if (y < PANEL_Y + panelHeight + PANEL_Y) {
            return; // no room under the panel: the Keys section says the same
        }
        ImGui.setNextWindowPos(PANEL_X, y, ImGuiCond.Always);
        ImGui.setNextWindowSize(PANEL_W, LEGEND_H, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.8f);
        if (ImGui.begin("##legend", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing
                | ImGuiWindowFlags.NoInputs)) {
            ImDrawList d = ImGui.getWindowDrawList();
            swatch(d, Palette.TEAM0, "you (team 0)");
            swatch(d, Palette.TEAM1, "enemy (team 1)");
            swatch(d, Palette.RESOURCE, "field");
            swatch(d, Palette.PATH, "route");
            ImGui.newLine();
            ImGui.textUnformatted("arrow soldier   slim arrow archer   square harvester");
            ImGui.textUnformatted("big square base   green outline selected   bar health");
            ImGui.textUnformatted("map: lit in sight, dimmed seen before, dark never seen");
            covered += PANEL_W * LEGEND_H;
        }
        ImGui.end();
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

    private void minimap(Camera camera, RenderSnapshot s) {
        if (minimap == null || minimap.x != camera.viewportWidth() - MinimapLayout.MARGIN - minimap.windowSize) {
            minimap = new MinimapLayout(camera.viewportWidth(), s.mapWidth, s.mapHeight);
        }
        MinimapLayout m = minimap;
        ImGui.setNextWindowPos(m.x, m.y, ImGuiCond.Always);
        ImGui.setNextWindowSize(m.windowSize, m.windowSize, ImGuiCond.Always);
        ImGui.setNextWindowBgAlpha(0.9f);
        if (ImGui.begin("##minimap", ImGuiWindowFlags.NoDecoration | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoSavedSettings | ImGuiWindowFlags.NoFocusOnAppearing)) {
            ImGui.invisibleButton("##minimapArea", MinimapLayout.SIZE, MinimapLayout.SIZE);
            if (ImGui.isItemActive()) { // pressed on it and held: the camera follows the cursor
                camera.lookAt(m.worldX(ImGui.getMousePosX()), m.worldY(ImGui.getMousePosY()));
            }
            drawMinimap(ImGui.getWindowDrawList(), m, camera, s);
        }
        ImGui.end();
    }

    private void drawMinimap(ImDrawList d, MinimapLayout m, Camera camera, RenderSnapshot s) {
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
        int[] team0 = minimapCounts[0];
        int[] team1 = minimapCounts[1];
        java.util.Arrays.fill(team0, 0);
        java.util.Arrays.fill(team1, 0);
        float toGrid = MINIMAP_GRID / (float) Math.max(s.mapWidth, s.mapHeight);
        for (int i = 0; i < s.unitCount; i++) {
            int gx = Math.min(MINIMAP_GRID - 1, Math.max(0, (int) (s.x[i] * toGrid)));
            int gy = Math.min(MINIMAP_GRID - 1, Math.max(0, (int) (s.y[i] * toGrid)));
            (s.team[i] == 0 ? team0 : team1)[gy * MINIMAP_GRID + gx]++;
        }
        float cell = MinimapLayout.SIZE / MINIMAP_GRID;
        float ox = m.x + MinimapLayout.PAD;
        float oy = m.y + MinimapLayout.PAD;
        int c0 = TimelineView.color(Palette.TEAM0, 255);
        int c1 = TimelineView.color(Palette.TEAM1, 255);
        for (int g = 0; g < team0.length; g++) {
            if (team0[g] == 0 && team1[g] == 0) {
                continue;
            }
            float gx = ox + (g % MINIMAP_GRID) * cell;
            float gy = oy + (g / MINIMAP_GRID) * cell;
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

    private void banner(Standing standing, int w, int h) {
        float bw = 420;
        float bh = 120;
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

    private boolean restartRequested;
    /** Where the banner's restart button was last laid out: x0, y0, x1, y1 in pixels (for the window test). */
    private final float[] restartButton = new float[4];

    float[] restartButton() {
        return restartButton.clone();
    }

    /** Whether the banner's restart button was pressed since the last call. */
    boolean takeRestart() {
        boolean r = restartRequested;
        restartRequested = false;
        return r;
    }

    private void runIfAny(String command) {
        if (command != null) {
            console.run(command);
        }
    }

    private void consoleWindow(int w, int h) {
        float cw = Math.min(w - 2 * PANEL_X, 900);
        ImGui.setNextWindowPos(PANEL_X + PANEL_W + 8 > w - cw ? PANEL_X : (w - cw) / 2f, h * 0.25f,
                ImGuiCond.FirstUseEver);
        ImGui.setNextWindowSize(cw, 320, ImGuiCond.FirstUseEver);
        ImGui.setNextWindowBgAlpha(0.96f); // text over the busy map and panel stays readable
        if (ImGui.begin("console", consoleOpen, ImGuiWindowFlags.NoSavedSettings)) {
            float footer = ImGui.getFrameHeightWithSpacing();
            ImGui.beginChild("##log", 0, -footer, false);
            List<String> lines = console.log();
            ImGui.pushTextWrapPos(0f); // wrap at the window's edge: long help lines stay readable
            for (int i = 0; i < lines.size(); i++) {
                ImGui.textUnformatted(lines.get(i));
            }
            ImGui.popTextWrapPos();
            if (scrollToBottom || lines.size() != lastLogSize) {
                ImGui.setScrollHereY(1f);
                scrollToBottom = false;
                lastLogSize = lines.size();
            }
            ImGui.endChild();
            if (focusInput) {
                ImGui.setKeyboardFocusHere();
                focusInput = false;
            }
            int flags = ImGuiInputTextFlags.EnterReturnsTrue | ImGuiInputTextFlags.CallbackHistory
                    | ImGuiInputTextFlags.CallbackCompletion | ImGuiInputTextFlags.CallbackCharFilter;
            ImGui.setNextItemWidth(-1);
            if (ImGui.inputText("##input", input, flags, inputCallback)) {
                console.submit(input.get());
                input.set("");
                focusInput = true;
                scrollToBottom = true;
            }
        }
        ImGui.end();
    }

    /** Up/Down walk the history, Tab completes, and the backquote that toggles the console is never typed. */
    private final class InputCallback extends ImGuiInputTextCallback {
        @Override
        public void accept(ImGuiInputTextCallbackData data) {
            int event = data.getEventFlag();
            if (event == ImGuiInputTextFlags.CallbackCharFilter) {
                if (data.getEventChar() == '`') {
                    data.setEventChar(0);
                }
                return;
            }
            String current = data.getBuf();
            String replaced;
            if (event == ImGuiInputTextFlags.CallbackHistory) {
                replaced = data.getEventKey() == ImGuiKey.UpArrow
                        ? console.historyUp(current) : console.historyDown(current);
            } else if (event == ImGuiInputTextFlags.CallbackCompletion) {
                replaced = console.complete(current);
            } else {
                return;
            }
            if (!replaced.equals(current)) {
                data.deleteChars(0, current.getBytes(StandardCharsets.UTF_8).length);
                data.insertChars(0, replaced);
            }
        }
    }

    /** Frees imgui's GL objects, restores the window's own callbacks, destroys the context: reverse of creation. */
    void free() {
        picture.free();
        gl3.dispose();
        glfw.dispose();
        ImGui.destroyContext();
    }
}
