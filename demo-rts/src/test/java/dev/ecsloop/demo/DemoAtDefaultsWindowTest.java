package dev.ecsloop.demo;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.AiSides;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.demo.window.WindowGame;
import dev.ecsloop.demo.window.WindowOptions;
import dev.ecsloop.demo.window.WindowProbe;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo's first ten seconds at the window's defaults, at 1280 x 720 as the launcher opens it (timeline
 * hidden): the player commands team 0 against the AI's team 1, the camera has gone to where the armies meet, both
 * teams are on screen, the overlay leaves at least two thirds of the frame to the map, and the minimap's picture
 * fills its box. Frames are a fifth of a simulated second on a manual clock, so software GL keeps up.
 */
class DemoAtDefaultsWindowTest {

    private static final long FRAME = 200_000_000L;

    private static final class Stepped implements WindowGame {
        final ManualClock clock = new ManualClock();
        final RtsGame game = RtsGame.create(MatchSetup.windowDefaults(1), clock, false);
        final RtsWindowGame shown = new RtsWindowGame(game, -1);

        @Override
        public GameLoop loop() {
            return game.loop();
        }

        @Override
        public Console console() {
            return game.console();
        }

        @Override
        public void fill(RenderSnapshot snapshot) {
            shown.fill(snapshot);
            clock.advance(FRAME);
        }

        @Override
        public void onSelect(float x0, float y0, float x1, float y1) {
            shown.onSelect(x0, y0, x1, y1);
        }

        @Override
        public void onOrder(float x, float y) {
            shown.onOrder(x, y);
        }
    }

    @Test
    @Timeout(240)
    void afterTenSecondsTheBattleFillsAMapThatOwnsTwoThirdsOfTheFrame() throws IOException {
        Path shot = WindowProbe.out().resolve("defaults-10s.png");
        Stepped game = new Stepped();
        assertEquals(AiSides.TEAM1, game.game.setup().ai(), "the window's player commands team 0");
        float covered;
        boolean onBattle;
        try (GameWindow window = WindowProbe.openOrSkip(WindowOptions.defaults().withVsync(false), game)) {
            window.showTimeline(false);
            window.screenshotAt(shot, 10_000_000_000L);
            window.exitAfterScreenshots();
            window.run(new FramePacer(Clock.system(), 0));
            covered = WindowProbe.overlayPixels(window);
            onBattle = WindowProbe.onBattle(window);
        }
        BufferedImage image = ImageIO.read(shot.toFile());
        int w = image.getWidth();
        int h = image.getHeight();
        assertEquals(1280, w);
        assertEquals(720, h);
        assertTrue(covered <= w * h / 3f, "the overlay covers " + covered + " of " + w * h + " pixels");
        assertTrue(onBattle, "the camera went to the engagement");
        int blue = WindowProbe.count(image, WindowProbe.teamColor(0), 410, 0, 1050, h);
        int red = WindowProbe.count(image, WindowProbe.teamColor(1), 410, 0, 1050, h);
        assertTrue(blue > 2_000 && red > 2_000, "both armies on the map: " + blue + " blue, " + red + " red pixels");
        float[] p = WindowProbe.minimapPicture(w, MatchSetup.WINDOW_MAP_SIZE, MatchSetup.WINDOW_MAP_SIZE);
        int black = 0;
        for (int y = Math.round(p[1]) + 1; y < Math.round(p[3]) - 1; y++) {
            for (int x = Math.round(p[0]) + 1; x < Math.round(p[2]) - 1; x++) {
                int rgb = image.getRGB(x, y);
                black += ((rgb >> 16) & 0xFF) < 12 && ((rgb >> 8) & 0xFF) < 12 && (rgb & 0xFF) < 12 ? 1 : 0;
            }
        }
        assertTrue(black < 50, "the minimap picture fills its box, unexplored parts too: " + black + " black pixels");
    }
}
