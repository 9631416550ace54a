package dev.ecsloop.parallel;

import com.artemis.World;
import com.artemis.utils.IntBag;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;

/**
 * A loop's parallel-for and async jobs, with results that do not depend on the number of workers. Systems get it
 * injected ({@code @Wire Parallel parallel;}) or from {@code loop.parallel()}.
 *
 * <p>{@link #forEach} splits a list of entities into chunks of a fixed size ({@link #CHUNK_SIZE} unless given):
 * the chunks depend on the entity count only. The loop thread and the workers run the chunks in any order; then,
 * on the loop thread, {@link #reduce} combines per-chunk results in chunk order, and each chunk's
 * {@link ChunkCommands} are applied in chunk order. With one worker everything runs on the loop thread, in the
 * same chunks, with the same guards.
 *
 * <p><b>Rules inside a chunk.</b> Read any component; write the components of the chunk's own entities (and the
 * chunk's own slots of arrays indexed by position or chunk); ask for anything else through the chunk's
 * commands. Guarded, throwing {@link IllegalStateException} naming the call, the system and the chunk:
 * {@code world.create/createEntity/delete/deleteEntity/edit}, a component mapper's {@code create}/{@code
 * remove} and thus {@code EntityEdit} changes, every {@code GameLoop} control, {@link AsyncJobs} and a nested
 * parallel-for. Not guarded: writes to another chunk's components or to shared fields, new aspect
 * subscriptions, anything outside the world; such races are the game's bug, and a snapshot check or the hash
 * comparison across worker counts finds them.
 *
 * <p>Confined to the loop thread, like the loop. A steady state allocates nothing.
 */
public final class Parallel {

    /** The default chunk size: entities per chunk. */
    public static final int CHUNK_SIZE = 256;

    private final int workers;
    /** Started on first use, so that a loop that fails to build (out of memory, say) leaves no thread behind. */
    private WorkerPool pool;
    private final Supplier<String> runningSystem;
    private final Supplier<World> worldSource;
    private World world;
    private final Chunk loopView = new Chunk();

    /** True while a parallel-for runs on the loop thread (which then only runs chunks). */
    private boolean inRegion;
    /** The chunk the loop thread runs, or -1. */
    private int loopChunk = -1;
    /** The channel of the job the loop thread runs inline, or null. */
    AsyncJobs<?> loopJob;
    private boolean closed;

    private String regionSystem;
    private int[] ids;
    private int count;
    private int chunkSize;
    private Chunk.Task task;
    private Chunk.LongTask longTask;
    private ChunkCommands[] buffers = new ChunkCommands[0];
    private long[] results = new long[0];
    private Throwable[] failures = new Throwable[0];
    private volatile AsyncJobs<?>[] channels = new AsyncJobs<?>[0];
    private final JobsState jobsState = new JobsState(this);
    /** What each thread ran, while a profiler records it. */
    private final WorkRecorder work;


    private Parallel(int workers, Supplier<String> runningSystem, Supplier<World> worldSource) {
        this.workers = workers;
        this.work = new WorkRecorder(workers);
        this.runningSystem = runningSystem;
        this.worldSource = worldSource;
    }

    /** The worker pool, started on first use; null with one worker or after {@link #close()}. */
    private WorkerPool pool() {
        if (pool == null && workers > 1 && !closed) {
            pool = new WorkerPool(this, workers - 1);
        }
        return pool;
    }

    /**
     * For the loop's builder: a parallel-for on {@code workers - 1} worker threads (none for 1), started by the
     * first parallel-for or job. Games use the instance their loop made.
     *
     * @param workers       threads that run chunks, the loop thread counted: 1 to 256
     * @param runningSystem the name of the system running now, for messages
     * @param world         the world, read on first use
     * @return the parallel-for of one loop
     * @throws IllegalArgumentException if {@code workers} is out of range
     */
    public static Parallel forLoop(int workers, Supplier<String> runningSystem, Supplier<World> world) {
        return new Parallel(checkWorkers(workers), Objects.requireNonNull(runningSystem),
                Objects.requireNonNull(world));
    }

