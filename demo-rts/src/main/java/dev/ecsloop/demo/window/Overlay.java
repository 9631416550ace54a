package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import imgui.ImGui;
import imgui.ImGuiInputTextCallbackData;
import imgui.callback.ImGuiInputTextCallback;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiInputTextFlags;
import imgui.flag.ImGuiKey;
import imgui.flag.ImGuiSliderFlags;
import imgui.flag.ImGuiWindowFlags;
import imgui.gl3.ImGuiImplGl3;
import imgui.glfw.ImGuiImplGlfw;
import imgui.type.ImBoolean;
import imgui.type.ImString;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The imgui overlay: a panel with the counters line, the frame-time graph, one rate slider per fixed-rate system,
 * pause/step/time-scale controls; and the console window (backquote toggles). Every control acts through
 * {@link OverlayConsole}, i.e. through console commands; the logic lives in plain classes and this one only lays
 * out widgets.
 *
 * <p>Lifecycle: created after the window's own GLFW callbacks are installed ({@code ImGuiImplGlfw.init} chains
 * them), {@link #free()} before the window is destroyed. Owned by {@link GameWindow}.
 */
final class Overlay {

    /** Where the panel sits, in pixels: fixed so that nothing else (and no test) has to guess. */
    static final float PANEL_X = 8;
    static final float PANEL_Y = 8;
    static final float PANEL_W = 460;
    static final float PANEL_H = 270;

    private final ImGuiImplGlfw glfw = new ImGuiImplGlfw();
    private final ImGuiImplGl3 gl3 = new ImGuiImplGl3();
    private final GameLoop loop;
    private final OverlayConsole console;
    private final FrameTimes frameTimes;
    private final List<Class<? extends BaseSystem>> systems;
    private final float[][] rateSliders;
    private final String[] rateLabels;
    private final float[] scaleSlider = new float[1];
    private final ImString input = new ImString(256);
    private final ImBoolean consoleOpen = new ImBoolean(false);
    private final ImGuiInputTextCallback inputCallback = new InputCallback();
    private boolean panelOpen = true;
    private boolean focusInput;
    private boolean scrollToBottom;
    private int lastLogSize;
    private String counters = "";
    private boolean countersFresh;
    private long countersRefreshed;
    private String modeLine = "";
    private String statusLine = "";

    Overlay(long window, GameLoop loop, OverlayConsole console, FrameTimes frameTimes) {
        this.loop = loop;
        this.console = console;
        this.frameTimes = frameTimes;
        this.systems = loop.systems();
        this.rateSliders = new float[systems.size()][1];
        this.rateLabels = new String[systems.size()];
        for (int i = 0; i < systems.size(); i++) {
            rateLabels[i] = systems.get(i).getSimpleName() + " Hz##rate" + i;
            rateSliders[i][0] = loop.isEveryFrame(systems.get(i)) ? 0f : (float) loop.rate(systems.get(i));
        }
        scaleSlider[0] = (float) loop.timeScale();
        ImGui.createContext();
        ImGui.getIO().setIniFilename(null); // no imgui.ini in the working directory
        glfw.init(window, true);
        gl3.init("#version 330 core");
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

    void setStatusLine(String line) {
        statusLine = line;
    }

    void setModeLine(String line) {
        modeLine = line;
    }

    boolean wantsMouse() {
        return ImGui.getIO().getWantCaptureMouse();
    }

    boolean wantsKeyboard() {
        return ImGui.getIO().getWantCaptureKeyboard();
    }

    /** Lays out and renders the overlay over what is drawn; call after the scene, before the swap. */
    void render(long realNanos) {
        glfw.newFrame();
        ImGui.newFrame();
        if (panelOpen) {
            panel(realNanos);
        }
        if (consoleOpen.get()) {
            consoleWindow();
        }
        ImGui.render();
        gl3.renderDrawData(ImGui.getDrawData());
    }

    private void panel(long realNanos) {
        if (!countersFresh || realNanos - countersRefreshed >= dev.ecsloop.LoopStats.BUCKET_NANOS) {
            countersFresh = true;
            counters = CountersLine.format(loop);
            countersRefreshed = realNanos;
        }
        ImGui.setNextWindowPos(PANEL_X, PANEL_Y, ImGuiCond.Always);
        ImGui.setNextWindowSize(PANEL_W, PANEL_H, ImGuiCond.Always);
        if (ImGui.begin("ecs-loop", ImGuiWindowFlags.NoResize | ImGuiWindowFlags.NoMove
                | ImGuiWindowFlags.NoCollapse | ImGuiWindowFlags.NoSavedSettings)) {
            ImGui.textWrapped(counters);
            if (!statusLine.isEmpty()) {
                ImGui.textUnformatted(statusLine);
            }
            ImGui.plotLines("##frames", frameTimes.values(), frameTimes.count(), frameTimes.oldest(),
                    "frame ms", 0f, Math.max(20f, frameTimes.max()), PANEL_W - 20, 50);
            for (int i = 0; i < systems.size(); i++) {
                Class<? extends BaseSystem> type = systems.get(i);
                if (loop.isEveryFrame(type)) {
                    ImGui.text(type.getSimpleName() + ": every frame");
                    continue;
                }
                ImGui.sliderFloat(rateLabels[i], rateSliders[i], LoopControls.MIN_HZ, LoopControls.MAX_HZ, "%.1f",
                        ImGuiSliderFlags.Logarithmic);
                if (ImGui.isItemDeactivatedAfterEdit()) {
                    runIfAny(LoopControls.rateCommand(loop, type, rateSliders[i][0]));
                }
                if (!ImGui.isItemActive()) { // follow the loop (typed commands too) unless being dragged
                    rateSliders[i][0] = (float) loop.rate(type);
                }
            }
            if (ImGui.button(loop.isPaused() ? "Resume" : "Pause")) {
                console.run(LoopControls.pauseCommand(loop));
            }
            ImGui.sameLine();
            if (ImGui.button("Step")) {
                console.run(LoopControls.stepCommand());
            }
            ImGui.sameLine();
            ImGui.setNextItemWidth(200);
            ImGui.sliderFloat("time scale", scaleSlider, LoopControls.MIN_SCALE, LoopControls.MAX_SCALE, "%.2f",
                    ImGuiSliderFlags.Logarithmic);
            if (ImGui.isItemDeactivatedAfterEdit()) {
                runIfAny(LoopControls.timeScaleCommand(loop, scaleSlider[0]));
            }
            if (!ImGui.isItemActive()) {
                scaleSlider[0] = (float) loop.timeScale();
            }
            ImGui.textUnformatted(modeLine);
            ImGui.textUnformatted(console.lastLine());
        }
        ImGui.end();
    }

    private void runIfAny(String command) {
        if (command != null) {
            console.run(command);
        }
    }

    private void consoleWindow() {
        ImGui.setNextWindowPos(PANEL_X, PANEL_Y + PANEL_H + 8, ImGuiCond.FirstUseEver);
        ImGui.setNextWindowSize(640, 300, ImGuiCond.FirstUseEver);
        if (ImGui.begin("console", consoleOpen, ImGuiWindowFlags.NoSavedSettings)) {
            float footer = ImGui.getFrameHeightWithSpacing();
            ImGui.beginChild("##log", 0, -footer, false);
            List<String> lines = console.log();
            for (int i = 0; i < lines.size(); i++) {
                ImGui.textUnformatted(lines.get(i));
            }
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
        gl3.dispose();
        glfw.dispose();
        ImGui.destroyContext();
    }
}
