package dev.ecsloop.demo.window;

import imgui.ImGui;
import imgui.ImGuiInputTextCallbackData;
import imgui.callback.ImGuiInputTextCallback;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiInputTextFlags;
import imgui.flag.ImGuiKey;
import imgui.flag.ImGuiWindowFlags;
import imgui.type.ImBoolean;
import imgui.type.ImString;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The console's imgui window (backquote toggles it): the log, wrapped at the window's edge and kept scrolled to
 * its end, over one input line with history (Up/Down) and completion (Tab). It only lays out widgets; the log,
 * the history and the completion live in {@link OverlayConsole}, which tests drive without a window.
 *
 * <p>Invariant: the backquote that toggles the window is never typed into the input line.
 */
final class ConsoleWindow {

    private final OverlayConsole console;
    private final ImString input = new ImString(256);
    private final ImBoolean open = new ImBoolean(false);
    private final ImGuiInputTextCallback inputCallback = new InputCallback();
    private boolean focusInput;
    private boolean scrollToBottom;
    private int lastLogSize;

    /**
     * A closed console window.
     *
     * @param console what the window shows and what its input line feeds
     */
    ConsoleWindow(OverlayConsole console) {
        this.console = console;
    }

    /** Opens the window with the input focused, or closes it. */
    void toggle() {
        open.set(!open.get());
        focusInput = open.get();
    }

    boolean isOpen() {
        return open.get();
    }

    void close() {
        open.set(false);
    }

    /**
     * Lays out the window if it is open; inside imgui's frame.
     *
     * @param w the viewport's width in pixels
     * @param h the viewport's height in pixels
     */
    void render(int w, int h) {
        if (!open.get()) {
            return;
        }
        float cw = Math.min(w - 2 * Overlay.PANEL_X, 900);
        ImGui.setNextWindowPos(Overlay.PANEL_X + Overlay.PANEL_W + 8 > w - cw ? Overlay.PANEL_X : (w - cw) / 2f,
                h * 0.25f, ImGuiCond.FirstUseEver);
        ImGui.setNextWindowSize(cw, 320, ImGuiCond.FirstUseEver);
        ImGui.setNextWindowBgAlpha(0.96f); // text over the busy map and panel stays readable
        if (ImGui.begin("console", open, ImGuiWindowFlags.NoSavedSettings)) {
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
}
