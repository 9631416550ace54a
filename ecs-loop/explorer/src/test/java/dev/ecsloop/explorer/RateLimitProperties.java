package dev.ecsloop.explorer;

import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-connection limit's invariants, for any timing of requests. */
class RateLimitProperties {

    /**
     * Over any stretch of t seconds, a connection is granted at most a full burst plus 200 per second of t, and a
     * request arriving when the bucket has had a full second to refill is always granted.
     */
    @Property(tries = 300)
    void neverMoreThanABurstPlusTheRate(@ForAll @Size(min = 1, max = 2000) List<@IntRange(min = 0, max = 20_000_000)
            Integer> gapsNanos) {
        ManualClock clock = new ManualClock();
        RateLimit limit = new RateLimit(clock);
        long start = clock.nanoTime();
        long granted = 0;
        long lastGrant = Long.MIN_VALUE;
        for (int gap : gapsNanos) {
            clock.advance(gap);
            boolean idleASecond = lastGrant != Long.MIN_VALUE && clock.nanoTime() - lastGrant >= 1_000_000_000L;
            boolean ok = limit.take();
            if (idleASecond) {
                assertTrue(ok, "a request after a second without any must pass");
            }
            if (ok) {
                granted++;
                lastGrant = clock.nanoTime();
            }
            long elapsed = clock.nanoTime() - start;
            long bound = RateLimit.PER_SECOND + elapsed * RateLimit.PER_SECOND / 1_000_000_000L;
            assertTrue(granted <= bound, granted + " granted in " + elapsed + " ns, bound " + bound);
        }
    }
}
