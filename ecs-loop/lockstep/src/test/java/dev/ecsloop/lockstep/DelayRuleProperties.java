package dev.ecsloop.lockstep;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delay rule over any round trips: always within the floor and the ceiling; a rise makes the delay less one
 * turn cover the worst reading and the margin (unless the ceiling stops it), and no more; a fall keeps half a turn more than that (no flapping at a boundary);
 * asking again with the delay it gave changes nothing.
 */
class RoundTripsProperties {

    @Property
    void theDelayCoversTheWorstRoundTripWithinItsBoundsAndIsStable(
            @ForAll @Size(min = 1, max = 200) List<@LongRange(min = -1, max = 3_000_000_000L) Long> readings,
            @ForAll @IntRange(min = 1, max = 20) int floor, @ForAll @IntRange(min = 0, max = 20) int room,
            @ForAll @IntRange(min = 1, max = 40) int current, @ForAll @IntRange(min = 10, max = 500) int turnMs,
            @ForAll @IntRange(min = 1, max = 100) int window) {
        int ceiling = floor + room;
        int now = Math.max(floor, Math.min(ceiling, current));
        long turn = turnMs * 1_000_000L;
        RoundTrips trips = new RoundTrips(turn, floor, ceiling, window);
        readings.forEach(trips::add);
        List<Long> kept = readings.stream().filter(r -> r >= 0).toList();
        long worst = kept.subList(Math.max(0, kept.size() - window), kept.size()).stream()
                .mapToLong(Long::longValue).max().orElse(-1);
        assertEquals(worst, trips.worst(), "the worst of the window");
        int wanted = trips.wanted(now);
        assertTrue(wanted >= floor && wanted <= ceiling, wanted + " outside " + floor + ".." + ceiling);
        if (worst < 0) {
            assertEquals(now, wanted, "nothing measured: the delay stays");
            return;
        }
        if (wanted > now) {
            assertTrue(wanted == ceiling || (wanted - 1) * turn >= worst + RoundTrips.MARGIN_NANOS, "a rise too small");
            assertTrue((wanted - 2) * turn < worst + RoundTrips.MARGIN_NANOS, "a rise too large");
        }
        if (wanted < now) {
            assertTrue(wanted == floor || (wanted - 1) * turn >= worst + RoundTrips.MARGIN_NANOS + turn / 2,
                    "a fall without half a turn to spare");
        }
        assertTrue(wanted == ceiling || (wanted - 1) * turn >= worst + RoundTrips.MARGIN_NANOS,
                "the delay " + wanted + " does not cover the worst round trip " + worst);
        assertEquals(wanted, trips.wanted(wanted), "asked again, the rule moved");
    }
}
