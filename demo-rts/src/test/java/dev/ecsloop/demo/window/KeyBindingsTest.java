package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F1;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F2;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F5;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_GRAVE_ACCENT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_H;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_Q;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_T;

import dev.ecsloop.demo.window.KeyBindings.Action;
import org.junit.jupiter.api.Test;

/** The window's key map, without a window. */
class KeyBindingsTest {

    @Test
    void mapKeysActWhenNotTyping() {
        assertEquals(Action.TIMELINE, KeyBindings.pressed(GLFW_KEY_T, false));
        assertEquals(Action.RESTART, KeyBindings.pressed(GLFW_KEY_F5, false));
        assertEquals(Action.FOG, KeyBindings.pressed(GLFW_KEY_F3, false));
        assertEquals(Action.BATTLE, KeyBindings.pressed(GLFW_KEY_B, false));
        assertEquals(Action.BASE, KeyBindings.pressed(GLFW_KEY_H, false));
        assertEquals(Action.NONE, KeyBindings.pressed(GLFW_KEY_Q, false));
    }

    @Test
    void typingIntoTheConsoleLeavesMapKeysToTheText() {
        for (int key : new int[] {GLFW_KEY_T, GLFW_KEY_F5, GLFW_KEY_F3, GLFW_KEY_B, GLFW_KEY_H}) {
            assertEquals(Action.NONE, KeyBindings.pressed(key, true), "key " + key);
        }
    }

    @Test
    void overlayKeysWorkAlways() {
        for (boolean typing : new boolean[] {false, true}) {
            assertEquals(Action.CONSOLE, KeyBindings.pressed(GLFW_KEY_GRAVE_ACCENT, typing));
            assertEquals(Action.ESCAPE, KeyBindings.pressed(GLFW_KEY_ESCAPE, typing));
            assertEquals(Action.PANEL, KeyBindings.pressed(GLFW_KEY_F1, typing));
            assertEquals(Action.INTERPOLATION, KeyBindings.pressed(GLFW_KEY_F2, typing));
        }
    }

    @Test
    void panKeysHoldUntilReleasedAndAReleaseWhileTypingStillReleases() {
        CameraControl control = new CameraControl(new Camera());
        assertTrue(KeyBindings.pan(control, GLFW_KEY_A, true, false));
        assertTrue(control.left);
        assertTrue(KeyBindings.pan(control, GLFW_KEY_A, false, true));
        assertFalse(control.left, "released though the console took the keyboard meanwhile");
        assertFalse(KeyBindings.pan(control, GLFW_KEY_RIGHT, true, true), "typing does not pan");
        assertFalse(control.right);
        assertFalse(KeyBindings.pan(control, GLFW_KEY_Q, true, false));
    }
}