    /**
     * @param workers a worker count to check
     * @return it, if from 1 to 256
     * @throws IllegalArgumentException otherwise
     */
    public static int checkWorkers(int workers) {
        if (workers < 1 || workers > 256) {
            throw new IllegalArgumentException("workers must be from 1 to 256 (the loop thread counted), not "
                    + workers);
        }
        return workers;
    }

    /** @return threads that run chunks, the loop thread counted */
    public int workers() {
        return workers;
    }

    /** @return worker threads alive: 0 with 1 worker, before the first parallel-for or job, after {@link #close()} */
    public int workerThreadsAlive() {
        return pool == null ? 0 : pool.alive();
    }

    /**
     * Runs {@code task} for each chunk of {@link #CHUNK_SIZE} entities of {@code entities}, then applies the
     * chunks' commands in chunk order.
     *
     * @param entities the entities, e.g. {@code getEntityIds()}; not changed while the chunks run
     * @param task     what each chunk does
     * @throws WorkerFailedException if a chunk or its commands threw (the lowest such chunk); no command of
     *                               any chunk is applied when a chunk threw
     * @throws Error                 what the lowest failing chunk threw, unwrapped, if it was an {@link Error}
     * @throws IllegalStateException if called inside a chunk or job, or after {@link #close()}
     */
    public void forEach(IntBag entities, Chunk.Task task) {
        region(entities.getData(), entities.size(), CHUNK_SIZE, Objects.requireNonNull(task, "task"), null);
    }

    /**
     * Runs {@code task} for each chunk of {@code chunkSize} of the first {@code count} ids, then applies the
     * chunks' commands in chunk order.
     *
     * @param ids       entity ids (or any positions the task understands)
     * @param count     how many of them, at most {@code ids.length}
     * @param chunkSize entities per chunk, positive; a constant, never derived from the number of workers
     * @param task      what each chunk does
     * @throws WorkerFailedException    as for {@link #forEach(IntBag, Chunk.Task)}
     * @throws IllegalArgumentException if {@code count} or {@code chunkSize} is out of range
     * @throws IllegalStateException    if called inside a chunk or job, or after {@link #close()}
     */
    public void forEach(int[] ids, int count, int chunkSize, Chunk.Task task) {
        region(ids, count, chunkSize, Objects.requireNonNull(task, "task"), null);
    }

    /**
     * Runs {@code task} for each chunk of {@link #CHUNK_SIZE} entities and folds the chunks' results in chunk
     * order on the loop thread: {@code combine(...combine(combine(identity, r0), r1)..., rLast)}. Then applies
     * the chunks' commands in chunk order.
     *
     * @param entities the entities
     * @param task     what each chunk does, and its result
     * @param identity the fold's start
     * @param combine  how results fold, on the loop thread
     * @return the fold; {@code identity} with no entity
     * @throws WorkerFailedException as for {@link #forEach(IntBag, Chunk.Task)}
     * @throws IllegalStateException if called inside a chunk or job, or after {@link #close()}
     */
    public long reduce(IntBag entities, Chunk.LongTask task, long identity, LongBinaryOperator combine) {
        Objects.requireNonNull(combine, "combine");
        int chunks = region(entities.getData(), entities.size(), CHUNK_SIZE, null,
                Objects.requireNonNull(task, "task"));
        long acc = identity;
        for (int c = 0; c < chunks; c++) {
            acc = combine.applyAsLong(acc, results[c]);
        }
        return acc;
    }

