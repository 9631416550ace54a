package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GameLoopAllocationTest {

    @Test
    void theSteadyStateFrameAllocatesNothing() {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(
                new Systems.A(), new Systems.B(), new Systems.C(), new Systems.D(), new Systems.F())).build();
        Runnable frames = () -> {
            for (int i = 0; i < 50_000; i++) {
                clock.advance(i % 7 == 0 ? 40_000_000L : 6_944_444L);
                loop.frame();
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
    }

    @TickRate(value = 2_000, catchUp = false)
    static final class FastSampler extends com.artemis.BaseSystem {
        long runs;

        @Override
        protected void processSystem() {
            runs++;
        }
    }

    @Test
    void aFastThrottledSystemSkippingDozensOfStepsPerFrameAllocatesNothing() {
        ManualClock clock = new ManualClock();
        FastSampler sampler = new FastSampler();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(
                sampler, new Systems.B())).build();
        Runnable frames = () -> {
            for (int i = 0; i < 50_000; i++) {
                clock.advance(i % 7 == 0 ? 40_000_000L : 16_666_667L);
                loop.frame();
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
        assertEquals(loop.stats().frames(), sampler.runs, "one run per frame");
    }
}
