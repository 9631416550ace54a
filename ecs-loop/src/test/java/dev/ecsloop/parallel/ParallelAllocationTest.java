package dev.ecsloop.parallel;

import dev.ecsloop.AllocationMeter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The steady-state frame of a game using the parallel-for (a fold, per-entity writes and command-buffer churn)
 * allocates nothing, on the loop thread and on the workers, at any number of workers.
 */
class ParallelAllocationTest {

    private static long workerBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("ecs-loop-worker-")) {
                sum += threads.getThreadAllocatedBytes(t.getId());
            }
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void theSteadyStateFrameAllocatesNothing(int workers) {
        SteadyRig rig = new SteadyRig(workers);
        try {
            Runnable frames = () -> {
                for (int i = 0; i < 600; i++) {
                    rig.frame(16_666_667L);
                }
            };
            long loopBytes = AllocationMeter.steadyStateBytes(frames, 5);
            long min = Long.MAX_VALUE;
            for (int round = 0; round < 5 && min > 0; round++) {
                long before = workerBytes();
                frames.run();
                min = Math.min(min, workerBytes() - before);
            }
            assertEquals(0, loopBytes, "loop thread");
            assertEquals(0, min, "workers");
        } finally {
            rig.loop.close();
        }
    }
}
