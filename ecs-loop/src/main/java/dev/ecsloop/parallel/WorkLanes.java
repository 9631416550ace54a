package dev.ecsloop.parallel;

import dev.ecsloop.time.Clock;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What each thread of a loop's parallel-for and async jobs ran, while a profiler asks ({@link
 * WorkRecorder#start}): per thread a ring of slices (chunk or job, its owner, its number, start and end), written
 * by that thread only and drained by the loop thread, so neither side locks or allocates. A full ring drops the
 * slice and counts it.
 *
 * <p>Invariants per thread t: {@code head[t] <= tail[t] <= head[t] + capacity}; slots from head to tail are
 * complete (the producer publishes a slot by an ordered write of tail after filling it, the consumer frees slots
 * by an ordered write of head after reading them).
 */
final class WorkLanes {

    private final Clock clock;
    private final int capacity;
    private final boolean[] job;
    private final String[] owner;
    private final long[] index;
    private final long[] start;
    private final long[] end;
    private final AtomicLongArray head;
    private final AtomicLongArray tail;
    private final AtomicLongArray dropped;

    WorkLanes(Clock clock, int threads, int capacity) {
        this.clock = clock;
        this.capacity = capacity;
        int n = threads * capacity;
        this.job = new boolean[n];
        this.owner = new String[n];
        this.index = new long[n];
        this.start = new long[n];
        this.end = new long[n];
        this.head = new AtomicLongArray(threads);
        this.tail = new AtomicLongArray(threads);
        this.dropped = new AtomicLongArray(threads);
    }

    long now() {
        return clock.nanoTime();
    }

    /** Records one slice of {@code thread}; called by that thread only. */
    void add(int thread, boolean isJob, String who, long number, long from, long to) {
        long t = tail.get(thread);
        if (t - head.get(thread) >= capacity) {
            dropped.lazySet(thread, dropped.get(thread) + 1);
            return;
        }
        int at = thread * capacity + (int) (t % capacity);
        job[at] = isJob;
        owner[at] = who;
        index[at] = number;
        start[at] = from;
        end[at] = to;
        tail.lazySet(thread, t + 1);
    }

    /**
     * Hands every complete slice to {@code sink} and then to {@code also} (if not null), thread by thread, and
     * frees them; on the loop thread.
     */
    void drain(WorkRecorder.Sink sink, WorkRecorder.Sink also) {
        for (int thread = 0; thread < head.length(); thread++) {
            long h = head.get(thread);
            long t = tail.get(thread);
            for (long i = h; i < t; i++) {
                int at = thread * capacity + (int) (i % capacity);
                sink.ran(thread, job[at], owner[at], index[at], start[at], end[at]);
                if (also != null) {
                    also.ran(thread, job[at], owner[at], index[at], start[at], end[at]);
                }
                owner[at] = null;
            }
            head.lazySet(thread, t);
        }
    }

    /** Slices dropped because a thread's ring was full, over every thread. */
    long dropped() {
        long n = 0;
        for (int thread = 0; thread < dropped.length(); thread++) {
            n += dropped.get(thread);
        }
        return n;
    }
}
