package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CameraTest {

    private static Camera camera() {
        Camera c = new Camera();
        c.setViewport(800, 600);
        c.lookAt(32, 20);
        c.setZoom(10);
        return c;
    }

    @Test
    void viewportCentreShowsTheLookedAtPoint() {
        Camera c = camera();
        assertEquals(32f, c.worldX(400), 1e-5);
        assertEquals(20f, c.worldY(300), 1e-5);
    }

    @Test
    void screenAndWorldTransformsAreInverse() {
        Camera c = camera();
        for (float sx : new float[] {0, 13.5f, 400, 799}) {
            assertEquals(sx, c.screenX(c.worldX(sx)), 1e-3);
            assertEquals(sx, c.screenY(c.worldY(sx)), 1e-3);
        }
    }

    @Test
    void worldYGrowsDownTheScreen() {
        Camera c = camera();
        assertEquals(310f, c.screenY(21), 1e-4);
    }

    @Test
    void zoomAtKeepsTheWorldPointUnderTheCursor() {
        Camera c = camera();
        float wx = c.worldX(100);
        float wy = c.worldY(50);
        c.zoomAt(100, 50, 2.5f);
        assertEquals(25f, c.zoom(), 1e-5);
        assertEquals(wx, c.worldX(100), 1e-4);
        assertEquals(wy, c.worldY(50), 1e-4);
    }

    @Test
    void zoomIsClampedAndTheCursorPointStillStays() {
        Camera c = camera();
        float wx = c.worldX(700);
        c.zoomAt(700, 300, 1000f);
        assertEquals(Camera.MAX_ZOOM, c.zoom());
        assertEquals(wx, c.worldX(700), 1e-4);
        c.zoomAt(700, 300, 1e-6f);
        assertEquals(Camera.MIN_ZOOM, c.zoom());
    }

    @Test
    void panningIsInScreenPixelsWhateverTheZoom() {
        Camera c = camera();
        c.panPixels(100, -50);
        assertEquals(42f, c.centerX(), 1e-5);
        assertEquals(15f, c.centerY(), 1e-5);
    }

    @Test
    void fitFramesTheWholeMapCentred() {
        Camera c = new Camera();
        c.setViewport(800, 600);
        c.fit(64, 40);
        assertEquals(12.5f, c.zoom(), 1e-5);
        assertEquals(0f, c.worldX(0), 1e-4);
        assertEquals(64f, c.worldX(800), 1e-4);
        assertEquals(20f, c.worldY(300), 1e-4);
    }

    @Test
    void fitWithAnInsetFramesTheMapRightOfThePanel() {
        Camera c = new Camera();
        c.setViewport(1280, 720);
        c.fit(256, 256, 480);
        assertEquals(720f / 256f, c.zoom(), 1e-5);       // height limits: 800 px wide area, 720 tall
        assertEquals(0f, c.worldY(0), 1e-3);
        assertEquals(256f, c.worldY(720), 1e-3);
        assertEquals(128f, c.worldX(480 + 400), 1e-3);   // the map's centre at the centre of the free area
        assertTrue(c.worldX(480) < 0f, "the map starts right of the panel");
    }

    @Test
    void fitIgnoresAnInsetWiderThanHalfTheViewport() {
        Camera c = new Camera();
        c.setViewport(800, 600);
        c.fit(64, 40, 500);
        assertEquals(12.5f, c.zoom(), 1e-5);
        assertEquals(32f, c.worldX(400), 1e-4);
    }

    @Test
    void clipTransformMapsViewportCornersToClipCornersWithYUp() {
        Camera c = camera();
        float[] t = new float[4];
        c.clipTransform(t);
        float wx = c.worldX(0);
        float wy = c.worldY(0);
        assertEquals(-1f, wx * t[0] + t[2], 1e-5);
        assertEquals(1f, wy * t[1] + t[3], 1e-5);
        assertEquals(1f, c.worldX(800) * t[0] + t[2], 1e-5);
        assertEquals(-1f, c.worldY(600) * t[1] + t[3], 1e-5);
    }
}
