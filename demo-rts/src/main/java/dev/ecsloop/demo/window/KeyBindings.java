package dev.ecsloop.demo.window;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_D;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F1;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F2;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F5;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_GRAVE_ACCENT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_H;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_S;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_T;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;

/**
 * What each key does in the window, as data: the window asks {@link #pressed} what a press means and
 * {@link #pan} whether a key holds a pan direction, then acts. GLFW key codes are compile-time constants, so this
 * class is tested without a window.
 *
 * <p>Map keys (T, F3, F5, B, H) are ignored while the overlay takes the keyboard (typing into the console); the
 * overlay's own keys (backquote, Escape, F1, F2) work always.
 */
final class KeyBindings {
    /** What a key press asks for. */
    enum Action {
        NONE, TIMELINE, RESTART, FOG, CONSOLE, ESCAPE, PANEL, INTERPOLATION,
        /** Follow the battle again (the camera director). */
        BATTLE,
        /** Go to the player's base. */
        BASE
    }

    private KeyBindings() {
    }

    /**
     * @param key    the GLFW key code
     * @param typing whether the overlay takes the keyboard (the console's input line has focus)
     * @return what the press asks for, or {@link Action#NONE}
     */
    static Action pressed(int key, boolean typing) {
        switch (key) {
            case GLFW_KEY_GRAVE_ACCENT:
                return Action.CONSOLE;
            case GLFW_KEY_ESCAPE:
                return Action.ESCAPE;
            case GLFW_KEY_F1:
                return Action.PANEL;
            case GLFW_KEY_F2:
                return Action.INTERPOLATION;
            default:
                break;
        }
        if (typing) {
            return Action.NONE;
        }
        return switch (key) {
            case GLFW_KEY_T -> Action.TIMELINE;
            case GLFW_KEY_F5 -> Action.RESTART;
            case GLFW_KEY_F3 -> Action.FOG;
            case GLFW_KEY_B -> Action.BATTLE;
            case GLFW_KEY_H -> Action.BASE;
            default -> Action.NONE;
        };
    }

    /**
     * Holds or releases a pan direction: WASD and the arrows. A press while typing pans nothing; a release always
     * releases, so a key held when the console opened does not stick.
     *
     * @return whether the key is a pan key
     */
    static boolean pan(CameraControl control, int key, boolean down, boolean typing) {
        if (down && typing) {
            return false;
        }
        switch (key) {
            case GLFW_KEY_A, GLFW_KEY_LEFT -> control.left = down;
            case GLFW_KEY_D, GLFW_KEY_RIGHT -> control.right = down;
            case GLFW_KEY_W, GLFW_KEY_UP -> control.up = down;
            case GLFW_KEY_S, GLFW_KEY_DOWN -> control.down = down;
            default -> {
                return false;
            }
        }
        return true;
    }
}
