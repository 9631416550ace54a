package dev.ecsloop.demo.window;

import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs a real window on the X11 display (Xvfb + Mesa llvmpipe in CI) with the synthetic game, takes two
 * screenshots half a simulated second apart and checks what they show: ground, obstacles and both teams drawn,
 * and the units moved right between them.
 *
 * <p>Skipped where no display server can be had, except in CI (env {@code CI} set), where that is a failure:
 * CI runs the suite under {@code xvfb-run}, so a missing display there means the window layer went untested.
 */
@ExtendWith(SaysWhySkipped.class)
class WindowTest {

    /** Where window tests write their screenshots; created here, since a screenshot never creates a folder. */
    static final Path OUT = created(Path.of("target", "window-test"));

    private static Path created(Path dir) {
        try {
            return java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
    /** For {@link Scan#of(BufferedImage, int)}: the window ran without an overlay, so every pixel counts. */
    static final int NO_OVERLAY = -1;

    @Test
    @Timeout(120)
    void drawsMapObstaclesAndBothTeamsAndUnitsMoveBetweenScreenshots() throws IOException {
        SyntheticGame game = SyntheticGame.deterministic(300);
        Path first = OUT.resolve("x11-0.5s.png");
        Path second = OUT.resolve("x11-1.0s.png");
        try (GameWindow window = openOrSkip(WindowOptions.defaults().withSize(800, 600).withVsync(false)
                .withOverlay(false), game)) {
            window.screenshotAt(first, 500_000_000L);
            window.screenshotAt(second, 1_000_000_000L);
            window.exitAfterScreenshots();
            window.run(new FramePacer(Clock.system(), 0));
            assertEquals(2, window.screenshotsTaken());
        }
        Scan a = Scan.of(ImageIO.read(first.toFile()), NO_OVERLAY);
        Scan b = Scan.of(ImageIO.read(second.toFile()), NO_OVERLAY);
        for (Scan s : new Scan[] {a, b}) {
            assertTrue(s.ground > 10_000, "ground drawn: " + s);
            assertTrue(s.blocked > 1_000, "obstacles drawn: " + s);
            assertTrue(s.team0 > 300, "team 0 drawn: " + s);
            assertTrue(s.team1 > 300, "team 1 drawn: " + s);
            assertTrue(s.ring > 50, "selection rings drawn: " + s);
            assertTrue(s.path > 50, "paths drawn: " + s);
        }
        // 0.5 s at 4 cells/s is 2 cells; at 12.5 px per cell, 25 px (units wrapping at the map's end pull it back).
        assertTrue(b.team0MeanX - a.team0MeanX > 8, "team 0 moved right: " + a + " -> " + b);
        assertTrue(b.team1MeanX - a.team1MeanX > 8, "team 1 moved right: " + a + " -> " + b);
    }

    @Test
    @Timeout(120)
    void rendersOffscreenWithNoXServerThroughTheNullPlatformAndEgl() throws IOException {
        SyntheticGame game = SyntheticGame.deterministic(300);
        Path shot = OUT.resolve("offscreen-0.5s.png");
        try (GameWindow window = openOrSkip(WindowOptions.defaults().withSize(800, 600).withVsync(false)
                .withOffscreen(true), game)) {
            window.screenshotAt(shot, 500_000_000L);
            window.exitAfterScreenshots();
            window.run(new FramePacer(Clock.system(), 0));
        }
        Scan s = Scan.of(ImageIO.read(shot.toFile()));
        assertTrue(s.ground > 10_000 && s.blocked > 1_000 && s.team0 > 300 && s.team1 > 300, s.toString());
    }

    @Test
    @Timeout(120)
    void quitTypedInTheConsoleEndsTheRunAndEverythingIsFreedSoAnotherWindowOpens() {
        for (int round = 0; round < 2; round++) {
            SyntheticGame game = SyntheticGame.deterministic(10);
            try (GameWindow window = openOrSkip(WindowOptions.defaults().withSize(320, 240).withVsync(false)
                    .withOffscreen(System.getenv("DISPLAY") == null), game)) {
                List<String> replies = new ArrayList<>();
                game.console().submit("quit", replies::add);
                window.run(new FramePacer(Clock.system(), 0));
                assertEquals(List.of("quitting"), replies);
                assertEquals(1, game.loop().stats().frames(), "the frame that drained 'quit' was the last");
            }
        }
    }

    /** Opens the window, or skips the test (fails it in CI) when no display server is there. */
    static GameWindow openOrSkip(WindowOptions options, WindowGame game) {
        String display = System.getenv("DISPLAY");
        // Offscreen needs no display server, only EGL (libegl1 + libegl-mesa0), so it runs wherever Mesa is.
        boolean ci = System.getenv("CI") != null;
        if (!options.offscreen() && (display == null || display.isBlank())) {
            if (ci) {
                fail("CI is set but DISPLAY is not: CI must run the tests under xvfb-run (see .ci/run)");
            }
            Assumptions.abort("no DISPLAY, window test skipped; run under"
                    + " xvfb-run -a -s \"-screen 0 1280x720x24\" mvn -B verify to include it");
        }
        try {
            return GameWindow.open(options, game);
        } catch (IllegalStateException e) {
            if (ci) {
                throw e;
            }
            Assumptions.abort("no usable display server, window test skipped: " + e.getMessage());
            throw e; // unreachable
        }
    }

    /** Pixel census of a screenshot, outside the overlay panel. */
    static final class Scan {
        int ground;
        int blocked;
        int team0;
        int team1;
        int ring;
        int path;
        double team0MeanX;
        double team1MeanX;

        /** Scans outside the overlay of a game with the demo's eleven systems. */
        static Scan of(BufferedImage image) {
            return of(image, 11);
        }

        /** Whether a pixel lies under the overlay's panel, minimap or timeline (for {@code lanes} systems). */
        static boolean underOverlay(int x, int y, int width, int height, int lanes) {
            if (lanes == NO_OVERLAY) {
                return false;
            }
            boolean panel = x < Overlay.PANEL_X + Overlay.PANEL_W + 4 && y < Overlay.PANEL_Y + Overlay.PANEL_MAX_H + 4;
            MinimapLayout m = new MinimapLayout(width, 1, 1);
            boolean minimap = x >= m.x - 4 && y < m.y + m.windowSize + 4;
            boolean timeline = y >= new TimelineLayout(width, height, lanes).y - 4;
            return panel || minimap || timeline;
        }

        static Scan of(BufferedImage image, int lanes) {
            Scan s = new Scan();
            long sx0 = 0;
            long sx1 = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    if (underOverlay(x, y, image.getWidth(), image.getHeight(), lanes)) {
                        continue;
                    }
                    int rgb = image.getRGB(x, y) & 0xFFFFFF;
                    if (near(rgb, Palette.GROUND)) {
                        s.ground++;
                    } else if (near(rgb, Palette.BLOCKED)) {
                        s.blocked++;
                    } else if (near(rgb, Palette.TEAM0)) {
                        s.team0++;
                        sx0 += x;
                    } else if (near(rgb, Palette.TEAM1)) {
                        s.team1++;
                        sx1 += x;
                    } else if (near(rgb, Palette.RING)) {
                        s.ring++;
                    } else if (near(rgb, Palette.PATH)) {
                        s.path++;
                    }
                }
            }
            s.team0MeanX = s.team0 == 0 ? 0 : sx0 / (double) s.team0;
            s.team1MeanX = s.team1 == 0 ? 0 : sx1 / (double) s.team1;
            return s;
        }

        static boolean near(int rgb, int want) {
            return Math.abs(((rgb >> 16) & 0xFF) - ((want >> 16) & 0xFF)) <= 3
                    && Math.abs(((rgb >> 8) & 0xFF) - ((want >> 8) & 0xFF)) <= 3
                    && Math.abs((rgb & 0xFF) - (want & 0xFF)) <= 3;
        }

        @Override
        public String toString() {
            return String.format("ground %d blocked %d team0 %d (x %.1f) team1 %d (x %.1f) ring %d path %d",
                    ground, blocked, team0, team0MeanX, team1, team1MeanX, ring, path);
        }
    }
}
