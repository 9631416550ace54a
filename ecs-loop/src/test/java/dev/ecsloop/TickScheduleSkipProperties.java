package dev.ecsloop;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A throttled system's skip lands on the same occurrence whether it walks there or jumps. */
class TickScheduleSkipProperties {

    @Property(tries = 500)
    void skippingAnyNumberOfStepsLandsWhereSkippingOneByOneDoes(
            @ForAll @LongRange(min = 1, max = 1_000_000_000L) long millihertz,
            @ForAll @LongRange(min = 0, max = 999_999L) long phasePpm,
            @ForAll @IntRange(min = 0, max = 3_000) int steps,
            @ForAll @LongRange(min = 0, max = 999_999_999L) long extraPpb) {
        Rate rate = Rate.of(millihertz / 1000.0, "s");
        TickSchedule jumping = new TickSchedule(rate, phasePpm);
        TickSchedule walking = new TickSchedule(rate, phasePpm);
        // A time some whole steps and a fraction of one past the first tick.
        long now = walking.dueCeilNanos() + (long) ((steps + extraPpb / 1e9) * rate.stepNanosExact());
        boolean skipped = jumping.skipToLatestDueBy(now);
        boolean walked = false;
        while (true) {
            TickSchedule probe = new TickSchedule(rate, phasePpm);
            probe.dueNanos = walking.dueNanos;
            probe.dueRemainder = walking.dueRemainder;
            probe.advance();
            if (!probe.isDueBy(now)) {
                break;
            }
            walking.advance();
            walked = true;
        }
        assertEquals(walked, skipped);
        assertEquals(walking.dueNanos, jumping.dueNanos);
        assertEquals(walking.dueRemainder, jumping.dueRemainder);
        assertEquals(walking.lastNanos, jumping.lastNanos);
        assertEquals(walking.lastRemainder, jumping.lastRemainder);
    }
}
