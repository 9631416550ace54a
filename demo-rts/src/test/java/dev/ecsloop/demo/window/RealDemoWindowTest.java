package dev.ecsloop.demo.window;

import dev.ecsloop.demo.cli.Cli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The real demo, as {@code java -jar demo-rts.jar} runs it, in a window on the X11 display (Xvfb + Mesa in CI):
 * three simulated seconds, the player's units selected and ordered through the terminal console, two
 * screenshots. Checks that the map, the player's army (framed by the first view), the enemy on the minimap, the
 * selection outlines and the routes are drawn, and that units moved between the screenshots.
 *
 * <p>Skipped where no display server can be had, except in CI (env {@code CI} set), where that fails.
 */
@ExtendWith(SaysWhySkipped.class)
class RealDemoWindowTest {

    @Test
    @Timeout(180)
    void theDemoDrawsMapAndArmiesAndUnitsMoveBetweenTwoScreenshots() throws IOException {
        requireDisplay();
        Files.createDirectories(WindowTest.OUT); // --screenshot refuses a missing folder
        Path first = WindowTest.OUT.resolve("demo-1.0s.png");
        Path second = WindowTest.OUT.resolve("demo-2.5s.png");
        Files.deleteIfExists(first);
        Files.deleteIfExists(second);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String orders = "select 0 0 128 128\nmove 64 64\n";
        int status = Cli.run(new String[] {"--units", "600", "--seed", "3", "--map-size", "128", "--seconds", "3", "--fps", "0",
                        "--screenshot", first + "@1", "--screenshot", second + "@2.5"},
                new ByteArrayInputStream(orders.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = out.toString(StandardCharsets.UTF_8);
        if (printed.contains("running headless")) {
            if (System.getenv("CI") != null) {
                fail("CI is set but the demo could not open its window: " + printed);
            }
            Assumptions.abort("no usable display server, demo window test skipped: " + printed.strip());
        }
        assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
        BufferedImage a = ImageIO.read(first.toFile());
        BufferedImage b = ImageIO.read(second.toFile());
        for (BufferedImage image : new BufferedImage[] {a, b}) {
            WindowTest.Scan s = WindowTest.Scan.of(image);
            assertTrue(s.ground > 50_000, "ground drawn: " + s);
            assertTrue(blockedInAnyShade(image) > 1_000, "obstacles drawn, in sight or under fog: " + s);
            assertTrue(s.team0 > 300, "the player's army drawn where the first view frames it: " + s);
            assertTrue(minimapPixels(image, TEAM0_ON_MINIMAP) > 10, "the player's army on the game's minimap");
            assertTrue(minimapPixels(image, dev.ecsloop.demo.minimap.Minimap.UNEXPLORED & 0xFFFFFF) > 10_000,
                    "the unexplored map dark on the minimap (fog), but not black: the picture fills its box");
            assertTrue(minimapPixels(image, 0x000000) < 100, "no black box around a small picture");
            assertTrue(s.ring > 100, "the selected units' rings drawn: " + s);
        }
        assertTrue(WindowTest.Scan.of(b).path > 50, "the selected units' routes drawn");
        int moved = teamPixelsChanged(a, b);
        assertTrue(moved > 500, "unit pixels that differ between the screenshots: " + moved);
    }

    private static void requireDisplay() {
        String display = System.getenv("DISPLAY");
        if (display == null || display.isBlank()) {
            if (System.getenv("CI") != null) {
                fail("CI is set but DISPLAY is not: CI must run the tests under xvfb-run (see .ci/run)");
            }
            Assumptions.abort("no DISPLAY, demo window test skipped; run under"
                    + " xvfb-run -a -s \"-screen 0 1280x720x24\" mvn -B verify to include it");
        }
    }

    /** The game's minimap paints team 0 in this colour. */
    /** Obstacle pixels lit (in sight), dimmed (seen before) or dark (never seen): the map layer's three lights. */
    private static int blockedInAnyShade(BufferedImage image) {
        int n = 0;
        for (float light : new float[] {1f, 140 / 255f, 60 / 255f}) {
            int r = Math.round(((Palette.BLOCKED >> 16) & 0xFF) * light);
            int g = Math.round(((Palette.BLOCKED >> 8) & 0xFF) * light);
            int b = Math.round((Palette.BLOCKED & 0xFF) * light);
            n += WindowProbe.count(image, r << 16 | g << 8 | b, 0, 0, image.getWidth(), image.getHeight());
        }
        return n;
    }

    private static final int TEAM0_ON_MINIMAP = dev.ecsloop.demo.minimap.Minimap.TEAM[0] & 0xFFFFFF;

    /** Pixels of a colour inside the minimap's square. */
    static int minimapPixels(BufferedImage image, int rgb) {
        MinimapLayout m = new MinimapLayout(image.getWidth(), 1, 1);
        int n = 0;
        for (int y = (int) m.y; y < m.y + m.windowSize; y++) {
            for (int x = (int) m.x; x < m.x + m.windowSize; x++) {
                if (WindowTest.Scan.near(image.getRGB(x, y) & 0xFFFFFF, rgb)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Pixels drawn in a team colour in one image and not in the other, outside the overlay panel. */
    private static int teamPixelsChanged(BufferedImage a, BufferedImage b) {
        int changed = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (WindowTest.Scan.underOverlay(x, y, a.getWidth(), a.getHeight(), 11)) {
                    continue;
                }
                if (team(a.getRGB(x, y)) != team(b.getRGB(x, y))) {
                    changed++;
                }
            }
        }
        return changed;
    }

    private static int team(int argb) {
        int rgb = argb & 0xFFFFFF;
        return WindowTest.Scan.near(rgb, Palette.TEAM0) ? 0 : WindowTest.Scan.near(rgb, Palette.TEAM1) ? 1 : -1;
    }
}
