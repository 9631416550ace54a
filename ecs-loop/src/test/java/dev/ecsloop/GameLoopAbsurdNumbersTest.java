package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The extremes the API accepts work: the fastest and slowest rates, the largest bound, the finest phase. */
class GameLoopAbsurdNumbersTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @TickRate(value = 1_000_000, catchUp = false)
    static final class Sampler extends BaseSystem {
        long runs;
        float lastDelta;

        @Override
        protected void processSystem() {
            runs++;
            lastDelta = world.getDelta();
        }
    }

    @Test
    void aThrottledMegahertzSystemSkipsAHundredYearsStallInOneRun() {
        // Skipping must not walk the 3e15 missed occurrences one by one; the timeout only guards against a hang.
        // The loop is confined to its thread, so the whole game runs in the timeout's thread.
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            ManualClock clock = new ManualClock();
            Sampler sampler = new Sampler();
            GameLoop loop = GameLoop.builder().clock(clock).maxCatchUp(Duration.ofDays(200L * 365))
                    .world(new WorldConfigurationBuilder().with(sampler)).build();
            clock.advance(100L * 365 * 86_400 * SECOND);
            loop.frame();
            assertEquals(1, sampler.runs, "a throttled system runs at most once per frame");
            assertEquals(100L * 365 * 86_400 * SECOND, loop.simulatedNanos());
            clock.advance(3 * MS);
            loop.frame();
            assertEquals(2, sampler.runs);
            assertEquals(0.003f, sampler.lastDelta, 1e-9f, "its delta: the simulated time since its previous run");
        });
    }
}
