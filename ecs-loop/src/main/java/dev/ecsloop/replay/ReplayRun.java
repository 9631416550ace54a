package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One replay in progress: the loop, the position in the file's records and the hash checker, advanced to any
 * instant and resumable from a {@link Position}. {@link Replayer} plays one to the end; {@link ReplaySeeker}
 * moves one back and forth through keyframes.
 *
 * <p>The state at an instant {@code t} is the loop at simulated time {@code t}, between frames, with every record
 * whose instant is before {@code t} applied and none at or after it. Frames always end exactly at each record's
 * instant, at each requested instant and at each {@link Stops stop}; since the tick sequence does not depend on
 * how time is split into frames, stopping anywhere never changes what follows.
 */
final class ReplayRun implements AutoCloseable {

    /** Instants the run stops at on its way (keyframes), with what to do there. */
    interface Stops {
        /** @return the first stop strictly after {@code simNanos}, or {@link Long#MAX_VALUE} for none */
        long nextAfter(long simNanos);

        /** Called between frames with the loop exactly at a stop. */
        void reached(long simNanos);
    }

    /**
     * Where a run is, beyond the loop's own state: records applied (hash records included), and the checker's
     * reads and counts.
     *
     * @param consumed   records of the file read and handled, the END record excluded
     * @param hashReads  records the checker's own pass has read
     * @param haveHash   whether the checker holds a recorded hash it has not yet compared
     * @param nextHashAt the next checkpoint instant
     * @param matched    hashes matched so far
     * @param lastMatch  instant of the last match, -1 if none
     */
    record Position(long consumed, long hashReads, boolean haveHash, long nextHashAt, int matched, long lastMatch) {
    }

    private final Replay replay;
    private final GameLoop loop;
    private final ManualClock clock;
    private final InputQueue inputs;
    private final LongSupplier frames;
    private final Clock pace;
    private final HashChecker checker;
    private RecordReader records;
    private long consumed;
    /** Whether {@link #records} holds a record read but not yet applied (its instant is not yet reached). */
    private boolean held;
    private boolean ended;
    private long realStart;
    private Stops stops;
    /** Whether frames are as long as the catch-up bound allows, whatever the caller's profile says. */
    private boolean fastForward;

    private ReplayRun(Replay replay, GameLoop loop, Snapshots snapshots, ManualClock clock, InputQueue inputs,
                      LongSupplier frames, Clock pace) throws ReplayFormatException {
        this.replay = replay;
        this.loop = loop;
        this.clock = clock;
        this.inputs = inputs;
        this.frames = frames;
        this.pace = pace;
        checkLoop();
        restoreStart(snapshots);
        this.records = replay.open();
        RecordReader hashes;
        try {
            hashes = replay.open();
            this.checker = new HashChecker(replay, loop.world(), hashes);
        } catch (ReplayFormatException e) {
            records.close();
            throw e;
        }
        loop.addTickListener(checker);
        rebasePace();
    }

    /**
     * Starts a replay of {@code replay} into a fresh loop.
     *
     * @throws ReplayFormatException as {@link Replayer#play} says
     */
    static ReplayRun start(Replay replay, GameLoop loop, Snapshots snapshots, ManualClock clock, InputQueue inputs,
                           LongSupplier frames, Clock pace) throws ReplayFormatException {
        return new ReplayRun(replay, loop, snapshots, clock, inputs, frames, pace);
    }

    /**
     * Restores the recording's start snapshot, if it has one, and checks the systems' rates there against the
     * header's (they were the recording loop's after its own restore).
     */
    private void restoreStart(Snapshots snapshots) throws ReplayFormatException {
        if (!replay.startsFromSnapshot()) {
            return;
        }
        if (snapshots == null) {
            throw new ReplayFormatException(replay.name() + " starts from a snapshot at "
                    + Durations.exactSeconds(replay.startNanos()) + "; replaying it needs the game's snapshots");
        }
        byte[] start = replay.startSnapshot();
        try {
            // Entities the game made as it was built are flushed, as its first frame would: a restore needs none
            // pending, and replaces them all anyway.
            loop.snapshotState().flushEntities();
            snapshots.restore(start);
        } catch (SnapshotException e) {
            throw new ReplayFormatException(replay.name() + "'s start snapshot is refused: " + e.getMessage());
        }
        // Debt and a horizon are real-time matters of the recorded loop: a replay's frames end exactly at each
        // record's instant, which owed time or a held horizon would carry it past or keep it from.
        if (loop.debtNanos() > 0) {
            dev.ecsloop.DebtPolicy policy = loop.debtPolicy();
            loop.setDebtPolicy(dev.ecsloop.DebtPolicy.DISCARD);
            loop.setDebtPolicy(policy);
        }
        loop.clearHorizon();
        if (loop.simulatedNanos() != replay.startNanos()) {
            throw new ReplayFormatException(replay.name() + "'s start snapshot is at "
                    + Durations.exactSeconds(loop.simulatedNanos()) + ", its start section says "
                    + Durations.exactSeconds(replay.startNanos()));
        }
        Map<String, Double> here = systemsHere();
        if (!here.equals(replay.systems())) {
            throw new ReplayFormatException(replay.name() + " was recorded with systems " + replay.systems()
                    + ", its start snapshot gives " + here);
        }
    }

