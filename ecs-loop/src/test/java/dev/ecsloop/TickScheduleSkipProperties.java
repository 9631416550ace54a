package dev.ecsloop;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.math.BigInteger;

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

    @Property(tries = 1000)
    void skippingAnyStallUpToTheEndOfSimulatedTimeLandsOnTheLatestGridPointExactly(
            @ForAll @LongRange(min = 1, max = 1_000_000_000L) long millihertz,
            @ForAll @LongRange(min = 0, max = 999_999L) long phasePpm,
            @ForAll @LongRange(min = 0, max = SimulatedTime.END_NANOS) long now) {
        Rate rate = Rate.of(millihertz / 1000.0, "s");
        TickSchedule s = new TickSchedule(rate, phasePpm);
        BigInteger m = BigInteger.valueOf(millihertz);
        BigInteger step = BigInteger.valueOf(Rate.NANOS_PER_MILLIHERTZ_TICK);
        BigInteger first = BigInteger.valueOf(s.dueNanos).multiply(m).add(BigInteger.valueOf(s.dueRemainder));
        BigInteger at = BigInteger.valueOf(now).multiply(m);
        s.skipToLatestDueBy(now);
        // In units of 1/m ns: the latest grid point at or before now, if the grid's second point is due by then.
        BigInteger k = at.compareTo(first.add(step)) >= 0 ? at.subtract(first).divide(step) : BigInteger.ZERO;
        BigInteger latest = first.add(k.multiply(step));
        assertEquals(latest, BigInteger.valueOf(s.dueNanos).multiply(m).add(BigInteger.valueOf(s.dueRemainder)));
        assertEquals(latest.subtract(step),
                BigInteger.valueOf(s.lastNanos).multiply(m).add(BigInteger.valueOf(s.lastRemainder)));
    }
}
