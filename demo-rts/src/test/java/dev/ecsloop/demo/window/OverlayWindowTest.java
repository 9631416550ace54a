package dev.ecsloop.demo.window;

import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.imageio.ImageIO;
import java.awt.event.KeyEvent;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overlay in a real 1280 x 720 window (Xvfb + Mesa in CI), read back from screenshots: the tick timeline's
 * lanes with marks spaced as their rates say, the panel whole without scrolling with as many systems as the RTS,
 * and real input (XTEST events through the X server): T hides the timeline, a click on the minimap moves the
 * camera there.
 */
class OverlayWindowTest {

    private static final int W = 1280;
    private static final int H = 720;
    private static final int LANES = 11;

    private static GameWindow open(RatesGame game) {
        return WindowTest.openOrSkip(WindowOptions.defaults().withSize(W, H).withVsync(false), game);
    }

    private static BufferedImage shoot(GameWindow window, String name, long simNanos) throws IOException {
        Path file = WindowTest.OUT.resolve(name);
        window.screenshotAt(file, simNanos);
        window.exitAfterScreenshots();
        window.run(new FramePacer(Clock.system(), 0));
        return ImageIO.read(file.toFile());
    }

    /** Centres of the runs of a colour along one pixel row, between two columns. */
    private static List<Double> marks(BufferedImage image, int row, int from, int to, int rgb) {
        List<Double> centres = new ArrayList<>();
        int start = -1;
        for (int x = from; x <= to; x++) {
            boolean on = x < to && WindowTest.Scan.near(image.getRGB(x, row) & 0xFFFFFF, rgb);
            if (on && start < 0) {
                start = x;
            } else if (!on && start >= 0) {
                centres.add((start + x - 1) / 2.0);
                start = -1;
            }
        }
        return centres;
    }

    @Test
    @Timeout(120)
    void timelineLanesMarkEachTickAtItsRateSpacingFor60And15And5Hz() throws IOException {
        RatesGame game = new RatesGame(frame -> { });
        BufferedImage image;
        try (GameWindow window = open(game)) {
            image = shoot(window, "timeline-3s.png", 3_000_000_000L);
        }
        TimelineLayout l = new TimelineLayout(W, H, LANES);
        double[] rates = {60, 15, 5};
        for (int lane = 0; lane < rates.length; lane++) {
            List<Double> at = marks(image, Math.round(l.laneMiddle(lane)), Math.round(l.plotX0) + 1,
                    Math.round(l.plotX1) - 1, TimelineView.LANE_COLORS[lane]);
            double expected = l.pixelsPerSecond() / rates[lane];
            assertTrue(at.size() >= 2 * rates[lane] - 1 && at.size() <= 2 * rates[lane] + 1,
                    rates[lane] + " Hz: two seconds hold " + 2 * rates[lane] + " ticks, found " + at.size() + " " + at);
            for (int k = 1; k < at.size(); k++) {
                double gap = at.get(k) - at.get(k - 1);
                assertEquals(expected, gap, 1.5, rates[lane] + " Hz: gap " + k + " of " + at);
            }
        }
    }

    @Test
    @Timeout(120)
    void thePanelShowsEveryControlWithoutScrollingAboveTheTimelineWithElevenSystems() throws IOException {
        RatesGame game = new RatesGame(frame -> { });
        BufferedImage image;
        float height;
        float scroll;
        try (GameWindow window = open(game)) {
            image = shoot(window, "panel-1s.png", 1_000_000_000L);
            height = window.overlay().panelHeight();
            scroll = window.overlay().panelScrollMax();
        }
        TimelineLayout l = new TimelineLayout(W, H, LANES);
        assertEquals(0f, scroll, "nothing below the fold");
        assertTrue(Overlay.PANEL_Y + height <= l.y, "panel (" + height + " px) ends above the timeline at " + l.y);
        assertTrue(height <= Overlay.PANEL_MAX_H, "panel " + height + " px");
        int x = (int) Overlay.PANEL_X + 3;
        for (int y = (int) Overlay.PANEL_Y + 2; y < Overlay.PANEL_Y + height - 2; y++) {
            assertTrue(!scene(image.getRGB(x, y)), "the panel covers row " + y);
        }
        assertTrue(scene(image.getRGB(x, (int) (Overlay.PANEL_Y + height + 4))), "the scene shows below the panel");
    }

    /** A pixel of the scene itself (map or the background past its edge), not of an overlay window. */
    private static boolean scene(int argb) {
        int rgb = argb & 0xFFFFFF;
        return WindowTest.Scan.near(rgb, Palette.GROUND) || WindowTest.Scan.near(rgb, Palette.BACKGROUND);
    }

