package dev.ecsloop.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

/** A clock that waits for the window: time before the start is not time the loop sees. */
class StartingClockTest {

    @Test
    void standsStillUntilStartedThenRunsFromWhereItStood() {
        ManualClock real = new ManualClock();
        real.advance(1_000);
        StartingClock clock = new StartingClock(real);
        real.advance(700_000_000L); // the window opening
        assertEquals(1_000, clock.nanoTime());
        clock.start();
        assertEquals(1_000, clock.nanoTime());
        real.advance(16_000_000L);
        assertEquals(16_001_000L, clock.nanoTime());
        clock.start(); // a second start changes nothing
        real.advance(5);
        assertEquals(16_001_005L, clock.nanoTime());
    }
}
