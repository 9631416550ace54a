package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link LoopStats#skippedRuns}: a throttled system's runs and skipped runs together account for every occurrence
 * of its grid that simulated time has reached, exactly, however frames cut time and however its rate changes; a
 * system that catches up skips none.
 */
class ThrottledSkipCountProperties {

    @TickRate(value = 10, catchUp = false)
    static final class Throttled extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(30)
    static final class Fixed extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @Property(tries = 300)
    void runsPlusSkippedRunsAreTheGridPointsReached(
            @ForAll @Size(min = 1, max = 60) List<@LongRange(min = 0, max = 2_000_000_000L) Long> frames,
            @ForAll @IntRange(min = 1, max = 240) int hz) {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(3))
                .world(new WorldConfigurationBuilder().with(new Throttled(), new Fixed())).build();
        loop.setRate(Throttled.class, hz);   // at simulated time 0: the grid is hz from the start
        for (long nanos : frames) {
            clock.advance(nanos);
            loop.frame();
        }
        SystemHandle throttled = loop.system(Throttled.class);
        // Ticks fall at 1/hz, 2/hz, ... (each one step after the previous grid point, the first after 0): those
        // up to and including the current simulated time.
        long reached = Math.floorDiv(loop.simulatedNanos() * (long) hz, 1_000_000_000L);
        assertEquals(reached, loop.stats().runs(throttled) + loop.stats().skippedRuns(throttled));
        assertEquals(0, loop.stats().skippedRuns(loop.system(Fixed.class)));
    }

    @Property(tries = 100)
    void aRateChangeKeepsTheCount(@ForAll @IntRange(min = 2, max = 50) int frameMillis) {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(new Throttled())).build();
        SystemHandle throttled = loop.system(Throttled.class);
        clock.advance(1_000_000_000L);        // one frame over a second at 10 Hz: runs once, skips the rest
        loop.frame();
        long before = loop.stats().skippedRuns(throttled);
        assertEquals(10, loop.stats().runs(throttled) + before);
        loop.setRate(Throttled.class, 1000);
        clock.advance(frameMillis * 1_000_000L);
        loop.frame();
        assertEquals(before + Math.max(0, frameMillis - 1), loop.stats().skippedRuns(throttled),
                "a 1 kHz grid over " + frameMillis + " ms runs once and skips the rest; the earlier count stays");
    }
}
