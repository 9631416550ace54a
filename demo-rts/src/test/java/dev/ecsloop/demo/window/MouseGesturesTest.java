package dev.ecsloop.demo.window;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MouseGesturesTest {

    /** Records what the gestures asked of the game. */
    static final class Recorder implements WindowGame {
        float[] select;
        float[] order;

        @Override
        public GameLoop loop() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Console console() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void fill(RenderSnapshot s) {
        }

        @Override
        public void onSelect(float x0, float y0, float x1, float y1) {
            select = new float[] {x0, y0, x1, y1};
        }

        @Override
        public void onOrder(float x, float y) {
            order = new float[] {x, y};
        }
    }

    private final Camera camera = new Camera();
    private final Recorder game = new Recorder();
    private final MouseGestures gestures = new MouseGestures(camera, game);

    MouseGesturesTest() {
        camera.setViewport(800, 600);
        camera.lookAt(40, 30);
        camera.setZoom(10); // screen (0, 0) is world (0, 0)
    }

    @Test
    void dragSelectsTheNormalisedWorldRectangle() {
        gestures.leftPress(300, 200);
        gestures.move(100, 250);
        gestures.leftRelease(100, 250);
        assertArrayEquals(new float[] {10, 20, 30, 25}, game.select, 1e-4f);
    }

    @Test
    void shortPressIsAClickThatSelectsAPoint() {
        gestures.leftPress(300, 200);
        gestures.leftRelease(302, 201);
        assertArrayEquals(new float[] {30.2f, 20.1f, 30.2f, 20.1f}, game.select, 1e-4f);
    }

    @Test
    void rightClickOrdersAtTheWorldPoint() {
        gestures.rightPress(55, 75);
        assertArrayEquals(new float[] {5.5f, 7.5f}, game.order, 1e-4f);
    }

    @Test
    void dragStartStaysOnTheSameGroundWhileTheCameraPans() {
        gestures.leftPress(100, 100);
        camera.panPixels(50, 0);
        gestures.leftRelease(100, 150);
        assertArrayEquals(new float[] {10, 10, 15, 15}, game.select, 1e-4f);
    }

    @Test
    void snapshotShowsTheRectangleOnlyWhileDragging() {
        RenderSnapshot s = new RenderSnapshot();
        gestures.leftPress(100, 100);
        gestures.publish(s);
        assertFalse(s.dragging, "no rectangle before the cursor moves past the threshold");
        gestures.move(200, 150);
        gestures.publish(s);
        assertTrue(s.dragging);
        assertEquals(20f, s.dragX1, 1e-4);
        gestures.leftRelease(200, 150);
        gestures.publish(s);
        assertFalse(s.dragging);
    }

    @Test
    void cancelledDragSelectsNothing() {
        gestures.leftPress(100, 100);
        gestures.cancel();
        gestures.leftRelease(300, 300);
        assertEquals(null, game.select);
    }
}