    private Map<String, Double> systemsHere() {
        Map<String, Double> here = new LinkedHashMap<>();
        for (Class<? extends BaseSystem> s : loop.systems()) {
            here.put(s.getSimpleName(), ReplayFormat.rateField(loop.system(s)));
        }
        return here;
    }

    private void checkLoop() throws ReplayFormatException {
        if (loop.clock() != clock) {
            throw new IllegalArgumentException("the loop must be driven by the given manual clock");
        }
        if (loop.simulatedNanos() != 0) {
            throw new IllegalArgumentException("replay needs a fresh loop at simulated time 0");
        }
        Map<String, Double> here = systemsHere();
        boolean same = replay.startsFromSnapshot() ? here.keySet().stream().toList()
                .equals(replay.systems().keySet().stream().toList()) : here.equals(replay.systems());
        if (!same) {
            throw new ReplayFormatException(replay.name() + " was recorded with systems " + replay.systems()
                    + ", this loop has " + here);
        }
        if (inputs == null && replay.inputCount() > 0) {
            throw new ReplayFormatException(replay.name() + " holds input events but no input queue was given");
        }
    }

    /**
     * Frames as long as the catch-up bound allows, for a seek: the state reached does not depend on the frame
     * split, and fewer frames mean fewer every-frame systems run and fewer frame overheads.
     */
    void fastForward(boolean on) {
        fastForward = on;
    }

    void stops(Stops s) {
        this.stops = s;
    }

    Replay replay() {
        return replay;
    }

    GameLoop loop() {
        return loop;
    }

    /** @return whether the run diverged or failed: it goes no further until resumed elsewhere */
    boolean stopped() {
        return checker.divergence != null || checker.failure != null;
    }

    /** @return the run's position, for a keyframe taken now (between frames, at the loop's simulated time) */
    Position position() {
        return new Position(consumed, checker.reads, checker.haveNext, checker.nextHashAt, checker.matched,
                checker.lastMatch);
    }

    /**
     * Runs until the loop is at {@code until}, applying every record before it, or until the recording ends or
     * diverges.
     *
     * @throws ReplayFormatException if the file changed since it was checked, or the game failed on what it holds
     */
    void advance(long until) throws ReplayFormatException {
        try {
            while (!stopped()) {
                if (!held && !ended) {
                    fetch();
                }
                long stop = Math.min(until, ended ? replay.endNanos() : records.simNanos);
                runTo(stop);
                if (stopped() || loop.simulatedNanos() < stop || ended || records.simNanos >= until) {
                    break;
                }
                apply(records);
                held = false;
                consumed++;
            }
        } catch (BadFrameLength | dev.ecsloop.snapshot.SnapshotException e) {
            throw e;            // the caller's mistake, or a keyframe the game cannot capture: not the file's
        } catch (RuntimeException e) {
            // The game itself failed on what the file holds (an order it cannot take, say): that is not a
            // divergence, and the caller gets one line like any other unreplayable file.
            throw new ReplayFormatException(replay.name() + " cannot be replayed: the game failed at simulated "
                    + "time " + Durations.exactSeconds(loop.simulatedNanos()) + ": " + oneLine(e));
        }
        if (checker.failure != null) {
            throw checker.failure;
        }
    }

    /** Reads the next record to apply, skipping hashes (the checker reads those on its own pass). */
    private void fetch() throws ReplayFormatException {
        while (true) {
            if (!records.next()) {
                ended = true;
                return;
            }
            if (records.kind != ReplayFormat.HASH) {
                held = true;
                return;
            }
            consumed++;
        }
    }

    /** @return whether the run has reached the end of the recording */
    boolean atEnd() {
        return ended && loop.simulatedNanos() >= replay.endNanos();
    }

    /** What the run found, once at the end (or stopped). */
    ReplayResult result() {
        long finalHash = checker.hasher.hash();
        ReplayResult.Divergence divergence = checker.divergence;
        if (divergence == null && finalHash != replay.endHash()) {
            divergence = new ReplayResult.Divergence(null, loop.simulatedNanos(), checker.lastMatch,
                    replay.endHash(), finalHash);
        }
        return new ReplayResult(checker.matched, loop.simulatedNanos(), finalHash, divergence);
    }

