package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.ReplaySeeker;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** ecs-loop/docs/CONSOLE-AND-REPLAY.md: "Recording and replaying a session", "Recording from a snapshot" and "Seeking", over {@link TimestampedInput}'s game. */
final class RecordReplay {

    private RecordReplay() {
    }

    // region record
    static Recorder record(GameLoop loop, InputQueue inputs) {
        // At simulated time 0, before the first frame; it keeps the whole session in memory.
        return Recorder.attach(loop, inputs, "my-game v1 seed=7", Recorder.defaultHashInterval());
    }

    static void saveAfterTheBug(Recorder recorder) throws IOException {
        recorder.save(Path.of("bug.replay"));         // the session so far, from simulated time 0
    }
    // endregion record

    // region replay
    static boolean replays(Path file) throws IOException {
        Replay replay = Replay.read(file);              // a corrupt file: ReplayFormatException, nothing runs
        replay.requireSetup("my-game v1 seed=7");
        ManualClock clock = new ManualClock();          // the replayer drives time
        InputQueue inputs = new InputQueue(TimestampedInput.PlayerSystem.class);
        GameLoop loop = TimestampedInput.create(clock, inputs);
        ReplayResult result = Replayer.play(replay, loop, clock, inputs, () -> 5_000_000L);  // any frame lengths
        if (!result.matched()) {
            System.out.println(result.divergence());    // the system and simulated time of the first difference
        }
        return result.matched();
    }
    // endregion replay

    // region seek
    static boolean seeks(Path file) throws IOException {
        Replay replay = Replay.read(file);
        ManualClock clock = new ManualClock();
        InputQueue inputs = new InputQueue(TimestampedInput.PlayerSystem.class);
        GameLoop loop = TimestampedInput.create(clock, inputs);
        Snapshots snapshots = Snapshots.builder(loop).setup("my-game v1 seed=7").input(inputs).build();
        Path keys = Keyframes.besideReplay(file);      // bug.replay.keys
        Keyframes keyframes = Files.exists(keys)       // a bad file: ReplayFormatException, nothing changes
                ? Keyframes.load(keys, replay, Keyframes.DEFAULT_BUDGET_MB)
                : Keyframes.every(Keyframes.DEFAULT_INTERVAL, Keyframes.DEFAULT_BUDGET_MB);
        try (ReplaySeeker seeker = ReplaySeeker.open(replay, snapshots, clock, inputs, () -> 5_000_000L,
                keyframes)) {
            seeker.seek(replay.endNanos() / 2);          // restore the keyframe at or before, simulate the rest
            seeker.seek(0);                              // and back
            ReplayResult rest = seeker.playToEnd();      // checks every hash, builds the keyframes it passes
            keyframes.save(keys, replay);                // later seeks start from them
            return rest.matched();
        }
    }
    // endregion seek

    // region fromsnapshot
    static Recorder recordFromLoaded(Snapshots snapshots, InputQueue inputs, byte[] saved) {
        snapshots.restore(saved);                       // the loop jumps to the saved instant
        // Past simulated time 0: the recording starts from a snapshot captured now.
        return Recorder.attach(snapshots, inputs, "my-game v1 seed=7", Recorder.defaultHashInterval());
    }

    static boolean replaysFromItsStart(Path file, Snapshots fresh, ManualClock clock, InputQueue inputs)
            throws IOException {
        Replay replay = Replay.read(file);              // replay.startsFromSnapshot(), replay.startNanos()
        ReplayResult result = Replayer.play(replay, fresh, clock, inputs, () -> 5_000_000L);  // restores, then replays
        return result.matched();
    }
    // endregion fromsnapshot
}
