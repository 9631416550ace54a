package dev.ecsloop.demo.window;

/**
 * The scene's colours, as 0xRRGGBB, in one place: the shaders get them as uniforms and the window test looks for
 * them in screenshots. Chosen apart from each other and from the overlay's blues, so a pixel tells what it shows.
 */
final class Palette {

    static final int BACKGROUND = 0x141A24;
    static final int GROUND = 0x2E3B2A;
    static final int BLOCKED = 0x8A7A66;
    static final int TEAM0 = 0x2A8CFF;
    static final int TEAM1 = 0xFF4A2A;
    static final int RING = 0x7CFF6B;
    static final int PATH = 0xFFE36B;
    static final int DRAG = 0x9CFF9C;
    static final int BAR_BACK = 0x202020;
    static final int OUTLINE = 0x0A0A0E;
    static final int RESOURCE = 0xD9B640;
    static final int SHOT = 0xFFF4C0;
    static final int BANNER_WON = 0xFFD54F;
    static final int BANNER_LOST = 0xE53935;

    private Palette() {
    }

    static float r(int rgb) {
        return ((rgb >> 16) & 0xFF) / 255f;
    }

    static float g(int rgb) {
        return ((rgb >> 8) & 0xFF) / 255f;
    }

    static float b(int rgb) {
        return (rgb & 0xFF) / 255f;
    }
}