    private int region(int[] ids, int count, int chunkSize, Chunk.Task task, Chunk.LongTask longTask) {
        checkNotInChunk("a parallel-for");
        if (closed) {
            throw new IllegalStateException("parallel-for after the loop was closed");
        }
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be positive, not " + chunkSize);
        }
        if (count < 0 || count > ids.length) {
            throw new IllegalArgumentException("count " + count + " is outside 0.." + ids.length);
        }
        int chunks = count == 0 ? 0 : (count - 1) / chunkSize + 1;
        if (chunks > WorkerPool.MAX_CHUNKS) {
            throw new IllegalArgumentException(count + " entities make more than " + WorkerPool.MAX_CHUNKS
                    + " chunks of " + chunkSize + "; use larger chunks");
        }
        if (chunks == 0) {
            return 0;
        }
        guardWorld();
        ensureChunks(chunks);
        this.ids = ids;
        this.count = count;
        this.chunkSize = chunkSize;
        this.task = task;
        this.longTask = longTask;
        this.regionSystem = runningSystem.get();
        inRegion = true;
        try {
            if (chunks == 1 || pool() == null) {
                for (int c = 0; c < chunks; c++) {
                    runChunk(c, loopView, null);
                }
            } else {
                pool.run(chunks, loopView);
            }
        } finally {
            inRegion = false;
            this.ids = null;
            this.task = null;
            this.longTask = null;
        }
        rethrowFirstFailure(chunks);
        for (int c = 0; c < chunks; c++) {
            try {
                buffers[c].apply(world);
            } catch (RuntimeException e) {
                for (int rest = c + 1; rest < chunks; rest++) {
                    buffers[rest].clear();
                }
                throw new WorkerFailedException("the commands of chunk " + c + " of " + regionSystem
                        + "'s parallel-for", e);
            }
        }
        return chunks;
    }

    private void rethrowFirstFailure(int chunks) {
        int first = -1;
        for (int c = 0; c < chunks; c++) {
            if (failures[c] != null && first < 0) {
                first = c;
            }
        }
        if (first >= 0) {
            Throwable cause = failures[first];
            Arrays.fill(failures, 0, chunks, null);
            for (int c = 0; c < chunks; c++) {
                buffers[c].clear();
            }
            if (cause instanceof Error error) {
                // As the loop does for systems: an Error (out of memory, a failed assertion) escapes as it is.
                throw error;
            }
            throw new WorkerFailedException("chunk " + first + " of " + regionSystem + "'s parallel-for", cause);
        }
    }

    /** Runs one chunk on the calling thread ({@code self} null on the loop thread); never throws. */
    void runChunk(int c, Chunk view, Worker self) {
        WorkLanes recording = work.lanes();
        long began = recording == null ? 0 : recording.now();
        view.index = c;
        view.first = c * chunkSize;
        view.end = Math.min(count, view.first + chunkSize);
        view.ids = ids;
        view.commands = buffers[c];
        if (self == null) {
            loopChunk = c;
        } else {
            self.chunk = c;
        }
        try {
            if (longTask != null) {
                results[c] = longTask.run(view);
            } else {
                task.run(view);
            }
        } catch (Throwable e) {
            failures[c] = e;
        } finally {
            if (self == null) {
                loopChunk = -1;
            } else {
                self.chunk = -1;
            }
            view.ids = null;
            if (recording != null) {
                recording.add(self == null ? 0 : self.lane, false, regionSystem, c, began, recording.now());
            }
        }
    }

    /** The recording of what each thread runs, or null. */
    WorkLanes lanes() {
        return work.lanes();
    }

    /** @return the recorder of which thread runs which chunk and job, for a profiler's worker lanes */
    public WorkRecorder work() {
        return work;
    }

    private void ensureChunks(int chunks) {
        if (buffers.length < chunks) {
            int n = Math.max(chunks, buffers.length * 2);
            int old = buffers.length;
            buffers = Arrays.copyOf(buffers, n);
            for (int i = old; i < n; i++) {
                buffers[i] = new ChunkCommands();
            }
            results = new long[n];
            failures = new Throwable[n];
        }
    }

    /** Installs the Artemis guard on first use (see {@link ArtemisGuard}). */
    void guardWorld() {
        if (world == null) {
            World w = worldSource.get();
            ArtemisGuard.install(w, this);
            world = w;
        }
    }

    /**
     * Refuses a call that must not run inside a chunk or an async job: the loop's world and controls call this,
     * and a game may call it at its own boundaries (a shared cache, say).
     *
     * @param what the call, for the message
     * @throws IllegalStateException if called from a chunk or a job (on a worker or, with one worker, on the
     *                               loop thread); the message names the call, the system and the chunk
     */
    public void checkNotInChunk(String what) {
        checkNotInChunk("", what);
    }

    /**
     * As {@link #checkNotInChunk(String)}, for a call named {@code owner + what}: the name is built only when
     * the call is refused, so that the check allocates nothing.
     *
     * @param owner the call's owner, e.g. {@code "GameLoop."}
     * @param what  the call, e.g. {@code "setRate()"}
     * @throws IllegalStateException if called from a chunk or a job
     */
    public void checkNotInChunk(String owner, String what) {
        if (workers > 1 && Thread.currentThread() instanceof Worker w && w.pool.parallel == this) {
            throw misuse(owner + what, w.chunk, w.job);
        }
        if (inRegion || loopJob != null) {
            throw misuse(owner + what, loopChunk, loopJob);
        }
    }

    private IllegalStateException misuse(String what, int chunk, AsyncJobs<?> job) {
        if (job != null) {
            return new IllegalStateException(what + " called inside an async job of " + job.owner()
                    + "; a job computes from what it was given and touches neither the world nor the loop");
        }
        return new IllegalStateException(what + " called inside chunk " + chunk + " of " + regionSystem
                + "'s parallel-for; structural changes and events go through chunk.commands()");
    }

    // ---- async jobs ----

    /**
     * A channel of async jobs for one system: a job submitted in the system's tick t is delivered in its tick
     * t + {@code delayTicks}. Create it once, when the system is set up.
     *
     * @param owner      the owning system's name, for messages
     * @param delayTicks ticks from submission to delivery, 1 to 1,000,000
     * @param capacity   most jobs pending at once, 1 to 1,000,000
     * @param <J>        the job type
     * @return the channel
     * @throws IllegalArgumentException if {@code delayTicks} or {@code capacity} is out of range
     */
    public <J extends AsyncJobs.Job> AsyncJobs<J> jobs(String owner, int delayTicks, int capacity) {
        return jobs(owner, delayTicks, capacity, null);
    }

    /**
     * As {@link #jobs(String, int, int)}, with the codec that puts pending jobs into snapshots.
     *
     * @param owner      the owning system's name, for messages and snapshots
     * @param delayTicks ticks from submission to delivery, 1 to 1,000,000
     * @param capacity   most jobs pending at once, 1 to 1,000,000
     * @param codec      writes and reads a pending job's inputs; null: snapshots with jobs pending are refused
     * @param <J>        the job type
     * @return the channel
     * @throws IllegalArgumentException if {@code delayTicks} or {@code capacity} is out of range
     */
    public <J extends AsyncJobs.Job> AsyncJobs<J> jobs(String owner, int delayTicks, int capacity,
                                                       JobCodec<J> codec) {
        checkNotInChunk("Parallel.jobs()");
        AsyncJobs<J> channel = new AsyncJobs<>(this, Objects.requireNonNull(owner, "owner"), delayTicks, capacity,
                codec);
        AsyncJobs<?>[] now = Arrays.copyOf(channels, channels.length + 1);
        now[now.length - 1] = channel;
        channels = now;
        return channel;
    }

    AsyncJobs<?>[] channels() {
        return channels;
    }

    /**
     * For the loop's snapshots: every channel's pending jobs (see {@link JobCodec}).
     *
     * @return the jobs as snapshot state
     */
    public dev.ecsloop.snapshot.StagedState jobsState() {
        return jobsState;
    }

    /** @return jobs submitted and not yet delivered, over every channel */
    public int pendingJobs() {
        int n = 0;
        for (AsyncJobs<?> channel : channels) {
            n += channel.pending();
        }
        return n;
    }

    /** A worker with nothing else to do runs one queued job, if any; returns whether it did. */
    boolean runQueuedJob(Worker self) {
        for (AsyncJobs<?> channel : channels) {
            if (channel.tryRunOne(self)) {
                return true;
            }
        }
        return false;
    }

    /** Wakes the workers for a queued job; nothing with one worker. */
    void jobQueued() {
        if (pool() != null) {
            pool.wake();
        }
    }

    /**
     * Stops the worker threads and waits for them to end. Idempotent; called by the loop's {@code close()}.
     * Afterwards a parallel-for throws; jobs still pending are run on the loop thread when due.
     */
    public void close() {
        if (!closed) {
            closed = true;
            if (pool != null) {
                pool.close();
            }
        }
    }
}
