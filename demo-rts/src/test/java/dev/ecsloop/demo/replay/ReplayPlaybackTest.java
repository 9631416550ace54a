package dev.ecsloop.demo.replay;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's replay mode without a window: a recording with orders and a rate change, played on a manual real
 * clock. Wherever the playback goes (playing in uneven frames, seeking forward and backward through the console,
 * pausing) the game's hash at an instant is the recording's own at that instant; bad {@code seek}s are one line
 * and change nothing; a live game's {@code seek} says it is not a replay.
 */
class ReplayPlaybackTest {
    private static final long SECOND = 1_000_000_000L;
    private static final MatchSetup SETUP = new MatchSetup(160, 3, 40, 5_000, List.of(RateSetting.parse("fog=20")));
    /** What a replay rebuilds: the setup without its rates, which the recording journals. */
    private static final MatchSetup REPLAYED = SETUP.withRates(List.of());

    @TempDir
    static Path dir;
    static Path file;
    /** The recording's own hash at each half second, taken live. */
    static final Map<Long, Long> HASHES = new HashMap<>();
    static long end;

    private ManualClock real;
    private ReplayPlayback playback;
    private final List<String> replies = new ArrayList<>();

    @BeforeAll
    static void record() throws IOException {
        RtsGame game = RtsGame.create(SETUP, new ManualClock(), true);
        ManualClock clock = (ManualClock) game.loop().clock();
        for (int half = 1; half <= 12; half++) {
            long at = half * SECOND / 2;
            if (half == 2) {
                game.select(0, 0, 16, 16);
                game.orderAttack(25f, 25f);
            }
            if (half == 7) {
                game.console().execute("rate combat 30", line -> { });
                game.orderMove(8f, 8f);
            }
            while (game.loop().simulatedNanos() < at) {
                clock.advance(Math.min(16_666_667L, at - game.loop().simulatedNanos()));
                game.frame();
            }
            HASHES.put(at, game.worldHash());
        }
        file = dir.resolve("play.replay");
        game.recorder().save(file);
        end = game.loop().simulatedNanos();
    }

    @BeforeEach
    void open() throws Exception {
        ManualClock clock = new ManualClock();
        real = new ManualClock();
        RtsGame game = RtsGame.create(REPLAYED, clock, false);
        playback = ReplayPlayback.open(game, Replay.read(file), clock, real, Keyframes.every(Duration.ofSeconds(1),
                16), -1);
    }

    private void run(String line) {
        playback.console().execute(line, replies::add);
    }

    private void frames(long realNanos, long frame) {
        for (long done = 0; done < realNanos; done += frame) {
            real.advance(Math.min(frame, realNanos - done));
            playback.beforeFrame();
        }
    }

    private void assertAtRecorded(long at) {
        assertEquals(at, playback.positionNanos());
        assertEquals(HASHES.get(at), playback.game().worldHash(), "state at " + at);
    }

    @Test
    void playingFollowsRealTimeInUnevenFramesAndReachesTheRecordedStates() {
        frames(SECOND, 7_000_000L);
        assertAtRecorded(SECOND);
        frames(SECOND + SECOND / 2, 23_000_000L);
        assertAtRecorded(5 * SECOND / 2);
    }

    @Test
    void seekForwardAndBackwardThroughTheConsoleThenPlayOn() {
        run("seek 4.5");
        assertAtRecorded(9 * SECOND / 2);
        run("seek 1");
        assertAtRecorded(SECOND);
        run("seek 3.5");
        assertAtRecorded(7 * SECOND / 2);
        frames(SECOND / 2, 16_666_667L);
        assertAtRecorded(4 * SECOND);
        assertEquals(List.of("seeked to 4.500 s of 6.000 s", "seeked to 1.000 s of 6.000 s",
                "seeked to 3.500 s of 6.000 s"), replies);
        assertNull(playback.problem());
    }

    @Test
    void pausedItStaysThenPlaysOnAndAtTheEndItPausesAndSaysSo() {
        frames(SECOND / 2, 10_000_000L);
        run("pause");
        frames(2 * SECOND, 10_000_000L);
        assertAtRecorded(SECOND / 2);
        run("seek 2");             // a seek while paused stays paused
        frames(SECOND, 10_000_000L);
        assertAtRecorded(2 * SECOND);
        run("play");
        frames(10 * SECOND, 50_000_000L);
        assertAtRecorded(end);
        assertTrue(playback.paused(), "paused at the end");
        assertEquals("replay ended at 6.000 s", playback.takeNews());
        assertNull(playback.takeNews(), "said once");
        run("play");
        assertTrue(replies.get(replies.size() - 1).contains("at its end"), replies.toString());
        run("seek 5.5");
        run("play");
        frames(SECOND / 4, 10_000_000L);
        assertFalse(playback.paused());
        assertEquals(5 * SECOND + 3 * SECOND / 4, playback.positionNanos());
    }

    @Test
    void badSeeksAreOneLineAndChangeNothing() {
        run("seek 2");
        long hash = playback.game().worldHash();
        replies.clear();
        for (String bad : new String[] {"seek", "seek abc", "seek -1", "seek 6.0000000001", "seek 1e3", "seek 7",
                "seek 99999999", "seek 1 2", "seek NaN", "seek 0x10", "seek 1.5s"}) {
            run(bad);
        }
        assertEquals(11, replies.size(), replies.toString());
        for (String r : replies) {
            assertTrue(r.startsWith("error: ") && !r.contains("\n"), r);
        }
        assertTrue(replies.get(5).contains("covers 0.000 s to 6.000 s"), replies.get(5));
        assertEquals(2 * SECOND, playback.positionNanos());
        assertEquals(hash, playback.game().worldHash());
        run("seek 2.5");
        assertAtRecorded(5 * SECOND / 2);
    }

    @Test
    void aWindowThatStopsEarlyRefusesSeeksPastItsStop() throws Exception {
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(REPLAYED, clock, false);
        ReplayPlayback early = ReplayPlayback.open(game, Replay.read(file), clock, real,
                Keyframes.every(Duration.ofSeconds(1), 16), 3 * SECOND);
        early.console().execute("seek 4", replies::add);
        assertEquals(List.of("error: cannot seek to 4.000 s: this window stops at 3.000 s"), replies);
        real.advance(10 * SECOND);
        early.beforeFrame();
        assertEquals(3 * SECOND, early.positionNanos());
        assertNotNull(early.takeNews());
    }

    @Test
    void aLiveGameSaysItIsNotAReplay() {
        RtsGame live = RtsGame.create(SETUP, new ManualClock(), false);
        live.console().execute("seek 3", replies::add);
        assertEquals(1, replies.size());
        assertTrue(replies.get(0).startsWith("error: not a replay"), replies.get(0));
    }
}
