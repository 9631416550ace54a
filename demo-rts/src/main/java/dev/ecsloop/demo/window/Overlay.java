package dev.ecsloop.demo.window;

import dev.ecsloop.interpolate.InterpolationMode;
import imgui.ImGui;
import imgui.gl3.ImGuiImplGl3;
import imgui.glfw.ImGuiImplGlfw;

/**
 * The imgui overlay, floating over the map: it owns imgui's context and backends and composes its windows, the
 * panel ({@link LoopPanel}), the legend under it ({@link Legend}), the tick timeline along the bottom
 * ({@link TimelineView}, T), the minimap in the top-right corner ({@link MinimapWindow}), the win/lose banner
 * ({@link Banner}), a replay's scrubber ({@link ScrubberBar}) and the console window ({@link ConsoleWindow}, backquote toggles). Every loop control acts
 * through {@link OverlayConsole}, i.e. through console commands; the logic lives in plain classes and the windows
 * only lay out widgets.
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

    private final ImGuiImplGlfw glfw = new ImGuiImplGlfw();
    private final ImGuiImplGl3 gl3 = new ImGuiImplGl3();
    private final InputTaps taps;
    private final WindowGame game;
    private final int timelineLanes;
    private final LoopPanel panel;
    private final TimelineView timelineView;
    private final MinimapWindow minimap = new MinimapWindow();
    private final Banner banner = new Banner();
    private final ScrubberBar scrubber = new ScrubberBar();
    private final ConsoleWindow consoleWindow;
    private boolean panelOpen = true;
    private boolean timelineOpen = true;
    /** The mode the panel's line shows; follows {@link WindowGame#interpolation()} once per frame. */
    private InterpolationMode shownMode;
    /** Pixels covered by the overlay's windows in the last frame (their rectangles summed; overlaps count twice). */
    private float covered;

    Overlay(long window, WindowGame game, OverlayConsole console, FrameTimes frameTimes, TickTimeline timeline) {
        this.taps = new InputTaps(window);
        this.game = game;
        this.timelineLanes = timeline.shownLanes();
        this.panel = new LoopPanel(game, console, frameTimes);
        this.timelineView = new TimelineView(game.loop(), timeline);
        this.consoleWindow = new ConsoleWindow(console);
        ImGui.createContext();
        ImGui.getIO().setIniFilename(null); // no imgui.ini in the working directory
        glfw.init(window, true);
        gl3.init("#version 330 core");
    }

    /** A key went down; imgui sees it down for one frame even if released in the same poll ({@link InputTaps}). */
    void keyPressed(int key) {
        taps.keyPressed(key);
    }

    /** A mouse button went down; kept for one frame like {@link #keyPressed}. */
    void buttonPressed(int button) {
        taps.buttonPressed(button);
    }

    void toggleConsole() {
        consoleWindow.toggle();
    }

    boolean isConsoleOpen() {
        return consoleWindow.isOpen();
    }

    void closeConsole() {
        consoleWindow.close();
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
        panel.refreshNow();
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

    /** Shows how the map is drawn, in the panel's Keys section; formats only when the mode changes. */
    void showMode(InterpolationMode mode) {
        if (mode != shownMode) {
            panel.setModeLine("drawing: " + InterpolationCycle.label(mode));
            shownMode = mode;
        }
    }

    /**
     * The overlay's share of a key's action: T, F1 and backquote toggle its windows, Escape closes the console.
     *
     * @param action what the key means
     * @return whether the overlay took the action; if not, it is the window's (Escape with no console: quit)
     */
    boolean act(KeyBindings.Action action) {
        switch (action) {
            case TIMELINE -> toggleTimeline();
            case CONSOLE -> toggleConsole();
            case PANEL -> togglePanel();
            case ESCAPE -> {
                if (!isConsoleOpen()) {
                    return false;
                }
                closeConsole();
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The game's own counters line (a network match: turn, input delay, round trip), or empty for none. */
    void setStatusLine(String line) {
        panel.setStatusLine(line);
    }

    boolean wantsMouse() {
        return ImGui.getIO().getWantCaptureMouse();
    }

    boolean wantsKeyboard() {
        return ImGui.getIO().getWantCaptureKeyboard();
    }

    /** The panel's height and how far it could scroll, as last laid out: the test checks that nothing is hidden. */
    float panelHeight() {
        return panel.height();
    }

    /** The timeline's last tooltip, for tests. */
    String timelineTooltip() {
        return timelineView.lastTooltip();
    }

    float panelScrollMax() {
        return panel.scrollMax();
    }

    /** Whether the "stall" button was pressed since the last call: the window then holds one frame back. */
    boolean takeStall() {
        return panel.takeStall();
    }

    /** Where the banner's restart button was last laid out: x0, y0, x1, y1 in pixels (for the window test). */
    float[] restartButton() {
        return banner.restartButton();
    }

    /** Whether the banner's restart button was pressed since the last call. */
    boolean takeRestart() {
        return banner.takeRestart();
    }

    /**
     * Lays out and renders the overlay over what is drawn; call after the scene, before the swap.
     *
     * @param camera   moved by clicks on the minimap
     * @param snapshot what the minimap shows
     */
    void render(long realNanos, Camera camera, RenderSnapshot snapshot) {
        glfw.newFrame();
        taps.apply();
        ImGui.newFrame();
        int w = camera.viewportWidth();
        int h = camera.viewportHeight();
        covered = 0;
        if (timelineOpen) {
            timelineView.render(w, h);
            TimelineLayout t = new TimelineLayout(w, h, timelineLanes);
            covered += (h - t.y) * w;
        }
        if (panelOpen) {
            timelineOpen = panel.render(realNanos, h, timelineOpen);
            covered += PANEL_W * panel.height();
            float bottom = timelineOpen ? new TimelineLayout(w, h, timelineLanes).y : h;
            covered += Legend.render(bottom, panel.height(), snapshot.viewer);
        }
        if (snapshot.mapWidth > 0) {
            covered += minimap.render(camera, snapshot);
        }
        ReplayControls replay = game.replayControls();
        if (replay != null) {
            covered += scrubber.render(replay, w, timelineOpen ? new TimelineLayout(w, h, timelineLanes).y : h);
        }
        Standing standing = game.standing();
        if (standing != Standing.PLAYING) {
            banner.render(standing, w, h);
        }
        consoleWindow.render(w, h);
        ImGui.render();
        gl3.renderDrawData(ImGui.getDrawData());
    }

    /** Frees imgui's GL objects, restores the window's own callbacks, destroys the context: reverse of creation. */
    void free() {
        minimap.free();
        gl3.dispose();
        glfw.dispose();
        ImGui.destroyContext();
    }
}
