package dev.ecsloop.demo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FrameProfileTest {

    @Test
    void steadyFramesLastExactlyTheGivenMilliseconds() {
        FrameProfile p = FrameProfile.parse("steady:16.667");
        assertEquals(16_667_000L, p.getAsLong());
        assertEquals(16_667_000L, p.getAsLong());
    }

    @Test
    void jitterStaysInItsRangeAndRepeatsForTheSameSeed() {
        FrameProfile a = FrameProfile.parse("jitter:1-40:7");
        FrameProfile b = FrameProfile.parse("jitter:1-40:7");
        for (int i = 0; i < 1000; i++) {
            long f = a.getAsLong();
            assertTrue(f >= 1_000_000L && f <= 40_000_000L, "frame " + f);
            assertEquals(f, b.getAsLong());
        }
    }

    @Test
    void stallIsOneLongFrameAtItsSecondOnAnExactSixtyHertzGrid() {
        FrameProfile p = FrameProfile.parse("stall:500@1");
        long t = 0;
        for (int i = 0; i < 60; i++) {
            t += p.getAsLong();
        }
        assertEquals(1_000_000_000L, t, "60 frames are exactly one second");
        assertEquals(500_000_000L, p.getAsLong(), "the first frame starting at 1 s stalls");
        t = 0;
        for (int i = 0; i < 60; i++) {
            t += p.getAsLong();
        }
        assertEquals(1_000_000_000L, t, "then the grid goes on");
    }
}
