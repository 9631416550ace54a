package dev.ecsloop.demo;

import dev.ecsloop.demo.replay.ReplayPlayback;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The window's bridge in replay mode, without a window: the playback drives, clicks order nothing, no restart. */
class RtsWindowGameReplayTest {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void theReplayDrivesTheGameAndTheWindowCannotChangeIt() throws Exception {
        MatchSetup setup = new MatchSetup(200, 5, 64, 5_000, List.of());
        RtsGame live = RtsGame.create(setup, new ManualClock(), true);
        ManualClock liveClock = (ManualClock) live.loop().clock();
        while (live.loop().simulatedNanos() < 2 * SECOND) {
            liveClock.advance(SECOND / 20);
            live.frame();
        }
        long recorded = live.worldHash();
        Path file = dir.resolve("w.replay");
        live.recorder().save(file);

        ManualClock clock = new ManualClock();
        ManualClock real = new ManualClock();
        RtsGame game = RtsGame.create(setup, clock, false);
        ReplayPlayback playback = ReplayPlayback.open(game, Replay.read(file), clock, real,
                Keyframes.every(Duration.ofSeconds(1), 16), -1);
        RtsWindowGame shown = RtsWindowGame.replaying(playback, -1);
        assertSame(playback.console(), shown.console(), "the replay's console: seek, play, pause");
        assertNull(shown.restart(), "a replay does not restart");
        for (int i = 0; i < 40; i++) {
            shown.onSelect(0, 0, 64, 64);   // ignored: a selection would be input the file does not hold
            shown.onOrder(32, 32);
            real.advance(SECOND / 20);
            shown.beforeFrame();
            game.loop().frame();            // the window's own frame: length zero on the manual clock
        }
        assertEquals(2 * SECOND, playback.positionNanos());
        assertEquals(recorded, game.worldHash(), "clicks changed nothing; the window's frames simulated nothing");
        assertTrue(shown.statusLine().startsWith("replay 2.000 s of 2.000 s, paused"), shown.statusLine());
        assertEquals(2 * SECOND, shown.replayControls().stopNanos());
        assertTrue(shown.replayControls().seek(SECOND / 2).startsWith("seeked to 0.500 s"));
    }
}