    @Test
    @Timeout(120)
    void aRealKeyPressHidesTheTimelineAndARealClickOnTheMinimapMovesTheCamera() throws IOException {
        RealInput input = RealInput.orSkip();
        GameWindow[] holder = new GameWindow[1];
        float targetX = 96;
        float targetY = 100;
        RatesGame game = new RatesGame(frame -> {
            GameWindow w = holder[0];
            int[] origin = w.position();
            if (frame == 20) {
                input.move(origin[0] + W / 2, origin[1] + H / 3); // over the map, so the overlay lets keys through
            } else if (frame == 25) {
                input.key(KeyEvent.VK_T);
            } else if (frame == 40) { // held for a few frames, as a hand does: imgui reads the button's state
                MinimapLayout m = new MinimapLayout(W, RatesGame.MAP, RatesGame.MAP);
                input.press(origin[0] + Math.round(m.screenX(targetX)), origin[1] + Math.round(m.screenY(targetY)));
            } else if (frame == 44) {
                input.release();
            } else if (frame == 45) {
                input.move(origin[0] + W / 2, origin[1] + H / 2);
            }
        });
        BufferedImage image;
        float centreX;
        float centreY;
        boolean timelineOpen;
        try (GameWindow window = open(game)) {
            holder[0] = window;
            image = shoot(window, "input-1.5s.png", 1_500_000_000L);
            centreX = window.camera().centerX();
            centreY = window.camera().centerY();
            timelineOpen = window.overlay().isTimelineOpen();
        }
        assertTrue(!timelineOpen, "T closed the timeline");
        TimelineLayout l = new TimelineLayout(W, H, LANES);
        assertTrue(marks(image, Math.round(l.laneMiddle(0)), Math.round(l.plotX0), Math.round(l.plotX1),
                TimelineView.LANE_COLORS[0]).size() < 5, "no 60 Hz lane drawn once hidden");
        assertEquals(targetX, centreX, 1.5, "the camera looks where the minimap was clicked");
        assertEquals(targetY, centreY, 1.5);
    }

    @Test
    @Timeout(120)
    void lookTypedInTheConsoleMovesTheCameraAndRefusesPointsOffTheMap() throws IOException {
        List<String> replies = new ArrayList<>();
        RatesGame[] game = new RatesGame[1];
        game[0] = new RatesGame(frame -> {
            if (frame == 10) {
                game[0].console().submit("look 999 5", replies::add);
                game[0].console().submit("look 64 90 20", replies::add);
            }
        });
        float x;
        float y;
        float zoom;
        try (GameWindow window = open(game[0])) {
            game[0].console().submit("look 30 30", replies::add); // before the map is drawn: applied once it is
            shoot(window, "look-1s.png", 1_000_000_000L);
            x = window.camera().centerX();
            y = window.camera().centerY();
            zoom = window.camera().zoom();
        }
        assertEquals(List.of("will look at (30, 30) once the map is drawn",
                "error: (999, 5) is off the map, which is 128 x 128 cells",
                "looking at (64.0, 90.0), 20.0 px per cell"), replies);
        assertEquals(64f, x, 1e-3);
        assertEquals(90f, y, 1e-3);
        assertEquals(20f, zoom, 1e-3);
    }

    @Test
    @Timeout(120)
    void hoveringATickWithTheRealPointerShowsItsSystemInstantAndCost() throws IOException {
        RealInput input = RealInput.orSkip();
        GameWindow[] holder = new GameWindow[1];
        RatesGame[] game = new RatesGame[1];
        long tick = 1_400_000_000L; // a 5 Hz instant inside the last two seconds
        Path shot = WindowTest.OUT.resolve("hover.png");
        game[0] = new RatesGame(frame -> {
            if (frame == 100) {
                game[0].console().submit("pause", line -> { });
            } else if (frame == 110) { // paused: the timeline holds still under the pointer
                TimelineLayout l = new TimelineLayout(W, H, LANES);
                int[] origin = holder[0].position();
                input.move(origin[0] + Math.round(l.xOf(tick, game[0].loop().simulatedNanos())),
                        origin[1] + Math.round(l.laneMiddle(2)));
            } else if (frame == 125) {
                holder[0].screenshotAt(shot, 0); // due at once
            } else if (frame == 130) {
                holder[0].requestClose();
            }
        });
        String tooltip;
        try (GameWindow window = open(game[0])) {
            holder[0] = window;
            window.run(new FramePacer(Clock.system(), 0));
            tooltip = window.overlay().timelineTooltip();
        }
        assertTrue(tooltip.startsWith("Five\ntick at 1.400000 s simulated\ncost "), tooltip);
        assertTrue(tooltip.contains(" ms\nframe #"), tooltip);
        assertTrue(ImageIO.read(shot.toFile()) != null, "screenshot written");
    }

    @Test
    @Timeout(120)
    void aKeyTappedFasterThanAFrameStillReachesTheConsoleSoEnterSubmits() throws IOException {
        RealInput input = RealInput.orSkip();
        GameWindow[] holder = new GameWindow[1];
        RatesGame[] game = new RatesGame[1];
        game[0] = new RatesGame(frame -> {
            int[] origin = holder[0].position();
            if (frame == 10) {
                input.move(origin[0] + W / 2, origin[1] + H / 3);
            } else if (frame == 15) {
                input.key(KeyEvent.VK_BACK_QUOTE);   // opens the console
            } else if (frame >= 25 && frame < 30) {
                input.key("pause".charAt(frame - 25) - 'a' + KeyEvent.VK_A);
            } else if (frame == 40) {
                input.key(KeyEvent.VK_ENTER);        // press and release both land in one event poll
            } else if (frame == 60) {
                holder[0].requestClose();
            }
        });
        try (GameWindow window = open(game[0])) {
            holder[0] = window;
            window.run(new FramePacer(Clock.system(), 0));
        }
        assertTrue(game[0].loop().isPaused(), "Enter submitted 'pause'");
    }
}
