package dev.ecsloop.demo;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A window run with {@code --seconds} ends its simulation exactly there, as a headless run does: otherwise the
 * last frame, however long it was, ran the ticks past the stop time too, and the window's {@code --print-hash}
 * depended on the length of that frame (seen: the same window run printed two hashes on two runs).
 */
class RtsWindowGameStopTest {

    private static final long STOP = 2_000_000_000L;

    @Test
    void simulatedTimeStopsExactlyAtTheStopTimeWhateverTheLastFrameIsLong() {
        MatchSetup setup = MatchSetup.defaults(1).withUnits(200);
        ManualClock clock = new ManualClock();
        RtsGame windowed = RtsGame.create(setup, clock, false);
        new RtsWindowGame(windowed, STOP);
        while (windowed.loop().simulatedNanos() < STOP) {
            clock.advance(143_000_000L); // 7 FPS: the last frame would reach 2.002 s
            windowed.loop().frame();
        }
        assertEquals(STOP, windowed.loop().simulatedNanos());

        ManualClock exact = new ManualClock();
        RtsGame headless = RtsGame.create(setup, exact, false);
        for (int i = 0; i < 8; i++) {
            exact.advance(STOP / 8);
            headless.loop().frame();
        }
        assertEquals(STOP, headless.loop().simulatedNanos());
        assertEquals(headless.worldHash(), windowed.worldHash(), "the same state as a run that stopped there");
    }
}
