package dev.ecsloop.parallel;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Deterministic async jobs for one system, as 0 A.D.'s pathfinder runs them: a job submitted in the system's
 * tick t is computed on a worker whenever one is free and delivered in the system's tick t + delay, in
 * submission order, whether the worker was fast or slow. A job not finished by then is joined: the loop thread
 * runs it itself if no worker took it yet, else helps with the channel's other queued jobs and waits; each such
 * delivery counts as a join ({@link #joins()}). With one worker every job runs on the loop thread when due.
 *
 * <p>The owning system calls {@link #tick} exactly once per tick, before it submits; a tick is one such call,
 * so delivery depends on the system's ticks only, never on real time.
 *
 * <p>A job computes from its own fields, set before {@link #submit}, into its own fields; it must not read the
 * world (which the loop changes meanwhile) and cannot change it: the world's guarded calls throw inside a job.
 * Jobs are objects the system reuses after delivery, so a steady state allocates nothing.
 *
 * <p>Pending jobs are snapshot state when the channel has a {@link JobCodec}: their inputs are captured and a
 * restored loop computes them again. Without one, a capture with jobs pending is refused in one line.
 *
 * @param <J> the job type
 */
public final class AsyncJobs<J extends AsyncJobs.Job> {

    /** Work computed off the loop thread. */
    public interface Job {
        /** Computes the result into the job's own fields; runs on any thread, once. */
        void compute();
    }

    /** Receives each job at its delivery tick, on the loop thread. */
    @FunctionalInterface
    public interface Delivery<J> {
        /** @param job a computed job, in submission order */
        void deliver(J job);
    }

    private static final int EMPTY = 0;
    private static final int QUEUED = 1;
    private static final int RUNNING = 2;
    private static final int DONE = 3;

    private final Parallel parallel;
    private final String owner;
    private final int delay;
    private final int capacity;
    private final Object[] jobs;
    private final long[] due;
    private final long[] serials;
    private final Throwable[] failures;
    private final AtomicIntegerArray state;
    private final JobCodec<J> codec;
    private volatile long head;
    private volatile long tail;
    private long ticks;
    private long joins;
    private long nextSerial;

    AsyncJobs(Parallel parallel, String owner, int delayTicks, int capacity, JobCodec<J> codec) {
        if (delayTicks < 1 || delayTicks > 1_000_000) {
            throw new IllegalArgumentException("job delay must be from 1 to 1,000,000 ticks, not " + delayTicks);
        }
        if (capacity < 1 || capacity > 1_000_000) {
            throw new IllegalArgumentException("job capacity must be from 1 to 1,000,000, not " + capacity);
        }
        this.parallel = parallel;
        this.codec = codec;
        this.owner = owner;
        this.delay = delayTicks;
        this.capacity = capacity;
        this.jobs = new Object[capacity];
        this.due = new long[capacity];
        this.serials = new long[capacity];
        this.failures = new Throwable[capacity];
        this.state = new AtomicIntegerArray(capacity);
    }

    /** @return the owning system's name */
    public String owner() {
        return owner;
    }

    /** @return ticks from submission to delivery */
    public int delayTicks() {
        return delay;
    }

    /** @return jobs submitted and not yet delivered */
    public int pending() {
        return (int) (tail - head);
    }

    /** @return deliveries that found their job unfinished (or, with one worker, not started) and waited */
    public long joins() {
        return joins;
    }

    /** @return ticks so far: calls of {@link #tick} */
    public long ticks() {
        return ticks;
    }

    /**
     * Queues a job, delivered in tick {@link #ticks()} + {@link #delayTicks()}.
     *
     * @param job the job, its inputs set; not touched again by the system until delivered
     * @throws IllegalStateException if {@link #pending()} is at capacity, or called inside a chunk or job
     */
    public void submit(J job) {
        parallel.checkNotInChunk("AsyncJobs.submit()");
        if (tail - head >= capacity) {
            throw new IllegalStateException(owner + " has " + capacity + " async jobs pending, its capacity;"
                    + " submit fewer per tick or raise the capacity");
        }
        int slot = (int) (tail % capacity);
        jobs[slot] = java.util.Objects.requireNonNull(job, "job");
        due[slot] = ticks + delay;
        serials[slot] = nextSerial++;
        failures[slot] = null;
        state.set(slot, QUEUED);
        tail = tail + 1;
        parallel.jobQueued();
    }

    /**
     * Starts the owner's next tick: delivers, in submission order, every job due in it.
     *
     * @param sink receives each job
     * @return the number delivered
     * @throws WorkerFailedException if a due job threw; it is dropped, later ones stay pending
     * @throws IllegalStateException if called inside a chunk or job
     */
    public int tick(Delivery<? super J> sink) {
        parallel.checkNotInChunk("AsyncJobs.tick()");
        ticks++;
        int delivered = 0;
        while (head < tail && due[(int) (head % capacity)] <= ticks) {
            int slot = (int) (head % capacity);
            join(slot);
            @SuppressWarnings("unchecked")
            J job = (J) jobs[slot];
            Throwable failure = failures[slot];
            long serial = serials[slot];
            jobs[slot] = null;
            failures[slot] = null;
            state.set(slot, EMPTY);
            head = head + 1;
            if (failure instanceof Error error) {
                throw error;   // unwrapped, as the loop lets a system's Error escape
            }
            if (failure != null) {
                throw new WorkerFailedException("async job #" + serial + " of " + owner, failure);
            }
            sink.deliver(job);
            delivered++;
        }
        return delivered;
    }

    boolean hasCodec() {
        return codec != null;
    }

    /** Writes this channel for {@link JobsState}: its clock and its pending jobs' inputs. */
    void save(SnapshotOut out) {
        out.writeString(owner);
        out.writeInt(delay);
        out.writeLong(ticks);
        out.writeLong(nextSerial);
        out.writeInt(pending());
        for (long i = head; i < tail; i++) {
            int slot = (int) (i % capacity);
            out.writeLong(serials[slot]);
            out.writeLong(due[slot]);
            @SuppressWarnings("unchecked")
            J job = (J) jobs[slot];
            codec.write(job, out);
        }
    }

    /** Reads and checks a channel written by {@link #save}, changing nothing; the action replaces this one's. */
    Runnable stage(SnapshotIn in) {
        String name = in.readString();
        int d = in.readInt();
        if (!name.equals(owner) || d != delay) {
            throw in.fail("async job channel " + name + " (delay " + d + ") in the snapshot, " + owner + " (delay "
                    + delay + ") in this loop");
        }
        long t = in.readLong();
        long serial = in.readLong();
        int n = in.readInt();
        if (t < 0 || serial < 0 || n < 0 || n > capacity || n > serial) {
            throw in.fail("bad state of async job channel " + owner + ": tick " + t + ", " + n + " pending of "
                    + serial + " (capacity " + capacity + ")");
        }
        if (n > 0 && codec == null) {
            throw in.fail(owner + " has " + n + " async jobs pending in the snapshot and no JobCodec to read them");
        }
        Object[] staged = new Object[n];
        long[] stagedSerials = new long[n];
        long[] stagedDue = new long[n];
        for (int k = 0; k < n; k++) {
            stagedSerials[k] = in.readLong();
            stagedDue[k] = in.readLong();
            boolean ordered = k == 0 ? stagedSerials[k] < serial
                    : stagedSerials[k] > stagedSerials[k - 1] && stagedDue[k] >= stagedDue[k - 1];
            if (!ordered || stagedSerials[k] >= serial || stagedDue[k] <= t || stagedDue[k] > t + delay) {
                throw in.fail("async job #" + stagedSerials[k] + " of " + owner + " is out of order or due at tick "
                        + stagedDue[k] + " (channel at tick " + t + ", delay " + delay + ")");
            }
            try {
                staged[k] = java.util.Objects.requireNonNull(codec.read(in), "the codec read null");
            } catch (dev.ecsloop.snapshot.SnapshotException e) {
                throw e;
            } catch (RuntimeException e) {
                throw in.fail("the job codec of " + owner + " failed: " + e);
            }
        }
        return () -> restore(t, serial, staged, stagedSerials, stagedDue);
    }

    /** Replaces this channel's jobs with staged ones, after the workers are done with the current ones. */
    private void restore(long t, long serial, Object[] staged, long[] stagedSerials, long[] stagedDue) {
        for (long i = head; i < tail; i++) {
            int slot = (int) (i % capacity);
            if (!state.compareAndSet(slot, QUEUED, EMPTY)) {
                while (state.get(slot) == RUNNING) {
                    Thread.onSpinWait();
                }
            }
            jobs[slot] = null;
            failures[slot] = null;
            state.set(slot, EMPTY);
        }
        ticks = t;
        nextSerial = serial;
        long base = tail;
        head = base;
        for (int k = 0; k < staged.length; k++) {
            int slot = (int) ((base + k) % capacity);
            jobs[slot] = staged[k];
            due[slot] = stagedDue[k];
            serials[slot] = stagedSerials[k];
            state.set(slot, QUEUED);
            tail = base + k + 1;
        }
        parallel.jobQueued();
    }

    /** Makes sure the job in {@code slot} is computed, counting a join if it was not. */
    private void join(int slot) {
        int s = state.get(slot);
        if (s == DONE) {
            return;
        }
        joins++;
        if (s == QUEUED && state.compareAndSet(slot, QUEUED, RUNNING)) {
            runInline(slot);
            return;
        }
        int spins = 0;
        while (state.get(slot) != DONE) {
            if (!runOtherInline()) {
                if (++spins < 1_000) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
    }

    private boolean runOtherInline() {
        for (long i = head; i < tail; i++) {
            int slot = (int) (i % capacity);
            if (state.get(slot) == QUEUED && state.compareAndSet(slot, QUEUED, RUNNING)) {
                runInline(slot);
                return true;
            }
        }
        return false;
    }

    private void runInline(int slot) {
        parallel.loopJob = this;
        try {
            compute(slot, 0);
        } finally {
            parallel.loopJob = null;
        }
    }

    /** A worker runs one queued job of this channel, if any; returns whether it did. */
    boolean tryRunOne(Worker self) {
        long end = tail;
        for (long i = head; i < end; i++) {
            int slot = (int) (i % capacity);
            if (state.get(slot) == QUEUED && state.compareAndSet(slot, QUEUED, RUNNING)) {
                self.job = this;
                try {
                    compute(slot, self.lane);
                } finally {
                    self.job = null;
                }
                return true;
            }
        }
        return false;
    }

    private void compute(int slot, int thread) {
        WorkLanes recording = parallel.lanes();
        long began = recording == null ? 0 : recording.now();
        try {
            ((Job) jobs[slot]).compute();
        } catch (Throwable e) {
            failures[slot] = e;
        } finally {
            if (recording != null) {
                recording.add(thread, true, owner, serials[slot], began, recording.now());
            }
            state.set(slot, DONE);
        }
    }
}
