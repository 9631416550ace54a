package dev.ecsloop.time;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The formats every user-facing message uses for times. */
class DurationsTest {

    @Test
    void simulatedTimeIsSecondsWithMillisecondsRoundedHalfUp() {
        assertEquals("12.345 s", Durations.seconds(12_345_000_000L));
        assertEquals("0.000 s", Durations.seconds(0));
        assertEquals("2.000 s", Durations.seconds(2_000_000_000L));
        assertEquals("0.017 s", Durations.seconds(16_666_667L));
        assertEquals("0.500 s", Durations.seconds(499_999_980L));
        assertEquals("0.001 s", Durations.seconds(500_000L));
        assertEquals("0.000 s", Durations.seconds(499_999L));
        assertEquals("1.000 s", Durations.seconds(999_999_999L));
        assertEquals("-1.500 s", Durations.seconds(-1_500_000_000L));
        assertEquals("-0.017 s", Durations.seconds(-16_666_667L));
        assertEquals("9223372036.854 s", Durations.seconds(Long.MAX_VALUE));
        assertEquals("-9223372036.854 s", Durations.seconds(Long.MIN_VALUE));
    }

    @Test
    void exactSimulatedTimeAddsDecimalsOnlyWhenNeeded() {
        assertEquals("12.345 s", Durations.exactSeconds(12_345_000_000L));
        assertEquals("0.250 s", Durations.exactSeconds(250_000_000L));
        assertEquals("0.016666667 s", Durations.exactSeconds(16_666_667L));
        assertEquals("0.0000001 s", Durations.exactSeconds(100L));
        assertEquals("0.000000005 s", Durations.exactSeconds(5L));
        assertEquals("9223372036.854775807 s", Durations.exactSeconds(Long.MAX_VALUE));
        assertEquals("-9223372036.854775808 s", Durations.exactSeconds(Long.MIN_VALUE));
    }

    @Test
    void costsAreMillisecondsOrMicrosecondsBelowOne() {
        assertEquals("2.35 ms", Durations.cost(2_345_000L));
        assertEquals("1.00 ms", Durations.cost(1_000_000L));
        assertEquals("1.00 ms", Durations.cost(999_960L)); // rounds up to a millisecond: the larger unit
        assertEquals("999.9 µs", Durations.cost(999_940L));
        assertEquals("120.4 µs", Durations.cost(120_449L));
        assertEquals("0.0 µs", Durations.cost(0));
        assertEquals("0.1 µs", Durations.cost(50));
        assertEquals("5000.00 ms", Durations.cost(5_000_000_000L));
        assertEquals("250.0 µs", Durations.costMillis(0.25));
        assertEquals("16.67 ms", Durations.costMillis(16.6666));
    }

    @Test
    void theDecimalPointIgnoresTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1.500 s", Durations.seconds(1_500_000_000L));
            assertEquals("1.50 ms", Durations.cost(1_500_000L));
        } finally {
            Locale.setDefault(before);
        }
    }
}
