package dev.ecsloop.replay;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.ControlListener;
import dev.ecsloop.FrameListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;
import dev.ecsloop.snapshot.Snapshots;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Records everything that can change a simulation, so that {@link Replayer} can reproduce it bit for bit: the
 * setup identity, every input event with the simulated time it was assigned, every rate and phase change with
 * the simulated instant it applied, and a world-state hash at regular simulated intervals to check the replay
 * against. The format is {@link ReplayFormat}.
 *
 * <p>A recorder is a flight recorder: it is attached at simulated time 0, before the first frame, and keeps the
 * session in memory. {@link #save(Path)} writes a complete replay of the session so far, as often as wanted.
 * Why: a replay rebuilds the world from its setup, so it must cover the session from its start, and the bug worth
 * recording is usually the one that just happened. A game whose session starts elsewhere (a loaded snapshot, a
 * lockstep catch-up) attaches with {@link #attach(Snapshots, InputQueue, String, Duration)}: the recording then
 * starts from a snapshot captured at the attach, which a replay restores first.
 *
 * <p>Order ({@link JournalOrder}, the rule the reader checks): records are journaled by the simulated instant at
 * which they take effect, state hashes by tick time among themselves. A frame reports its input before its ticks
 * run, and input may be assigned an instant ahead of where the simulation got (after a checkpoint the frame's
 * ticks cross, or debt kept past the catch-up bound), so records wait in a small sorted buffer until nothing later
 * can take effect before them: at the start of the next frame, the end of a step, or a save.
 *
 * <p>Bound: the journal holds at most 63 MiB, so that every saved file is within the reader's limit. At the
 * first frame that starts past it, the recording ends there: the end state is taken, the recorder detaches,
 * {@link #isFull()} turns true, and every later save writes the session up to that point. The same happens at a
 * year of simulated time, the most a replay covers. Consecutive steps are journaled as one STEP record, so
 * {@code step} spam alone cannot fill it.
 *
 * <p>Journaling allocates nothing in frames that bring no input, rate change or hash, and nothing in those
 * either except a rate change's system name (and one 1 MiB chunk per mebibyte of journal).
 *
 * <p>The recorder decides what is journaled, when and in what order; {@link RecordEncoder} encodes the records
 * and {@link ReplayFileWriter} writes saved files.
 */
public final class Recorder {

    // The loop's callbacks, each its own object so that they are not part of the recorder's API.
    private final FrameListener frames = this::beforeSystems;
    private final TickListener ticks = this::beforeTick;
    private final ControlListener controls = new ControlJournaling(this);

    private final GameLoop loop;
    private final InputQueue inputs;
    private final String setup;
    private final StateHash hasher;
    private final long hashEvery;
    private final long limit;
    private final Journal journal = new Journal();
    final RecordEncoder encoder = new RecordEncoder();
    private final PendingRecords pending = new PendingRecords();
    private long nextHashAt;
    private long records;
    private final JournalOrder order = new JournalOrder();
    private byte lastKind;
    /** Simulated time the world state corresponds to between frames: the last frame's or step's end. */
    private long settled;
    private long frameEnd;
    private boolean attached = true;
    /** Once full: the frozen end of the recording. */
    private boolean full;
    private long fullNanos;
    private long fullHash;
    private long fullRecords;
    /** Where {@link #detach()} ended a recording that was not full, or -1. */
    private long stoppedAt = -1;
    /** Input events before this sequence are in the start snapshot already, so they are not journaled. */
    private final long firstInput;
    /** The simulated instant the recording starts at: 0, or its start snapshot's. */
    private final long startNanos;

    private Recorder(GameLoop loop, InputQueue inputs, String setup, long hashEvery, long limit, byte[] start) {
        this.loop = loop;
        this.inputs = inputs;
        this.setup = setup;
        this.hasher = new StateHash(loop.world());
        this.hashEvery = hashEvery;
        this.limit = limit;
        this.startNanos = loop.simulatedNanos();
        this.nextHashAt = nextCheckpoint(startNanos, hashEvery);
        this.settled = startNanos;
        this.frameEnd = startNanos;
        this.firstInput = inputs == null ? 0 : inputs.nextSequence();
        order.startAt(startNanos);
        RecordEncoder.header(journal, loop, setup, hashEvery, startNanos, start);
    }

    /**
     * Attaches a recorder to {@code loop}, with a state hash every {@code hashEvery} of simulated time.
     *
     * @param loop      the loop to record, at simulated time 0 (past it, see the other {@code attach})
     * @param inputs    the loop's input queue (installed before this), or null if the game takes no input
     * @param setup     identifies the setup a replay must rebuild (for example "demo-rts units=2000 seed=7"); at
     *                  most 1,024 bytes
     * @param hashEvery simulated time between state hashes
     * @return the attached recorder
     * @throws IllegalStateException    if the loop has already advanced past simulated time 0
     * @throws IllegalArgumentException if {@code hashEvery} is not positive or over an hour, or the setup or a
     *                                  system name is longer than the format allows
     */
    public static Recorder attach(GameLoop loop, InputQueue inputs, String setup, Duration hashEvery) {
        return attach(loop, inputs, setup, hashEvery, ReplayFormat.MAX_JOURNAL_BYTES);
    }

    /**
     * Attaches a recorder that starts from the loop's current state, at any simulated time (after a restore or a
     * lockstep catch-up, say): it captures a snapshot now and writes it into the replay's start section, and a
     * replay restores it before applying what follows. Input already in the queue is part of the snapshot.
     *
     * @param snapshots the loop's snapshots, between frames
     * @param inputs    the loop's input queue (the one {@code snapshots} captures), or null if the game takes none
     * @param setup     identifies the setup a replay must rebuild, at most 1,024 bytes
     * @param hashEvery simulated time between state hashes
     * @return the attached recorder
     * @throws IllegalStateException    if live input is waiting for its frame (its simulated time is not known yet)
     * @throws IllegalArgumentException as {@link #attach(GameLoop, InputQueue, String, Duration)} says, or if
     *                                  the snapshot is larger than a recording may start from (48 MiB)
     * @throws dev.ecsloop.snapshot.SnapshotException if the loop cannot be captured now
     */
    public static Recorder attach(Snapshots snapshots, InputQueue inputs, String setup, Duration hashEvery) {
        if (inputs != null && inputs.hasUnassigned()) {
            throw new IllegalStateException("cannot start a recording while live input waits for its frame");
        }
        byte[] start = snapshots.capture();
        return attach(snapshots.loop(), inputs, setup, hashEvery, ReplayFormat.MAX_JOURNAL_BYTES, start);
    }

    /** As {@link #attach(GameLoop, InputQueue, String, Duration)} with a smaller journal bound, for tests. */
    static Recorder attach(GameLoop loop, InputQueue inputs, String setup, Duration hashEvery, long limit) {
        if (loop.simulatedNanos() != 0) {
            throw new IllegalStateException("a recording without a start snapshot must start at simulated time 0, "
                    + "the loop is at " + Durations.exactSeconds(loop.simulatedNanos()));
        }
        return attach(loop, inputs, setup, hashEvery, limit, new byte[0]);
    }

    private static Recorder attach(GameLoop loop, InputQueue inputs, String setup, Duration hashEvery, long limit,
                                   byte[] start) {
        Objects.requireNonNull(setup, "setup");
        if (hashEvery == null || hashEvery.isZero() || hashEvery.isNegative()
                || hashEvery.compareTo(Duration.ofNanos(ReplayFormat.MAX_HASH_EVERY_NANOS)) > 0) {
            throw new IllegalArgumentException("hash interval must be above 0 and at most an hour, was " + hashEvery);
        }
        Recorder recorder = new Recorder(loop, inputs, setup, hashEvery.toNanos(), limit, start);
        loop.addFrameListener(recorder.frames);
        loop.addTickListener(recorder.ticks);
        loop.addControlListener(recorder.controls);
        return recorder;
    }

    /**
     * One simulated second between hashes: the default interval.
     *
     * @return one second
     */
    public static Duration defaultHashInterval() {
        return Duration.ofSeconds(1);
    }

    private void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
        settled = Math.max(settled, frameEnd);
        frameEnd = simEnd;
        if (journal.size() >= limit || simEnd > ReplayFormat.MAX_SIM_NANOS) {
            fill();
            return;
        }
        if (inputs != null) {
            InputView events = inputs.frameEvents();
            for (int i = 0; i < events.size(); i++) {
                InputEvent e = events.get(i);
                if (e.sequence() < firstInput) {
                    continue;
                }
                encoder.input(e);
                finish(e.simNanos());
            }
        }
        commit(settled);
    }

    private void beforeTick(BaseSystem system, long tickNanos) {
        if (tickNanos < nextHashAt || full) {
            return;
        }
        encoder.withLong(ReplayFormat.HASH, tickNanos, hasher.hash());
        journal(ReplayFormat.HASH, tickNanos, encoder.bytes(), 0, encoder.size());
        nextHashAt = nextCheckpoint(tickNanos, hashEvery);
    }

    /** The first multiple of {@code every} strictly after {@code t}. Shared with the replayer's checker. */
    static long nextCheckpoint(long t, long every) {
        return (t / every + 1) * every;
    }

    /**
     * Journals an edit that was just applied to the world between frames, at the current simulated time, so that a
     * replay applies it at the same instant. Call it on the loop thread between frames (never inside a tick), after
     * {@link ComponentEdit#apply} succeeded; pass the edit with the component's fully qualified class name (what
     * {@code apply} returns), so that the replay finds the same type whatever else the world registers.
     *
     * @param edit the applied edit
     * @throws NullPointerException if {@code edit} is null
     */
    public void edited(ComponentEdit edit) {
        Objects.requireNonNull(edit, "edit");
        if (!attached) {
            return;
        }
        long simNanos = loop.simulatedNanos();
        encoder.edit(edit, simNanos);
        finish(simNanos);
    }

    /** Queues the record just encoded, unless the recording has ended. */
    void finish(long simNanos) {
        if (!full) {
            pending.add(simNanos, encoder.bytes(), encoder.size());
        }
    }

    /**
     * Journals, in order, the pending records at or before {@code floor}: no later record can take effect before
     * it (input is assigned from the frame's start on, control changes happen at the loop's current instant).
     */
    private void commit(long floor) {
        if (pending.isEmpty() || full) {
            return;
        }
        int n = pending.dueBy(floor);
        for (int i = 0; i < n; i++) {
            journal(pending.kind(i), pending.time(i), pending.data(), pending.start(i), pending.length(i));
        }
        pending.drop(n);
    }

    private void journal(byte kind, long at, byte[] data, int start, int length) {
        if (kind == ReplayFormat.STEP && lastKind == ReplayFormat.STEP
                && journal.canTruncate(journal.size() - ReplayFormat.STEP_BYTES)) {
            journal.truncate(journal.size() - ReplayFormat.STEP_BYTES); // one STEP record for a run of steps
            records--;
        }
        if (order.refusal(kind, at) != null) {
            // Only a control change made inside a tick that fell before the last instant journaled (after a
            // re-anchoring rate change) gets here. Journaled at that instant, the file stays readable; a replay
            // reports any difference it makes as a divergence.
            at = order.lastEffect();
            for (int b = 0; b < 8; b++) {
                data[start + 1 + b] = (byte) (at >>> (56 - 8 * b));
            }
        }
        order.accept(kind, at);
        journal.write(data, start, length);
        records++;
        lastKind = kind;
    }

    /** Ends the recording at the start of this frame: the journal reached its bound. */
    private void fill() {
        commit(settled);
        full = true;
        fullNanos = settled;
        fullHash = hasher.hash();
        fullRecords = records;
        detach();
    }

    /**
     * The setup identity the recording carries.
     *
     * @return the setup given to {@link #attach}
     */
    public String setup() {
        return setup;
    }

    /**
     * Records journaled so far.
     *
     * @return the number of records in the journal
     */
    public long records() {
        return records;
    }

    /**
     * Bytes journaled so far.
     *
     * @return the journal's size in bytes, header included
     */
    public long bytes() {
        return journal.size();
    }

    /**
     * Whether the journal reached its bound and the recording ended there (saves then stop at that point).
     *
     * @return true once full
     */
    public boolean isFull() {
        return full;
    }

    /**
     * Writes a replay of the session from simulated time 0 to now: the journal, an end record with the current
     * state hash, and the trailer. Call it between frames, on the loop thread; the recording goes on. The file is
     * written beside its destination and moved over it when complete, so a failed save leaves no partial file.
     *
     * @param file where to write the replay
     * @return the state hash at the end of the file
     * @throws IOException if the file cannot be written; the journal is unaffected
     */
    public long save(Path file) throws IOException {
        Saving saving = prepareSave();
        saving.writeTo(file);
        return saving.endHash();
    }

    /**
     * Takes what a save writes, on the loop thread, so that the writing itself can happen on another thread
     * while the loop goes on (a console does its file I/O off the loop thread).
     *
     * @return the replay as of now, ready to be written with {@link Saving#writeTo(Path)} from any thread
     */
    public Saving prepareSave() {
        long endNanos;
        long endHash;
        long count;
        if (full) {
            endNanos = fullNanos;
            endHash = fullHash;
            count = fullRecords;
        } else {
            endNanos = loop.simulatedNanos();
            commit(endNanos);
            endHash = hasher.hash();
            count = records;
        }
        return new Saving(journal.snapshot(), RecordEncoder.end(endNanos, endHash, count + 1), endNanos, endHash,
                count + 1);
    }

    /** @return the simulated instant the recording starts at: 0, or where its start snapshot was captured */
    public long startNanos() {
        return startNanos;
    }

    /**
     * Where {@link #detach()} stopped this recording before its journal was full, or -1 while it records (or if it
     * ended full, see {@link #isFull()}).
     *
     * @return the simulated instant of the detach, or -1
     */
    public long stoppedAtNanos() {
        return stoppedAt;
    }

    /**
     * A replay taken by {@link #prepareSave()}: immutable, writable from any thread, as often as wanted.
     */
    public static final class Saving {
        private final Journal.Snapshot journal;
        private final byte[] end;
        private final long endNanos;
        private final long endHash;
        private final long records;

        private Saving(Journal.Snapshot journal, byte[] end, long endNanos, long endHash, long records) {
            this.journal = journal;
            this.end = end;
            this.endNanos = endNanos;
            this.endHash = endHash;
            this.records = records;
        }

        /**
         * Writes the replay to {@code file}, first into {@code file.part} beside it, then moved over it.
         *
         * @param file where to write
         * @throws IOException if the file cannot be written; nothing is left at {@code file} then
         */
        public void writeTo(Path file) throws IOException {
            ReplayFileWriter.write(file, journal, end);
        }

        /** @return simulated time at the end of this replay */
        public long endNanos() {
            return endNanos;
        }

        /** @return the state hash at the end */
        public long endHash() {
            return endHash;
        }

        /** @return records in the file, the end record included */
        public long records() {
            return records;
        }

        /** @return the file's size in bytes */
        public long bytes() {
            return journal.size() + end.length + 4;
        }
    }

    /**
     * Stops recording: detaches from the loop. The journal can still be saved, but a session that goes on after a
     * detach (a game that loads a snapshot, say) is no longer what it replays: {@link #stoppedAtNanos()} says
     * where it stopped, so that callers can refuse to save it as the whole session.
     */
    public void detach() {
        if (attached && !full) {
            stoppedAt = loop.simulatedNanos();
        }
        if (attached) {
            attached = false;
            loop.removeFrameListener(frames);
            loop.removeTickListener(ticks);
            loop.removeControlListener(controls);
        }
    }

    /** Single-steps ended at {@code simNanos}: journaled as one STEP record per run of steps. */
    void stepped(long simNanos) {
        settled = Math.max(settled, simNanos);
        frameEnd = Math.max(frameEnd, simNanos);
        encoder.bare(ReplayFormat.STEP, simNanos);
        finish(simNanos);
        commit(settled);
    }
}
