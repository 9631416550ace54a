package dev.ecsloop.parallel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The loop's worker threads, and how a parallel-for hands its chunks to them. Which thread runs which chunk
 * varies from run to run; what a chunk does does not, since chunks depend on the entity count only and their
 * results are combined in chunk order afterwards.
 *
 * <p><b>Each thread has its own segment.</b> A region's chunks are split into one contiguous segment per
 * thread (the loop thread's first, then worker 1's, ...), the same split in every region of a given size.
 * A thread runs its own segment from the front, then helps the others from their back ends. So, as long as no
 * thread falls behind, the same thread runs the same stretch of entities in every region of every system: the
 * components it reads are those it wrote in the last region, still in its own core's cache, instead of lines
 * the other core holds. (With one word that every thread claimed the next chunk from, neighbouring chunks went to
 * either thread at random, and memory-bound systems such as movement, animation and combat's position copy
 * lost a large part of their second core to those transfers; {@code ParallelBenchmark} measured both.)
 *
 * <p>Each segment's claim word holds generation (24 bits), end (20 bits) and next chunk (20 bits): the owner
 * claims {@code next} by compare-and-set, a helper claims {@code end - 1}, and a claim that succeeds belongs to the
 * region it read, whose fields cannot change until its last chunk is done. The words sit a cache line pair apart.
 * A thread counts the chunks it ran and subtracts them from the region's remaining count once, when it finds
 * nothing left. Waiting spins briefly, then parks; no lock, no allocation.
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
    /** Longs between two segments' claim words: 128 bytes, so that no two share a line or a prefetched pair. */
    private static final int STRIDE = 16;
    /** The published region: its generation in the top 24 bits; workers watch it. */
    final AtomicLong claim = new AtomicLong();
    /** Per thread (the loop thread 0, worker k at k), its segment's claim word, at {@code lane * STRIDE}. */
    private final AtomicLongArray segments;
    /** Threads that run chunks, the loop thread counted. */
    private final int lanes;
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
        this.lanes = threads + 1;
        this.segments = new AtomicLongArray(lanes * STRIDE);
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
        long gen = (long) generation << 40;
        for (int k = 0; k < lanes; k++) {
            long first = (long) chunks * k / lanes;
            long end = (long) chunks * (k + 1) / lanes;
            segments.set(k * STRIDE, gen | end << 20 | first);
        }
        claim.set(gen); // after the segments: a worker that sees the generation sees them
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

    /**
     * Runs chunks of region {@code gen} until none is left: first its own lane's segment from the front, then
     * the others' from the back.
     */
    void work(int gen, Chunk view, Worker self) {
        int own = self == null ? 0 : self.lane;
        int done = 0;
        for (int i = 0; i < lanes; i++) {
            int at = (own + i) % lanes * STRIDE;
            boolean front = i == 0;
            while (true) {
                long c = segments.get(at);
                if (generation(c) != gen) {
                    break; // a late worker: that region ended (it ran none of its chunks) and a new one began
                }
                int next = (int) (c & MASK);
                int end = (int) (c >>> 20 & MASK);
                if (next >= end) {
                    break;
                }
                if (front ? segments.compareAndSet(at, c, c + 1)
                        : segments.compareAndSet(at, c, c - (1L << 20))) {
                    parallel.runChunk(front ? next : end - 1, view, self);
                    done++;
                }
            }
        }
        if (done > 0 && remaining.addAndGet(-done) == 0) {
            LockSupport.unpark(waiter);
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
