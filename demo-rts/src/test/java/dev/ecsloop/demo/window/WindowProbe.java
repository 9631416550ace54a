package dev.ecsloop.demo.window;

import java.nio.file.Path;

/** Test access to a window's insides for window tests outside this package (the RTS's own, in the demo package). */
public final class WindowProbe {

    private WindowProbe() {
    }

    /** The window's top-left corner on the screen. */
    public static int[] position(GameWindow window) {
        return window.position();
    }

    /** The banner's restart button as last laid out: x0, y0, x1, y1 in window pixels. */
    public static float[] restartButton(GameWindow window) {
        return window.overlay().restartButton();
    }

    /** Opens a window or skips the test as the other window tests do. */
    public static GameWindow openOrSkip(WindowOptions options, WindowGame game) {
        return WindowTest.openOrSkip(options, game);
    }

    /** Where window tests write their screenshots. */
    public static Path out() {
        return WindowTest.OUT;
    }

    /** Pixels within {@code 3} per channel of a colour, inside a rectangle. */
    public static int count(java.awt.image.BufferedImage image, int rgb, int x0, int y0, int x1, int y1) {
        int n = 0;
        for (int y = Math.max(0, y0); y < Math.min(image.getHeight(), y1); y++) {
            for (int x = Math.max(0, x0); x < Math.min(image.getWidth(), x1); x++) {
                if (WindowTest.Scan.near(image.getRGB(x, y) & 0xFFFFFF, rgb)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Pixels the overlay's windows covered in the last frame drawn (their rectangles summed). */
    public static float overlayPixels(GameWindow window) {
        return window.overlay().coveredPixels();
    }

    /** Whether the camera director is on an engagement. */
    public static boolean onBattle(GameWindow window) {
        return window.director().onBattle();
    }

    /** The teams' colours, 0 and 1. */
    public static int teamColor(int team) {
        return team == 0 ? Palette.TEAM0 : Palette.TEAM1;
    }

    /** The minimap's picture as laid out for a map: x0, y0, x1, y1 in window pixels. */
    public static float[] minimapPicture(int viewportWidth, int mapWidth, int mapHeight) {
        MinimapLayout m = new MinimapLayout(viewportWidth, mapWidth, mapHeight);
        return new float[] {m.mapX, m.mapY, m.screenX(mapWidth), m.screenY(mapHeight)};
    }

    /** The banner's colour for a win. */
    public static int wonColor() {
        return Palette.BANNER_WON;
    }

    /** A real input robot, or the test skipped. */
    public static Input input() {
        RealInput input = RealInput.orSkip();
        return new Input() {
            @Override
            public void press(int x, int y) {
                input.press(x, y);
            }

            @Override
            public void release() {
                input.release();
            }
        };
    }

    /** Mouse presses and releases sent through the X server. */
    public interface Input {
        void press(int x, int y);

        void release();
    }
}
