package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Assumptions;

import java.awt.AWTException;
import java.awt.Robot;
import java.awt.event.InputEvent;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Real input events for window tests: java.awt.Robot sends them through the X server's XTEST extension, so the
 * window receives them exactly as it would from a person's mouse and keyboard (GLFW callbacks, imgui and all).
 * Each call returns once the X server has taken the events.
 */
final class RealInput {

    private final Robot robot;

    private RealInput(Robot robot) {
        this.robot = robot;
    }

    /** A robot on the test's display, or the test skipped (failed in CI) when none can be had. */
    static RealInput orSkip() {
        try {
            Robot robot = new Robot();
            robot.setAutoWaitForIdle(false);
            return new RealInput(robot);
        } catch (AWTException | java.awt.HeadlessException | SecurityException e) {
            if (System.getenv("CI") != null) {
                fail("CI is set but no X input robot can be had: " + e);
            }
            Assumptions.abort("no X input robot (XTEST) here: " + e);
            throw new IllegalStateException(e); // unreachable
        }
    }

    /** Moves the pointer to a screen point (window origin plus framebuffer pixels, no scaling under Xvfb). */
    void move(int x, int y) {
        robot.mouseMove(x, y);
    }

    /** Presses and releases the left button at a screen point. */
    void click(int x, int y) {
        robot.mouseMove(x, y);
        robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
        robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
    }

    /** Presses the left button at a screen point and keeps it down. */
    void press(int x, int y) {
        robot.mouseMove(x, y);
        robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
    }

    void release() {
        robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
    }

    /** Presses and releases a key ({@link java.awt.event.KeyEvent} code). */
    void key(int keyCode) {
        robot.keyPress(keyCode);
        robot.keyRelease(keyCode);
    }
}
