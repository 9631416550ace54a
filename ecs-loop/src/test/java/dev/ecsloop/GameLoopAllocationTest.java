package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GameLoopAllocationTest {

    /** Bytes the current thread allocates while running {@code work}. */
    static long allocatedBy(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        work.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }

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
        // Warm-up: the first ~35,000 frames allocate a few hundred bytes while the JIT settles.
        frames.run();
        frames.run();
        allocatedBy(() -> { }); // warm the measurement itself
        assertEquals(0, allocatedBy(frames));
    }
}
