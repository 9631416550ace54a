package dev.ecsloop.parallel;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The world hash and the tick log are the same at 1, 2, 3, 4 and 8 workers (8 oversubscribes this 2-core
 * machine), under different random frame splits of the same real time, with churn inside the parallel-for
 * through command buffers and async jobs that a fake delay makes finish out of order.
 */
class ParallelDeterminismProperties {

    private static final int[] WORKERS = {2, 3, 4, 8};

    @Provide
    Arbitrary<List<Long>> frames() {
        return Arbitraries.longs().between(0, 60_000_000L).list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 25)
    void sameHashAndTickLogAtAnyNumberOfWorkers(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                               @ForAll @IntRange(min = 0, max = 3) int workerPick,
                                               @ForAll @IntRange(min = 0, max = 20_000) int maxSpins,
                                               @ForAll("frames") List<Long> first,
                                               @ForAll("frames") List<Long> second) {
        long total = Math.max(1_000_000_000L, Math.max(first.stream().mapToLong(Long::longValue).sum(),
                second.stream().mapToLong(Long::longValue).sum()));
        int workers = WORKERS[workerPick];
        ParallelRig reference = new ParallelRig(1, seed, ParallelRig.spinning(seed, maxSpins));
        ParallelRig parallel = new ParallelRig(workers, seed, ParallelRig.spinning(seed + 1, maxSpins));
        try {
            runFor(reference, first, total);
            runFor(parallel, second, total);
            assertTrue(reference.log.stream().anyMatch(s -> s.startsWith("job ")), "jobs were delivered");
            assertEquals(reference.log, parallel.log, "tick log at " + workers + " workers");
            assertEquals(reference.hash(), parallel.hash(), "world hash at " + workers + " workers");
        } finally {
            reference.loop.close();
            parallel.loop.close();
        }
    }

    /** Plays {@code frames}, then one frame of what is left of {@code total}, so both runs reach the same time. */
    private static void runFor(ParallelRig rig, List<Long> frames, long total) {
        long spent = 0;
        for (long f : frames) {
            rig.frame(f);
            spent += f;
        }
        long rest = total - spent;
        while (rest > 0) {
            long f = Math.min(rest, 50_000_000L);
            rig.frame(f);
            rest -= f;
        }
    }

    @Property(tries = 10)
    void everyWorkerCountAgreesOnOneLongRun(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        ParallelRig reference = new ParallelRig(1, seed, ParallelRig.spinning(seed, 5_000));
        try {
            for (int i = 0; i < 120; i++) {
                reference.frame(16_666_667L);
            }
            for (int workers : new int[] {2, 3, 4, 8}) {
                ParallelRig rig = new ParallelRig(workers, seed, ParallelRig.spinning(seed * 31 + workers, 5_000));
                try {
                    for (int i = 0; i < 80; i++) {
                        rig.frame(25_000_000L);
                    }
                    assertEquals(reference.hash(), rig.hash(), "world hash at " + workers + " workers");
                    assertEquals(reference.log, rig.log, "tick log at " + workers + " workers");
                } finally {
                    rig.loop.close();
                }
            }
        } finally {
            reference.loop.close();
        }
    }
}
