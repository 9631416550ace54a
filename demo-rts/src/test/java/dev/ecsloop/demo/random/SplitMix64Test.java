package dev.ecsloop.demo.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplitMix64Test {

    @Test
    void matchesTheReferenceSequenceForSeedZero() {
        SplitMix64 rng = new SplitMix64(0);
        assertEquals(0xE220A8397B1DCDAFL, rng.nextLong());
        assertEquals(0x6E789E6AA1B965F4L, rng.nextLong());
        assertEquals(0x06C45D188009454FL, rng.nextLong());
    }

    @Test
    void boundedDrawsStayInTheirRanges() {
        SplitMix64 rng = new SplitMix64(42);
        for (int i = 0; i < 10_000; i++) {
            int n = rng.nextInt(7);
            assertTrue(n >= 0 && n < 7, "nextInt(7) gave " + n);
            int m = rng.nextInt(-3, 3);
            assertTrue(m >= -3 && m <= 3, "nextInt(-3, 3) gave " + m);
            long l = rng.nextLong(5_000_000L, 20_000_000L);
            assertTrue(l >= 5_000_000L && l <= 20_000_000L, "nextLong(5e6, 2e7) gave " + l);
            float f = rng.nextFloat();
            assertTrue(f >= 0f && f < 1f, "nextFloat gave " + f);
        }
    }

    @Test
    void aBoundBelowOneIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SplitMix64(1).nextInt(0));
        assertEquals("bound must be positive, was 0", e.getMessage());
    }
}
