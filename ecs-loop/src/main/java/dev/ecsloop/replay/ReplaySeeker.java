package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A replay that can be moved to any simulated instant, forward or backward: {@link #seek} restores the nearest
 * {@link Keyframes keyframe} at or before the instant and simulates forward from it with the recorded input, rates,
 * phases and edits, checking the recorded hashes on the way as {@link Replayer} does. The state it reaches is the
 * state a straight replay reaches at that instant (the loop at that simulated time, every record before it
 * applied), bit for bit, so the rest of the replay verifies after any seek. A seek simulates in frames as long
 * as the catch-up bound allows (the state does not depend on the frame split, and fewer frames cost less);
 * playing uses the caller's frame lengths.
 *
 * <p>Keyframes are captured as the replay first passes each of their instants, so a recording with none gets them
 * by playing once to its end ({@link #playToEnd()}), and they can then be saved beside the replay. Seeking forward
 * past the last keyframe built simulates forward and builds the ones it passes.
 *
 * <p>Single-threaded: call it between frames on the loop's thread. The loop must be fresh (at simulated time 0),
 * built from the recorded setup with a {@link ManualClock} the seeker drives, and {@code snapshots} must capture
 * it. A failed seek (a damaged keyframe, a snapshot the game refuses) is one line and leaves the loop and the
 * seeker exactly as they were.
 */
public final class ReplaySeeker implements AutoCloseable {

    private final ReplayRun run;
    private final Snapshots snapshots;
    private final Keyframes keyframes;
    private final GameLoop loop;

    private ReplaySeeker(ReplayRun run, Snapshots snapshots, Keyframes keyframes) {
        this.run = run;
        this.snapshots = snapshots;
        this.keyframes = keyframes;
        this.loop = run.loop();
    }

    /**
     * Opens a replay for seeking, capturing the keyframe at its start (0, or its start snapshot's instant) unless
     * {@code keyframes} hold it.
     *
     * @param replay    a checked replay
     * @param snapshots snapshots of the loop, built from the recorded setup, at simulated time 0
     * @param clock     the loop's manual clock, which the seeker drives
     * @param inputs    the loop's input queue, or null if the recording holds no input
     * @param frames    real frame lengths in ns to drive with, each positive (and cut to the catch-up bound)
     * @param keyframes keyframes built for this replay ({@link Keyframes#load}), or empty ones to build
     * @return the seeker, at the recording's start
     * @throws ReplayFormatException as {@link Replayer#play} says
     * @throws SnapshotException     if the loop cannot be captured (a component without a codec, say)
     * @throws IllegalStateException if one snapshot exceeds the keyframe budget
     */
    public static ReplaySeeker open(Replay replay, Snapshots snapshots, ManualClock clock, InputQueue inputs,
                                    LongSupplier frames, Keyframes keyframes) throws ReplayFormatException {
        Objects.requireNonNull(keyframes, "keyframes");
        ReplayRun run = ReplayRun.start(replay, snapshots.loop(), snapshots, clock, inputs, frames, null);
        try {
            ReplaySeeker seeker = new ReplaySeeker(run, snapshots, keyframes);
            long start = replay.startNanos();
            if (!keyframes.has(start)) {
                // Entities the game made before its first frame are flushed now, as the first frame would: a
                // capture needs none pending, and the frame then finds nothing to flush.
                snapshots.loop().snapshotState().flushEntities();
                keyframes.add(start, run.position(), snapshots.capture());
            }
            run.stops(seeker.new Capturing());
            return seeker;
        } catch (RuntimeException e) {
            run.close();
            throw e;
        }
    }

    /** Captures a keyframe at each instant the run passes that has none. */
    private final class Capturing implements ReplayRun.Stops {
        @Override
        public long nextAfter(long simNanos) {
            return keyframes.nextAfter(simNanos);
        }

        @Override
        public void reached(long simNanos) {
            if (!keyframes.has(simNanos)) {
                keyframes.add(simNanos, run.position(), snapshots.capture());
            }
        }
    }

    /**
     * Moves the replay to {@code simNanos}: restores the nearest keyframe at or before it (unless simulating on
     * from where the replay is is shorter) and simulates forward to it.
     *
     * @param simNanos the instant, from the recording's start to {@link #endNanos()}
     * @throws IllegalArgumentException if the instant is outside the recording
     * @throws ReplayFormatException    if a keyframe is damaged or of another recording, or the replay cannot go
     *                                  on (as {@link Replayer#play} says); one line, nothing changed by a keyframe
     * @throws SnapshotException        if the game refuses a keyframe's snapshot; one line, nothing changed
     */
    public void seek(long simNanos) throws ReplayFormatException {
        long start = run.replay().startNanos();
        if (simNanos < start || simNanos > endNanos()) {
            throw new IllegalArgumentException("cannot seek to " + Durations.exactSeconds(simNanos) + ": the "
                    + "recording covers " + Durations.exactSeconds(start) + " to " + Durations.exactSeconds(endNanos()));
        }
        long now = loop.simulatedNanos();
        Keyframes.Keyframe k = keyframes.atOrBefore(simNanos);
        if (k != null && (simNanos < now || run.stopped() || k.simNanos() > now)) {
            restore(k);
        }
        run.fastForward(true);
        try {
            run.advance(simNanos);
        } finally {
            run.fastForward(false);
        }
    }

    private void restore(Keyframes.Keyframe k) throws ReplayFormatException {
        byte[] snapshot = keyframes.unpack(k, run.replay().name() + " keyframe at "
                + Durations.exactSeconds(k.simNanos()));
        RecordReader[] readers = run.prepare(k.position());
        try {
            snapshots.restore(snapshot);
        } catch (RuntimeException e) {
            readers[0].close();
            readers[1].close();
            throw e;
        }
        run.resume(k.position(), readers);
    }

    /**
     * Plays forward to {@code simNanos} (or the end), building the keyframes it passes.
     *
     * @param simNanos an instant at or after the current one; past the end means the end
     * @throws IllegalArgumentException if it is before the current instant (use {@link #seek})
     * @throws ReplayFormatException    as {@link Replayer#play} says
     */
    public void playTo(long simNanos) throws ReplayFormatException {
        if (simNanos < loop.simulatedNanos()) {
            throw new IllegalArgumentException("cannot play back to " + Durations.exactSeconds(simNanos)
                    + " from " + Durations.exactSeconds(loop.simulatedNanos()) + "; seek instead");
        }
        run.advance(Math.min(simNanos, endNanos()));
    }

    /**
     * Plays to the end of the recording and says what the replay found since the start or the last seek's
     * keyframe: matched, or the first divergence.
     *
     * @return the result
     * @throws ReplayFormatException as {@link Replayer#play} says
     */
    public ReplayResult playToEnd() throws ReplayFormatException {
        run.advance(Long.MAX_VALUE);
        return run.result();
    }

    /** @return the simulated instant the replay is at */
    public long simulatedNanos() {
        return loop.simulatedNanos();
    }

    /** @return the simulated instant the recording ends at */
    public long endNanos() {
        return run.replay().endNanos();
    }

    /** @return whether the replay has diverged from the recording (it goes no further until a seek back) */
    public boolean diverged() {
        return run.stopped();
    }

    /** @return the keyframes, as built so far */
    public Keyframes keyframes() {
        return keyframes;
    }

    /** Stops checking: the loop is left where it is, with the seeker's listener removed. */
    @Override
    public void close() {
        run.close();
    }
}
