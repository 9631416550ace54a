package dev.ecsloop.time;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Simulated time prints exactly (it reads back to the same nanosecond); a cost is off by at most half a unit. */
class DurationsProperties {

    @Property
    void millisecondsAreTheNearest(@ForAll @LongRange(min = -4_000_000_000_000_000_000L,
            max = 4_000_000_000_000_000_000L) long nanos) {
        String text = Durations.seconds(nanos);
        assertTrue(text.matches("-?\\d+\\.\\d{3} s"), text);
        BigDecimal shown = new BigDecimal(text.substring(0, text.length() - 2));
        BigDecimal exact = BigDecimal.valueOf(nanos).movePointLeft(9);
        BigDecimal gap = exact.subtract(shown).abs();
        assertTrue(gap.compareTo(new BigDecimal("0.0005")) <= 0, nanos + " -> " + text);
    }

    @Property
    void exactSimulatedTimeReadsBackExactly(@ForAll long nanos) {
        String text = Durations.exactSeconds(nanos);
        assertTrue(text.endsWith(" s"), text);
        String number = text.substring(0, text.length() - 2);
        assertTrue(number.matches("-?\\d+\\.\\d{3,9}"), text);
        assertEquals(BigDecimal.valueOf(nanos).movePointLeft(9).compareTo(new BigDecimal(number)), 0, text);
    }

    @Property
    void aCostIsWithinHalfItsLastDigit(@ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long nanos) {
        String text = Durations.cost(nanos);
        boolean micros = text.endsWith(" µs");
        assertTrue(micros || text.endsWith(" ms"), text);
        assertTrue(!micros || nanos < 1_000_000L, text);
        BigDecimal shown = new BigDecimal(text.substring(0, text.length() - 3)).movePointRight(micros ? 3 : 6);
        long unit = micros ? 100 : 10_000; // the last digit, in nanoseconds
        assertTrue(shown.subtract(BigDecimal.valueOf(nanos)).abs().compareTo(BigDecimal.valueOf(unit / 2)) <= 0,
                nanos + " -> " + text);
    }
}
