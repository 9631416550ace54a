package dev.ecsloop.demo.window;

import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.parallel.WorkRecorder;
import dev.ecsloop.time.Clock;

/**
 * The tick timeline's worker lanes: with more than one worker, which thread (the loop thread, worker 1, ...)
 * ran how many of a system's parallel-for chunks and async jobs, and for how long, placed at the simulated
 * instant of the tick that ran the parallel-for or submitted the job. One entry per thread and tick: a tick's
 * 80 chunks on two threads become two entries whose busy times show how evenly the work was shared.
 *
 * <p>Fed by the loop's {@link WorkRecorder} as its observer, so a Chrome trace recording at the same time loses
 * nothing: the slices the trace drains are seen here too. A slice belongs to the newest tick of its system that
 * began (real time) no later than the slice; slices whose tick has left the ring are counted, not shown.
 *
 * <p>Memory: fixed rings sized at construction; recording allocates nothing. Loop thread only.
 */
final class WorkTimeline implements WorkRecorder.Sink {

    /** Entries kept: at 60 Hz movement and a tick per thread, over twenty simulated seconds at 2 workers. */
    static final int ENTRIES = 8_192;
    /** Slices each thread may hold between two frames (a 20,000-unit tick has about 80 chunks). */
    static final int SLICES_PER_THREAD = 4_096;
    /** Ticks searched back, newest first, for the one a slice belongs to. */
    private static final int LOOKBACK = 512;

    private final TickTimeline ticks;
    /** Null with one worker: there are no worker lanes then. */
    private final WorkRecorder recorder;
    /** Threads shown, the loop thread counted; 0 with one worker. */
    final int threads;

    final long[] at = new long[ENTRIES];
    final int[] lane = new int[ENTRIES];
    final int[] thread = new int[ENTRIES];
    final int[] chunks = new int[ENTRIES];
    final int[] jobs = new int[ENTRIES];
    final long[] busy = new long[ENTRIES];
    /** The tick ring index each entry belongs to, to merge a thread's slices of one tick. */
    private final int[] tickOf = new int[ENTRIES];
    int head;
    int count;
    private final int[] lastEntry;
    /** Slices whose tick was not found (older than the tick ring, or of a system with no lane). */
    long unmatched;

    /**
     * Starts observing {@code parallel}'s work if it has more than one worker.
     *
     * @param ticks    the timeline whose ticks the work is placed at
     * @param parallel the loop's parallel-for
     * @param real     the clock slices are timed with: the one the timeline times ticks with
     */
    WorkTimeline(TickTimeline ticks, Parallel parallel, Clock real) {
        this.ticks = ticks;
        this.threads = parallel.workers() > 1 ? parallel.workers() : 0;
        this.recorder = threads > 0 ? parallel.work() : null;
        this.lastEntry = new int[threads];
        java.util.Arrays.fill(lastEntry, -1);
        if (recorder != null) {
            recorder.observe(this, real, SLICES_PER_THREAD);
        }
    }

    /** Takes the slices recorded since the last call; at each frame's end. */
    void drain() {
        if (recorder != null) {
            recorder.drain(this);
        }
    }

    /** Stops observing. */
    void detach() {
        if (recorder != null) {
            recorder.unobserve();
        }
    }

    @Override
    public void ran(int t, boolean job, String owner, long number, long startNanos, long endNanos) {
        if (t < 0 || t >= threads) {
            return;
        }
        int system = ticks.laneNamed(owner);
        int tick = system < 0 ? -1 : ticks.tickOf(system, startNanos, LOOKBACK);
        if (tick < 0) {
            unmatched++;
            return;
        }
        int e = lastEntry[t];
        if (e < 0 || thread[e] != t || tickOf[e] != tick || at[e] != ticks.tickAt[tick] || lane[e] != system) {
            e = head;
            at[e] = ticks.tickAt[tick];
            lane[e] = system;
            thread[e] = t;
            tickOf[e] = tick;
            chunks[e] = 0;
            jobs[e] = 0;
            busy[e] = 0;
            head = (e + 1) % ENTRIES;
            count = Math.min(ENTRIES, count + 1);
            lastEntry[t] = e;
        }
        if (job) {
            jobs[e]++;
        } else {
            chunks[e]++;
        }
        busy[e] += Math.max(0, endNanos - startNanos);
    }

    /** Index of the {@code k}-th newest entry (0 = newest); {@code k < count}. */
    int entry(int k) {
        return (head - 1 - k + 2 * ENTRIES) % ENTRIES;
    }
}
