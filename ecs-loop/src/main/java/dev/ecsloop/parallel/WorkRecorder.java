package dev.ecsloop.parallel;

import dev.ecsloop.time.Clock;

import java.util.Objects;

/**
 * Records which thread of a loop ran which parallel-for chunk and async job, and when, for a profiler's worker
 * lanes (the Chrome trace's). Off, a chunk or job pays one volatile read; on, each thread writes its own
 * preallocated ring (see {@code WorkLanes}) and the loop thread drains them, so neither side locks or allocates.
 * Obtained from {@link Parallel#work()}.
 *
 * <p>Two readers can share one recording: a recorder that {@link #start}s it and drains it at its own pace (the
 * trace), and one {@link #observe observer} (the window's timeline) that sees every slice whoever drains it.
 * The recording runs while either wants it; {@link #stop} and {@link #unobserve} each end only their own part.
 * Loop thread only, like the loop.
 */
public final class WorkRecorder {

    /** Receives one slice of parallel work: which thread ran which chunk or job, and when. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param thread     0 for the loop thread, 1 to {@code workers() - 1} for the workers
         * @param job        true for an async job, false for a parallel-for chunk
         * @param owner      the system whose parallel-for it was, or the job channel's owner
         * @param number     the chunk's index, or the job's serial number
         * @param startNanos the recording clock's reading when it began
         * @param endNanos   and when it ended
         */
        void ran(int thread, boolean job, String owner, long number, long startNanos, long endNanos);
    }

    private final int threads;
    /** The recording under way, or null (one volatile read per chunk or job). */
    private volatile WorkLanes lanes;
    /** Whether {@link #start} asked for the recording (and {@link #stop} has not ended it). */
    private boolean started;
    /** Sees every drained slice, or null. */
    private Sink observer;

    WorkRecorder(int threads) {
        this.threads = threads;
    }

    /** The recording under way, or null. */
    WorkLanes lanes() {
        return lanes;
    }

    /**
     * Starts recording. Allocates the rings now; recording then allocates nothing. Replaces a recording under way.
     *
     * @param clock           read at the start and end of every chunk and job, from any thread
     * @param slicesPerThread slices each thread keeps until {@link #drain}; later ones are dropped, counted
     * @throws IllegalArgumentException if {@code slicesPerThread} is not from 1 to 1,000,000
     */
    public void start(Clock clock, int slicesPerThread) {
        checkSlices(slicesPerThread);
        lanes = new WorkLanes(Objects.requireNonNull(clock, "clock"), threads, slicesPerThread);
        started = true;
    }

    private static void checkSlices(int slicesPerThread) {
        if (slicesPerThread < 1 || slicesPerThread > 1_000_000) {
            throw new IllegalArgumentException("slices per thread must be from 1 to 1,000,000, not "
                    + slicesPerThread);
        }
    }

    /** Stops recording unless an observer still watches; slices not drained are forgotten. */
    public void stop() {
        started = false;
        if (observer == null) {
            lanes = null;
        }
    }

    /**
     * Hands every slice drained from now on to {@code sink} as well (a drain by another reader included), and
     * starts a recording if none is under way. Replaces a previous observer.
     *
     * @param sink            sees each slice, on the loop thread; it must not start or stop recording
     * @param clock           for the recording, if this call starts one
     * @param slicesPerThread as for {@link #start}, if this call starts one
     * @throws IllegalArgumentException if {@code slicesPerThread} is not from 1 to 1,000,000
     */
    public void observe(Sink sink, Clock clock, int slicesPerThread) {
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(clock, "clock");
        checkSlices(slicesPerThread);
        if (lanes == null) {
            boolean wasStarted = started;
            start(clock, slicesPerThread);
            started = wasStarted;
        }
        observer = sink;
    }

    /** Ends {@link #observe}: the recording stops unless {@link #start} asked for it too. */
    public void unobserve() {
        observer = null;
        if (!started) {
            lanes = null;
        }
    }

    /**
     * Hands the slices recorded since the last drain to {@code sink}, thread by thread, on the loop thread. A
     * chunk or job still running is handed over by a later drain. Nothing happens when not recording.
     *
     * @param sink receives each slice; it must not start or stop recording
     */
    public void drain(Sink sink) {
        WorkLanes recording = lanes;
        if (recording != null) {
            recording.drain(sink, observer == sink ? null : observer);
        }
    }

    /** @return slices dropped because a thread's ring was full, in the recording under way (0 when none) */
    public long dropped() {
        WorkLanes recording = lanes;
        return recording == null ? 0 : recording.dropped();
    }
}
