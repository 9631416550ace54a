package dev.ecsloop.replay;

import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Durations;
import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Plays a {@link Replay} back into a freshly built loop and checks it state hash by state hash.
 *
 * <p>The loop must be built from the recorded setup with a {@link ManualClock}: the replayer drives that clock,
 * in frames whose lengths come from a caller's profile, but always ends a frame exactly at each recorded rate
 * change and input, so they apply at the same simulated instant as when recorded. Since the tick sequence does
 * not depend on how time is split into frames, any profile must reproduce the recording. Checks happen at the
 * same instants as when recording (before the first tick at or after each multiple of the hash interval); at
 * the first mismatch the replay stops and reports the tick and simulated time.
 */
public final class Replayer {

    private final Replay replay;
    private final GameLoop loop;
    private final ManualClock clock;
    private final InputQueue inputs;
    private final LongSupplier frames;
    private final Clock pace;
    private Checker checker;

    private Replayer(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs, LongSupplier frames,
                     Clock pace) {
        this.replay = replay;
        this.loop = loop;
        this.clock = clock;
        this.inputs = inputs;
        this.frames = frames;
        this.pace = pace;
    }

    /**
     * Replays as fast as possible.
     *
     * @param replay a checked replay file
     * @param loop   built from the recorded setup, at simulated time 0, driven by {@code clock}
     * @param clock  the loop's manual clock, which the replayer drives
     * @param inputs the loop's input queue, or null if the recording holds no input
     * @param frames real frame lengths in ns to drive with, each positive (and cut to the catch-up bound)
     * @return what the replay found: matched, or the first divergence
     * @throws IllegalArgumentException if {@code frames} gives a length of 0 or less
     * @throws ReplayFormatException if the loop's systems or rates differ from the recording's, the recording
     *                               has input and no queue was given, the file changed since it was checked, or
     *                               the game failed on what it holds; the message is one line naming the file
     */
    public static ReplayResult play(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs,
                                    LongSupplier frames) throws ReplayFormatException {
        return new Replayer(replay, loop, clock, inputs, frames, null).run();
    }

    /**
     * Replays in real time: after each frame, waits on {@code pace} until as much real time has passed as
     * simulated time (at the loop's time scale 1).
     *
     * @param replay a checked replay file
     * @param loop   built from the recorded setup, at simulated time 0, driven by {@code clock}
     * @param clock  the loop's manual clock, which the replayer drives
     * @param inputs the loop's input queue, or null if the recording holds no input
     * @param frames real frame lengths in ns to drive with (each cut to the catch-up bound)
     * @param pace   the real clock to wait on
     * @return what the replay found: matched, or the first divergence
     * @throws ReplayFormatException as for {@link #play}
     */
    public static ReplayResult playInRealTime(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs,
                                              LongSupplier frames, Clock pace) throws ReplayFormatException {
        return new Replayer(replay, loop, clock, inputs, frames, Objects.requireNonNull(pace, "pace")).run();
    }

    private void checkLoop() throws ReplayFormatException {
        if (loop.clock() != clock) {
            throw new IllegalArgumentException("the loop must be driven by the given manual clock");
        }
        if (loop.simulatedNanos() != 0) {
            throw new IllegalArgumentException("replay needs a fresh loop at simulated time 0");
        }
        Map<String, Double> here = new LinkedHashMap<>();
        for (Class<? extends BaseSystem> s : loop.systems()) {
            here.put(s.getSimpleName(), ReplayFormat.rateField(loop.system(s)));
        }
        if (!here.equals(replay.systems())) {
            throw new ReplayFormatException(replay.name() + " was recorded with systems " + replay.systems()
                    + ", this loop has " + here);
        }
        if (inputs == null && replay.inputCount() > 0) {
            throw new ReplayFormatException(replay.name() + " holds input events but no input queue was given");
        }
    }