    /**
     * Readers positioned as {@code p} says, opened and skipped without touching the run: the first half of a
     * resume, which may fail with nothing changed.
     *
     * @throws ReplayFormatException if the file ends before the position (a keyframe of another recording)
     */
    RecordReader[] prepare(Position p) throws ReplayFormatException {
        RecordReader r = replay.open();
        RecordReader h = null;
        try {
            h = replay.open();
            for (long i = 0; i < p.consumed(); i++) {
                if (!r.next()) {
                    throw new ReplayFormatException(replay.name() + " ends before a keyframe's position ("
                            + p.consumed() + " records)");
                }
            }
            for (long i = 0; i < p.hashReads(); i++) {
                if (!h.next()) {
                    throw new ReplayFormatException(replay.name() + " ends before a keyframe's hash position ("
                            + p.hashReads() + " records)");
                }
            }
            if (p.haveHash() && (p.hashReads() == 0 || h.kind != ReplayFormat.HASH)) {
                throw new ReplayFormatException(replay.name() + " holds no hash where a keyframe expects one");
            }
            return new RecordReader[] {r, h};
        } catch (ReplayFormatException | RuntimeException e) {
            r.close();
            if (h != null) {
                h.close();
            }
            throw e;
        }
    }

    /** The second half of a resume: the loop now holds the keyframe's state; the run takes the readers. */
    void resume(Position p, RecordReader[] readers) {
        records.close();
        checker.hashes.close();
        records = readers[0];
        consumed = p.consumed();
        held = false;
        ended = false;
        checker.resume(readers[1], p);
        rebasePace();
    }

    private void rebasePace() {
        realStart = pace == null ? 0 : pace.nanoTime() - loop.simulatedNanos();
    }

    private void runTo(long target) {
        while (stops != null && !stopped()) {
            long stop = stops.nextAfter(loop.simulatedNanos());
            if (stop > target) {
                break;
            }
            advanceTo(stop);
            if (loop.simulatedNanos() != stop) {
                return;
            }
            stops.reached(stop);
        }
        advanceTo(target);
    }

    private void advanceTo(long target) {
        long bound = loop.catchUpBound().toNanos();
        while (loop.simulatedNanos() < target && !stopped()) {
            long wanted = fastForward ? bound : frames.getAsLong();
            if (wanted <= 0) {
                throw new BadFrameLength("the frame-length supplier gave " + wanted
                        + " ns: frame lengths must be positive");
            }
            long frame = Math.min(Math.min(wanted, bound), target - loop.simulatedNanos());
            if (loop.timeScale() != 1.0) {
                loop.setTimeScale(1.0);
            }
            if (loop.isPaused()) {
                loop.resume();
            }
            clock.advance(frame);
            loop.frame();
            if (pace != null) {
                long behind = loop.simulatedNanos() - (pace.nanoTime() - realStart);
                pace.sleepNanos(behind);
            }
        }
    }

    private void apply(RecordReader r) throws ReplayFormatException {
        switch (r.kind) {
            case ReplayFormat.INPUT -> inputs.postAtSimulated(r.simNanos).set(r.type, r.code, r.x, r.y, r.z, r.w);
            case ReplayFormat.RATE -> {
                Class<? extends BaseSystem> system = systemNamed(r.system);
                try {
                    if (r.hz == ReplayFormat.EVERY_FRAME_RATE) {
                        loop.setEveryFrame(system);
                    } else {
                        loop.setRate(system, r.hz);
                    }
                } catch (IllegalArgumentException e) {
                    throw new ReplayFormatException(replay.name() + " sets a rate this loop refuses: "
                            + e.getMessage());
                }
            }
            case ReplayFormat.PHASE -> {
                Class<? extends BaseSystem> system = systemNamed(r.system);
                try {
                    loop.setPhase(system, r.phase);
                } catch (IllegalArgumentException e) {
                    throw new ReplayFormatException(replay.name() + " sets a phase this loop refuses: "
                            + e.getMessage());
                }
            }
            case ReplayFormat.EDIT -> {
                try {
                    new ComponentEdit(r.entity, r.component, r.field, r.text).apply(loop.world());
                } catch (IllegalArgumentException e) {
                    throw new ReplayFormatException(replay.name() + " holds an edit this world refuses: "
                            + e.getMessage());
                }
            }
            default -> {
                // Hashes are checked by the Checker; time scale, catch-up, debt, pauses and steps do not change
                // the simulation at a given simulated time.
            }
        }
    }

    private Class<? extends BaseSystem> systemNamed(String name) throws ReplayFormatException {
        for (Class<? extends BaseSystem> s : loop.systems()) {
            if (s.getSimpleName().equals(name)) {
                return s;
            }
        }
        throw new ReplayFormatException(replay.name() + " names system " + name + ", which this loop lacks");
    }

    static String oneLine(RuntimeException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\r', ' ');
    }

    @Override
    public void close() {
        loop.removeTickListener(checker);
        records.close();
        checker.hashes.close();
    }

    /** A frame length of 0 or less from the caller's supplier: refused as the caller's mistake. */
    static final class BadFrameLength extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadFrameLength(String message) {
            super(message);
        }
    }
}
