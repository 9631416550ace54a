package dev.ecsloop.demo.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Cursor positions from window coordinates to framebuffer pixels, on plain and scaled displays. */
class CursorScaleTest {

    @Test
    void aPlainDisplayMapsOneToOne() {
        CursorScale c = new CursorScale();
        c.framebufferSize(1280, 720);
        c.windowSize(1280, 720);
        assertEquals(100.5f, c.pixelX(100.5));
        assertEquals(7f, c.pixelY(7));
    }

    @Test
    void aScaledDisplayDoublesAndFollowsResizes() {
        CursorScale c = new CursorScale();
        c.framebufferSize(2560, 1440);
        c.windowSize(1280, 720);
        assertEquals(201f, c.pixelX(100.5));
        assertEquals(14f, c.pixelY(7));
        c.windowSize(2560, 1440);
        assertEquals(100.5f, c.pixelX(100.5), "the window grew to the framebuffer's size");
    }

    @Test
    void aMinimisedWindowCountsAsOnePixelSoTheScaleStaysFinite() {
        CursorScale c = new CursorScale();
        c.framebufferSize(0, -3);
        c.windowSize(0, 0);
        assertEquals(1, c.framebufferWidth());
        assertEquals(1, c.framebufferHeight());
        assertEquals(5f, c.pixelX(5));
        assertEquals(5f, c.pixelY(5));
    }
}