    private ReplayResult run() throws ReplayFormatException {
        checkLoop();
        try (RecordReader records = replay.open(); RecordReader hashes = replay.open()) {
            checker = new Checker(hashes);
            loop.addTickListener(checker);
            long realStart = pace == null ? 0 : pace.nanoTime();
            try {
                replayRecords(records, realStart);
            } catch (BadFrameLength e) {
                throw e;            // the caller's mistake, not the file's
            } catch (RuntimeException e) {
                // The game itself failed on what the file holds (an order it cannot take, say): that is not a
                // divergence, and the caller gets one line like any other unreplayable file.
                throw new ReplayFormatException(replay.name() + " cannot be replayed: the game failed at simulated "
                        + "time " + Durations.exactSeconds(loop.simulatedNanos()) + ": " + oneLine(e));
            } finally {
                loop.removeTickListener(checker);
            }
            if (checker.failure != null) {
                throw checker.failure;
            }
            long finalHash = checker.hasher.hash();
            ReplayResult.Divergence divergence = checker.divergence;
            if (divergence == null && finalHash != replay.endHash()) {
                divergence = new ReplayResult.Divergence(null, loop.simulatedNanos(), checker.lastMatch,
                        replay.endHash(), finalHash);
            }
            return new ReplayResult(checker.matched, loop.simulatedNanos(), finalHash, divergence);
        }
    }

    private static String oneLine(RuntimeException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replace('\n', ' ').replace('\r', ' ');
    }

    /** Applies each record after running every tick up to its instant; hashes are the checker's. */
    private void replayRecords(RecordReader records, long realStart) throws ReplayFormatException {
        while (checker.divergence == null && checker.failure == null) {
            boolean more = records.next();
            if (more && records.kind == ReplayFormat.HASH) {
                continue; // the checker reads hashes on its own pass and checks each at its tick
            }
            advanceTo(records.simNanos, realStart);
            if (!more || checker.divergence != null || checker.failure != null) {
                return;
            }
            apply(records);
        }
    }

    private void advanceTo(long target, long realStart) {
        long bound = loop.catchUpBound().toNanos();
        while (loop.simulatedNanos() < target && checker.divergence == null && checker.failure == null) {
            long wanted = frames.getAsLong();
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

    /**
     * Hashes the state at the recorder's checkpoints and compares with the recorded hashes in order, read by its
     * own pass over the file.
     */
    private final class Checker implements TickListener {
        final StateHash hasher = new StateHash(loop.world());
        final RecordReader hashes;
        boolean haveNext;
        long nextTime;
        long nextHash;
        int matched;
        long nextHashAt;
        long lastMatch = -1;
        ReplayResult.Divergence divergence;
        ReplayFormatException failure;

        Checker(RecordReader hashes) throws ReplayFormatException {
            this.hashes = hashes;
            this.nextHashAt = replay.hashEveryNanos();
            advance();
        }

        private void advance() throws ReplayFormatException {
            haveNext = false;
            while (hashes.next()) {
                if (hashes.kind == ReplayFormat.HASH) {
                    haveNext = true;
                    nextTime = hashes.simNanos;
                    nextHash = hashes.value;
                    return;
                }
            }
        }

        @Override
        public void beforeTick(BaseSystem system, long tickNanos) {
            if (divergence != null || failure != null || tickNanos < nextHashAt) {
                return;
            }
            nextHashAt = Recorder.nextCheckpoint(tickNanos, replay.hashEveryNanos());
            long actual = hasher.hash();
            String name = system.getClass().getSimpleName();
            if (!haveNext) {
                if (tickNanos <= replay.endNanos()) {
                    divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, 0, actual);
                }
                return;
            }
            if (nextTime != tickNanos || nextHash != actual) {
                divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, nextHash, actual);
                return;
            }
            matched++;
            lastMatch = tickNanos;
            try {
                advance();
            } catch (ReplayFormatException e) {
                failure = e;
            }
        }
    }

    /** A frame length of 0 or less from the caller's supplier: refused as the caller's mistake. */
    private static final class BadFrameLength extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadFrameLength(String message) {
            super(message);
        }
    }
}
