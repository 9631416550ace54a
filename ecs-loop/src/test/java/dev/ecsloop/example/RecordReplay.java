package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.Replayer;
import dev.ecsloop.time.ManualClock;

import java.io.IOException;
import java.nio.file.Path;

/** ecs-loop/docs/CONSOLE-AND-REPLAY.md: "Recording and replaying a session", over {@link TimestampedInput}'s game. */
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
}
