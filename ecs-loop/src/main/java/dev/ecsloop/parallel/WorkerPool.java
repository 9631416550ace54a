package dev.ecsloop.parallel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The loop's worker threads, and how a parallel-for hands its chunks to them: the loop thread publishes a
 * region (a generation number with its chunk count) in one atomic word, wakes the workers, and every thread,
 * the loop's included, claims the next chunk by compare-and-set on that word until none is left. Which thread
 * runs which chunk varies from run to run; what a chunk does does not, since chunks depend on the entity count
 * only and their results are combined in chunk order afterwards.
 *
 * <p>The claim word holds generation (24 bits), chunk count (20 bits) and next chunk (20 bits): a claim that
 * succeeds therefore belongs to the region it read, whose fields cannot change until its last chunk is done.
 * Waiting spins briefly, then parks; no lock, no allocation.
 *
 * <p>How long "briefly" is: {@value #SPINS} {@link Thread#onSpinWait()} calls (tens of microseconds) unless the
 * system property {@value #SPINS_PROPERTY} says otherwise when the pool starts (0: park at once). Spinning
 * catches the next region without a wake-up's latency; parking leaves the core to the loop thread's serial
 * work, which matters on a machine with as many cores as workers. {@code ParallelBenchmark} compares the two.
 */
final class WorkerPool {

    static final int MAX_CHUNKS = (1 << 20) - 1;
    private static final long MASK = MAX_CHUNKS;
    private static final int GENERATIONS = 1 << 24;
    static final int SPINS = 2_000;
    /** The system property that sets the spin count, read when a pool starts. */
    static final String SPINS_PROPERTY = "ecsloop.parallel.spins";

    /** Spins before parking, for the loop thread and the workers alike: 0 or more. */
    final int spins;

    final Parallel parallel;
    final AtomicLong claim = new AtomicLong();
    private final AtomicInteger remaining = new AtomicInteger();
    private final Worker[] workers;
    volatile boolean closed;
    private volatile Thread waiter;
    private int generation;

    /** Starts {@code threads} daemon workers named after the loop. */
    WorkerPool(Parallel parallel, int threads) {
        this.parallel = parallel;
        this.spins = Math.max(0, Integer.getInteger(SPINS_PROPERTY, SPINS));
        this.workers = new Worker[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker(this, i + 1);
        }
        for (Worker w : workers) {
            w.start();
        }
    }

    static int generation(long claim) {
        return (int) (claim >>> 40);
    }

    /** Wakes the workers: a job was queued. */
    void wake() {
        for (Worker w : workers) {
            LockSupport.unpark(w);
        }
    }

    /**
     * Runs chunks 0 to {@code chunks - 1} on the calling thread and the workers; returns once all are done.
     */
    void run(int chunks, Chunk view) {
        waiter = Thread.currentThread();
        remaining.set(chunks);
        generation = generation % (GENERATIONS - 1) + 1;
        claim.set((long) generation << 40 | (long) chunks << 20);
        wake();
        work(generation, view, null);
        int spun = 0;
        while (remaining.get() != 0) {
            if (spun < spins) {
                spun++;
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
    }

    /** Claims and runs chunks of region {@code gen} until none is left to claim. */
    void work(int gen, Chunk view, Worker self) {
        while (true) {
            long c = claim.get();
            if (generation(c) != gen) {
                return;
            }
            int next = (int) (c & MASK);
            if (next >= (int) (c >>> 20 & MASK)) {
                return;
            }
            if (claim.compareAndSet(c, c + 1)) {
                parallel.runChunk(next, view, self);
                if (remaining.decrementAndGet() == 0) {
                    LockSupport.unpark(waiter);
                }
            }
        }
    }

    /** Stops the workers and waits for them to end; a worker stuck in game code is interrupted, then left. */
    void close() {
        closed = true;
        wake();
        boolean interrupted = false;
        for (Worker w : workers) {
            try {
                w.join(1_000);
                if (w.isAlive()) {
                    w.interrupt();
                    w.join(1_000);
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The number of worker threads alive, for tests and counters. */
    int alive() {
        int n = 0;
        for (Worker w : workers) {
            n += w.isAlive() ? 1 : 0;
        }
        return n;
    }
}
