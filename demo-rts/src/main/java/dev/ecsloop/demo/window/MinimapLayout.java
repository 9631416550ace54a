package dev.ecsloop.demo.window;

/**
 * Where the minimap sits and how its pixels map to the world: a square in the top-right corner, the whole map
 * scaled into it (letterboxed when the map is not square). Plain arithmetic, shared by the drawing, the click
 * handling and the window test that clicks it.
 */
final class MinimapLayout {

    /** The square's side in pixels. */
    static final float SIZE = 200;
    static final float MARGIN = 8;
    static final float PAD = 6;

    final float x;
    final float y;
    final float windowSize;
    final float scale;
    final float mapX;
    final float mapY;

    /**
     * @param viewportWidth window width in pixels
     * @param mapWidth      map cells across, at least 1
     * @param mapHeight     map cells down, at least 1
     */
    MinimapLayout(int viewportWidth, int mapWidth, int mapHeight) {
        this.windowSize = SIZE + 2 * PAD;
        this.x = viewportWidth - MARGIN - windowSize;
        this.y = MARGIN;
        this.scale = SIZE / Math.max(mapWidth, mapHeight);
        this.mapX = x + PAD + (SIZE - mapWidth * scale) / 2f;
        this.mapY = y + PAD + (SIZE - mapHeight * scale) / 2f;
    }

    float screenX(float worldX) {
        return mapX + worldX * scale;
    }

    float screenY(float worldY) {
        return mapY + worldY * scale;
    }

    float worldX(float screenX) {
        return (screenX - mapX) / scale;
    }

    float worldY(float screenY) {
        return (screenY - mapY) / scale;
    }
}
