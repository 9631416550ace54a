package dev.ecsloop.parallel;

import java.util.concurrent.locks.LockSupport;

/**
 * One of a loop's worker threads: runs parallel-for chunks as they are published and, between them, queued
 * async jobs; parks when there is neither. Knows what it is running, so that a guarded call can name it.
 */
final class Worker extends Thread {

    final WorkerPool pool;
    /** This worker's number, 1 to workers - 1 (the loop thread is 0): its lane in a trace. */
    final int lane;
    final Chunk view = new Chunk();
    /** The chunk running on this thread, or -1. */
    int chunk = -1;
    /** The channel of the job running on this thread, or null. */
    AsyncJobs<?> job;

    Worker(WorkerPool pool, int lane) {
        super("ecs-loop-worker-" + lane);
        this.pool = pool;
        this.lane = lane;
        setDaemon(true);
    }

    @Override
    public void run() {
        int seen = 0;
        int idle = 0;
        while (!pool.closed) {
            int generation = WorkerPool.generation(pool.claim.get());
            if (generation != seen) {
                seen = generation;
                pool.work(generation, view, this);
                idle = 0;
            } else if (pool.parallel.runQueuedJob(this)) {
                idle = 0;
            } else if (idle < pool.spins) {
                idle++;
                Thread.onSpinWait();
            } else {
                LockSupport.park(pool);
            }
        }
    }
}
