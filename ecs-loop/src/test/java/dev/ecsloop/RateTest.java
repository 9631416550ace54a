package dev.ecsloop;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A rate as an exact rational number of ticks per second. */
class RateTest {

    @Test
    void sixtyHertzIsAWholeAndARemainderThatAddUpExactly() {
        Rate r = Rate.of(60, "t");
        assertEquals(16_666_666L, r.stepNanos);
        assertEquals(40_000L, r.stepRemainder, "10^12 mod 60,000");
        assertEquals(60.0, r.hz());
        assertEquals(1f / 60, r.stepSeconds());
    }

    @Test
    void ratesAreRoundedToAMillihertzAndCompareByIt() {
        assertEquals(Rate.of(0.3333333, "t"), Rate.of(0.333, "t"));
        assertEquals(0.333, Rate.of(1.0 / 3, "t").hz());
    }

    @Test
    void badRatesAreRefusedNamingTheSystem() {
        for (double bad : new double[] {0, -1, 0.0009, 1_000_001, Double.NaN, Double.NEGATIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rate.of(bad, "AiSystem"));
            assertTrue(e.getMessage().startsWith("bad rate for AiSystem: "), e.getMessage());
        }
    }

    /** k steps are exactly k * 10^12 / millihertz nanoseconds: the whole and remainder parts never drift. */
    @Property(tries = 500)
    void kStepsAreExact(@ForAll @LongRange(min = 1, max = 1_000_000_000L) long millihertz,
                        @ForAll @LongRange(min = 0, max = 1_000_000L) long k) {
        Rate r = Rate.of(millihertz / 1000.0, "t");
        BigInteger exactUnits = BigInteger.valueOf(k).multiply(BigInteger.valueOf(Rate.NANOS_PER_MILLIHERTZ_TICK));
        BigInteger byParts = BigInteger.valueOf(k).multiply(BigInteger.valueOf(r.stepNanos))
                .multiply(BigInteger.valueOf(r.millihertz))
                .add(BigInteger.valueOf(k).multiply(BigInteger.valueOf(r.stepRemainder)));
        assertEquals(exactUnits, byParts);
    }
}
