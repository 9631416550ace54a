package dev.ecsloop;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TickScheduleTest {

    private static final long DAY = 86_400L * 1_000_000_000L;

    private static long ticksBy(double hz, long nanos) {
        TickSchedule s = new TickSchedule(Rate.of(hz, "test"), 0);
        long n = 0;
        while (s.isDueBy(nanos)) {
            s.advance();
            n++;
        }
        return n;
    }

    @Test
    void twentyFourHoursAtSixtyHertzIsExactlyFiveMillionTicks() {
        assertEquals(5_184_000L, ticksBy(60, DAY));
    }

    @Test
    void twentyFourHoursAtSevenHertzIsExactly604800Ticks() {
        assertEquals(604_800L, ticksBy(7, DAY));
    }

    @Test
    void ratesWithThreeDecimalsAreExact() {
        assertEquals(1_080_000L, ticksBy(12.5, DAY));
        // 29.97 Hz: 29.97 * 86400 = 2,589,408 exactly.
        assertEquals(2_589_408L, ticksBy(29.97, DAY));
        // 100 s at 29.97 Hz is 2997 ticks, the last exactly at 100 s.
        assertEquals(2_997L, ticksBy(29.97, 100_000_000_000L));
        assertEquals(2_996L, ticksBy(29.97, 100_000_000_000L - 1));
    }

    @Test
    void aTickWhoseExactTimeIsFractionalIsDueFromTheNextWholeNanosecond() {
        TickSchedule s = new TickSchedule(Rate.of(60, "test"), 0);
        // 1/60 s = 16,666,666.67 ns
        assertFalse(s.isDueBy(16_666_666L));
        assertTrue(s.isDueBy(16_666_667L));
        assertEquals(16_666_667L, s.dueCeilNanos());
        s.advance();
        s.advance();
        // the third tick is at exactly 50 ms
        assertTrue(s.isDueBy(50_000_000L));
        assertFalse(s.isDueBy(49_999_999L));
    }

    @Test
    void finerRatesAreRoundedToTheNearestMillihertz() {
        assertEquals(0.333, Rate.of(1.0 / 3.0, "x").hz());
        assertEquals(59.94, Rate.of(59.9400001, "x").hz());
    }

    @Test
    void ticksOfDifferentRatesAtOneExactTimeRunAtOneInstantAndALaterOneAtTheNext() {
        // 3 Hz's first tick and 300 Hz's 100th both fall at exactly 333,333,333 1/3 ns: the instant 333,333,334.
        TickSchedule a = new TickSchedule(Rate.of(3, "a"), 0);
        TickSchedule b = new TickSchedule(Rate.of(300, "b"), 0);
        for (int i = 0; i < 99; i++) {
            b.advance();
        }
        assertEquals(333_333_334L, a.dueCeilNanos());
        assertEquals(a.dueCeilNanos(), b.dueCeilNanos());
        b.advance();
        assertTrue(a.dueCeilNanos() < b.dueCeilNanos());
    }

    @Test
    void badRatesAreRejectedWithTheirName() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY, 0.0001, 2e6}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rate.of(bad, "MySystem"));
            assertTrue(e.getMessage().contains("MySystem"), e.getMessage());
        }
    }

    @Test
    void alphaIsTheFractionOfTheStepSinceTheLastTick() {
        TickSchedule s = new TickSchedule(Rate.of(10, "x"), 0);
        assertEquals(0f, s.alpha(0));
        assertEquals(0.25f, s.alpha(25_000_000L));
        s.advance();
        assertEquals(0.5f, s.alpha(150_000_000L));
    }

    @Test
    void aThrottledScheduleJumpsOverALongStallToItsLatestOccurrenceExactly() {
        for (double hz : new double[] {1_000_000, 29.97, 7, 0.001}) {
            TickSchedule stepped = new TickSchedule(Rate.of(hz, "x"), 0);
            TickSchedule jumped = new TickSchedule(Rate.of(hz, "x"), 0);
            long now = 3_000_000_000L;
            while (stepped.isDueBy(now)) {          // the reference: one occurrence at a time
                stepped.advance();
            }
            jumped.skipToLatestDueBy(now);
            if (jumped.isDueBy(now)) {
                jumped.advance();                   // the latest occurrence runs
            }
            assertEquals(stepped.dueNanos, jumped.dueNanos, hz + " Hz");
            assertEquals(stepped.dueRemainder, jumped.dueRemainder, hz + " Hz");
            assertEquals(stepped.lastNanos, jumped.lastNanos, hz + " Hz");
            assertEquals(stepped.lastRemainder, jumped.lastRemainder, hz + " Hz");
        }
    }

    @Test
    void aThrottledMegahertzScheduleCrossesTwoHundredYearsAtOnce() {
        TickSchedule s = new TickSchedule(Rate.of(1_000_000, "x"), 0);
        long end = SimulatedTime.END_NANOS;
        assertTrue(s.skipToLatestDueBy(end));       // 6.3e15 occurrences: stepping would never finish
        assertEquals(end, s.dueCeilNanos());
        s.advance();
        assertEquals(end + 1_000, s.dueNanos);
    }
}
