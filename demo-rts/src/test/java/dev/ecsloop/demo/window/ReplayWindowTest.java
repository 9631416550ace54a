package dev.ecsloop.demo.window;

import dev.ecsloop.demo.GlWindowLauncher;
import dev.ecsloop.demo.WindowRequest;
import dev.ecsloop.demo.WindowUnavailableException;
import dev.ecsloop.demo.replay.ReplayPlayback;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A recording played in the real window (X11 under Xvfb in CI): two console seeks, forward then backward, run
 * before the first frame, the replay plays on at real speed, a screenshot is taken on the way and the window
 * closes at its stop time on exactly the state the recording had there. The picture shows the armies and the
 * scrubber along the bottom.
 */
@ExtendWith(SaysWhySkipped.class)
class ReplayWindowTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    @Timeout(180)
    void aReplaySeeksBothWaysPlaysOnAndEndsOnTheRecordedState() throws Exception {
        requireDisplay();
        MatchSetup setup = new MatchSetup(600, 3, 128, 5_000, List.of());
        RtsGame live = RtsGame.create(setup, new ManualClock(), true);
        ManualClock liveClock = (ManualClock) live.loop().clock();
        long atStop = 0;
        for (long target : new long[] {SECOND / 2, 3 * SECOND, 4 * SECOND}) {
            while (live.loop().simulatedNanos() < target) {
                liveClock.advance(Math.min(SECOND / 60, target - live.loop().simulatedNanos()));
                live.frame();
            }
            if (target == SECOND / 2) {
                live.select(0, 0, 128, 128);
                live.orderMove(64, 64);
            } else if (target == 3 * SECOND) {
                atStop = live.worldHash();
            }
        }
        Path file = Files.createTempFile("window", ".replay");
        live.recorder().save(file);
        live.loop().close();

        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(setup, clock, false);
        ReplayPlayback playback = ReplayPlayback.open(game, Replay.read(file), clock, Clock.system(),
                Keyframes.every(Duration.ofSeconds(1), 64), 3 * SECOND);
        Path shot = WindowTest.OUT.resolve("replay-1.5s.png");
        Files.deleteIfExists(shot);
        List<String> replies = new CopyOnWriteArrayList<>();
        WindowRequest request = new WindowRequest(0, 3 * SECOND, false, List.of(new Screenshot(shot, 3 * SECOND / 2)));
        try {
            new GlWindowLauncher().replay(playback, request, () -> {
                playback.console().submit("seek 2.5", replies::add);
                playback.console().submit("seek 1", replies::add);
            });
        } catch (WindowUnavailableException e) {
            if (System.getenv("CI") != null) {
                throw e;
            }
            Assumptions.abort("no usable display server, replay window test skipped: " + e.getMessage());
        }
        assertEquals(List.of("seeked to 2.500 s of 4.000 s", "seeked to 1.000 s of 4.000 s"), replies);
        assertEquals(3 * SECOND, playback.positionNanos(), "closed at the stop time");
        assertEquals(atStop, game.worldHash(), "the recorded state at 3 s, after seeks both ways and play");
        BufferedImage image = ImageIO.read(shot.toFile());
        WindowTest.Scan s = WindowTest.Scan.of(image);
        assertTrue(s.ground > 50_000 && s.team0 > 300, "the map and the player's army drawn: " + s);
        int bottom = image.getHeight() - (int) ScrubberBar.MARGIN - 4;
        int top = image.getHeight() - (int) (ScrubberBar.MARGIN + ScrubberBar.HEIGHT) + 4;
        int ground = WindowProbe.count(image, Palette.GROUND & 0xFFFFFF, (int) ScrubberBar.left(image.getWidth()) + 4, top,
                image.getWidth() - (int) ScrubberBar.MARGIN - 4, bottom);
        assertEquals(0, ground, "the scrubber covers the bottom of the map");
        playback.close();
        game.loop().close();
    }

    private static void requireDisplay() {
        String display = System.getenv("DISPLAY");
        if (display == null || display.isBlank()) {
            if (System.getenv("CI") != null) {
                fail("CI is set but DISPLAY is not: CI must run the tests under xvfb-run (see .ci/run)");
            }
            Assumptions.abort("no DISPLAY, replay window test skipped; run under xvfb-run");
        }
    }
}
