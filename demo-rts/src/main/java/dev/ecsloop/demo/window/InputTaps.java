package dev.ecsloop.demo.window;

import imgui.ImGui;
import imgui.ImGuiIO;

import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.glfwGetKey;

/**
 * Keys and mouse buttons pressed since imgui's last frame, kept so that imgui sees each press. A press and its
 * release can both arrive in one event poll (a quick tap, or a slow frame); imgui 1.86 only sees key state at the
 * frame's start and would miss it, so a press shows as down for one frame, then as the key really is.
 *
 * <p>Invariant: codes outside {@code [0, GLFW_KEY_LAST]} and {@code [0, GLFW_MOUSE_BUTTON_LAST]} are ignored.
 * One thread (the window's).
 */
final class InputTaps {

    /** Keys and buttons are tracked up to these GLFW codes (GLFW_KEY_LAST, GLFW_MOUSE_BUTTON_LAST). */
    private static final int KEYS = 349;
    private static final int BUTTONS = 8;

    private final long window;
    /** Pressed since the last frame, so imgui sees them down for one frame even if already released. */
    private final boolean[] keyTaps = new boolean[KEYS];
    private final boolean[] keyHeld = new boolean[KEYS];
    private final boolean[] buttonTaps = new boolean[BUTTONS];

    /**
     * Tracks taps for one window.
     *
     * @param window the GLFW window whose real key state is read once a tap has been shown
     */
    InputTaps(long window) {
        this.window = window;
    }

    /** A key went down; kept for one frame. */
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
    void apply() {
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
}
