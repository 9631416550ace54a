package dev.ecsloop;

import java.lang.management.ManagementFactory;

/**
 * Measures what the steady state allocates on the current thread.
 *
 * <p>Why the minimum over rounds: while the JIT moves code from the interpreter through C1 to C2, a few hundred
 * bytes are sometimes allocated in one round and never again (C2's escape analysis removes what C1 allocated).
 * Garbage made by the frame itself shows in every round: 16 bytes a frame over 10,000 frames is 160 kB in each.
 * So a round with zero bytes proves the steady state allocates nothing, and one warm-up burst does not fail it.
 */
public final class AllocationMeter {

    private AllocationMeter() {
    }

    /** Bytes the current thread allocated while running {@code work} once. */
    public static long allocatedBy(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        work.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }

    /** The fewest bytes any of {@code rounds} runs of {@code round} allocated, after two warm-up runs. */
    public static long steadyStateBytes(Runnable round, int rounds) {
        round.run();
        round.run();
        allocatedBy(() -> { });
        long min = Long.MAX_VALUE;
        for (int r = 0; r < rounds && min > 0; r++) {
            min = Math.min(min, allocatedBy(round));
        }
        return min;
    }
}
