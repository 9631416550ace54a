package dev.ecsloop.demo.window;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;

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
    void edgeScrollingForLongNeverPushesTheMapOffScreen() {
        Camera c = new Camera();
        c.setViewport(1280, 720);
        c.setBounds(256, 256);
        c.setZoom(8);
        for (int i = 0; i < 600; i++) {   // ten seconds of panning left and up at 900 px/s
            c.panPixels(-15, -15);
        }
        assertEquals(0.4f * 1280, c.screenX(0), 1e-2, "the map's left edge stops 40% into the screen");
        assertEquals(0.4f * 720, c.screenY(0), 1e-2);
        for (int i = 0; i < 600; i++) {
            c.panPixels(15, 15);
        }
        assertEquals(0.6f * 1280, c.screenX(256), 1e-2);
        assertEquals(0.6f * 720, c.screenY(256), 1e-2);
    }

    @Test
    void zoomingOutStopsWhereTheMapStillCoversTheWholeWindow() {
        Camera c = new Camera();
        c.setViewport(1280, 720);
        c.setBounds(256, 256);
        c.lookAt(128, 128);
        c.zoomAt(640, 360, 0.01f);
        assertEquals(5f, c.zoom(), 1e-5, "1280 px over 256 cells: no border left or right");
        assertEquals(0f, c.worldX(0), 1e-3, "centred, the map covers the window");
        assertEquals(256f, c.worldX(1280), 1e-3);
    }

    @Test
    void frameShowsTheRectangleWithItsMarginAndNoCloserThanTheLimit() {
        Camera c = new Camera();
        c.setViewport(1280, 720);
        c.setBounds(256, 256);
        c.frame(40, 100, 80, 120, 5, 100);
        assertEquals(720f / 30f, c.zoom(), 1e-4);    // 30 units tall with the margins limits
        assertEquals(60f, c.centerX(), 1e-4);
        assertEquals(110f, c.centerY(), 1e-4);
        c.frame(100, 100, 100, 100, 1, 12);
        assertEquals(12f, c.zoom(), 1e-5, "a single point is framed at the closest allowed zoom");
    }

    @Property(tries = 200)
    void noSequenceOfPansZoomsAndResizesLeavesTheViewOffTheMap(
            @ForAll @Size(max = 40) List<@IntRange(min = -4000, max = 4000) Integer> moves,
            @ForAll @IntRange(min = 16, max = 512) int mapSize) {
        Camera c = new Camera();
        c.setViewport(1280, 720);
        c.setBounds(mapSize, mapSize);
        for (int i = 0; i < moves.size(); i++) {
            int m = moves.get(i);
            switch (i % 3) {
                case 0 -> c.panPixels(m, -m / 2f);
                case 1 -> c.zoomAt(Math.abs(m) % 1280, Math.abs(m) % 720, 1f + m / 1000f);
                default -> c.setViewport(200 + Math.abs(m) % 1200, 150 + Math.abs(m) % 800);
            }
            assertTrue(c.zoom() >= c.minZoom() - 1e-4, "zoom " + c.zoom() + " below " + c.minZoom());
            float visibleW = c.viewportWidth() / c.zoom();
            float visibleH = c.viewportHeight() / c.zoom();
            float eps = 1e-3f * mapSize;
            float shownW = Math.min(mapSize, c.worldX(c.viewportWidth())) - Math.max(0, c.worldX(0));
            float shownH = Math.min(mapSize, c.worldY(c.viewportHeight())) - Math.max(0, c.worldY(0));
            assertTrue(shownW >= (1 - Camera.SLACK) * visibleW - eps,
                    "map across at least 60% of the view: " + c.worldX(0) + ".." + c.worldX(c.viewportWidth()));
            assertTrue(shownH >= (1 - Camera.SLACK) * visibleH - eps,
                    "map down at least 60% of the view: " + c.worldY(0) + ".." + c.worldY(c.viewportHeight()));
        }
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
