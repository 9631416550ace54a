package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

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
 *
 * <p>{@link ReplayRun} does the work; {@link ReplaySeeker} moves through a replay back and forth.
 */
public final class Replayer {

    private Replayer() {
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
     *                               starts from a snapshot (use the {@code Snapshots} overload), it has input
     *                               and no queue was given, the file changed since it was checked, or
     *                               the game failed on what it holds; the message is one line naming the file
     */
    public static ReplayResult play(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs,
                                    LongSupplier frames) throws ReplayFormatException {
        return run(replay, loop, null, clock, inputs, frames, null);
    }

    /**
     * Replays as fast as possible a recording that may start from a snapshot ({@link Replay#startsFromSnapshot}):
     * the start snapshot is restored into the loop first, then the records from there are replayed and checked.
     *
     * @param replay    a checked replay file
     * @param snapshots snapshots of the loop, built from the recorded setup, at simulated time 0, driven by
     *                  {@code clock}
     * @param clock     the loop's manual clock, which the replayer drives
     * @param inputs    the loop's input queue (the one {@code snapshots} restores), or null if the game takes none
     * @param frames    real frame lengths in ns to drive with, each positive (and cut to the catch-up bound)
     * @return what the replay found: matched, or the first divergence
     * @throws IllegalArgumentException if {@code frames} gives a length of 0 or less
     * @throws ReplayFormatException as {@link #play(Replay, GameLoop, ManualClock, InputQueue, LongSupplier)}
     *                               says, or if the game refuses the start snapshot
     */
    public static ReplayResult play(Replay replay, dev.ecsloop.snapshot.Snapshots snapshots, ManualClock clock,
                                    InputQueue inputs, LongSupplier frames) throws ReplayFormatException {
        return run(replay, snapshots.loop(), snapshots, clock, inputs, frames, null);
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
        return run(replay, loop, null, clock, inputs, frames, Objects.requireNonNull(pace, "pace"));
    }

    private static ReplayResult run(Replay replay, GameLoop loop, dev.ecsloop.snapshot.Snapshots snapshots,
                                    ManualClock clock, InputQueue inputs, LongSupplier frames, Clock pace)
            throws ReplayFormatException {
        try (ReplayRun run = ReplayRun.start(replay, loop, snapshots, clock, inputs, frames, pace)) {
            run.advance(Long.MAX_VALUE);
            return run.result();
        }
    }
}
