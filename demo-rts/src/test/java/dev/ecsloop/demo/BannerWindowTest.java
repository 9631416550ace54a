package dev.ecsloop.demo;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.sim.SimAccess;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.Standing;
import dev.ecsloop.demo.window.RenderSnapshot;
import dev.ecsloop.demo.window.WindowGame;
import dev.ecsloop.demo.window.WindowOptions;
import dev.ecsloop.demo.window.WindowProbe;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny real RTS in a real window: the enemy base falls at one simulated second, the victory banner shows; a
 * real click on its restart button starts a fresh game, and the banner is gone.
 */
class BannerWindowTest {

    private static final long FRAME = 1_000_000_000L / 60;

    /** The RTS as the window shows it, on a manual clock stepped 1/60 s per drawn frame, with a hook per frame. */
    private static final class Stepped implements WindowGame {
        final RtsGame game;
        final RtsWindowGame shown;
        final ManualClock clock;
        final List<Runnable> atFrames = new ArrayList<>();
        int frame;
        Stepped restarted;
        Runnable onRestart = () -> { };

        Stepped() {
            clock = new ManualClock();
            game = RtsGame.create(new MatchSetup(40, 2, 48, 5_000, List.of()), clock, false);
            shown = new RtsWindowGame(game, -1);
        }

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
            if (frame < atFrames.size() && atFrames.get(frame) != null) {
                atFrames.get(frame).run();
            }
            frame++;
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

        @Override
        public InterpolationMode interpolation() {
            return shown.interpolation();
        }

        @Override
        public Standing standing() {
            return shown.standing();
        }

        @Override
        public WindowGame restart() {
            restarted = new Stepped();
            onRestart.run();
            return restarted;
        }

        void at(int f, Runnable r) {
            while (atFrames.size() <= f) {
                atFrames.add(null);
            }
            atFrames.set(f, r);
        }
    }

    @Test
    @Timeout(120)
    void whenTheEnemyBaseFallsTheVictoryBannerShowsAndItsRestartButtonStartsAFreshGame() throws IOException {
        WindowProbe.Input input = WindowProbe.input();
        Path won = WindowProbe.out().resolve("banner-won.png");
        Path fresh = WindowProbe.out().resolve("banner-restarted.png");
        Stepped first = new Stepped();
        GameWindow[] holder = new GameWindow[1];
        first.at(60, () -> SimAccess.destroyBase(first.game, 1));
        first.at(100, () -> {
            float[] b = WindowProbe.restartButton(holder[0]);
            int[] origin = WindowProbe.position(holder[0]);
            input.press(origin[0] + Math.round((b[0] + b[2]) / 2), origin[1] + Math.round((b[1] + b[3]) / 2));
        });
        first.at(104, input::release);
        first.onRestart = () -> first.restarted.at(1, () -> {
            holder[0].screenshotAt(fresh, 700_000_000L);
            holder[0].exitAfterScreenshots();
        });
        Standing[] after = new Standing[1];
        try (GameWindow window = WindowProbe.openOrSkip(WindowOptions.defaults().withSize(1280, 720)
                .withVsync(false), first)) {
            holder[0] = window;
            window.screenshotAt(won, 1_500_000_000L);
            window.run(new FramePacer(Clock.system(), 0));
            after[0] = first.restarted == null ? null : first.restarted.standing();
        }
        BufferedImage image = ImageIO.read(won.toFile());
        int banner = WindowProbe.count(image, WindowProbe.wonColor(), 430, 140, 850, 300);
        assertTrue(banner > 2_000, "the victory banner's gold drawn: " + banner + " pixels");
        assertTrue(first.game.isOver() && first.game.winner() == RtsGame.PLAYER_TEAM, "the player won");
        assertTrue(first.restarted != null, "the restart button started a fresh game");
        assertEquals(Standing.PLAYING, after[0], "the fresh game is being fought");
        int gone = WindowProbe.count(ImageIO.read(fresh.toFile()), WindowProbe.wonColor(), 430, 140, 850, 300);
        assertTrue(gone < 100, "no banner over the fresh game: " + gone + " gold pixels");
    }
}
