package dev.ecsloop;

import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.Replayer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A game whose systems retune rates and phases inside ticks while entities churn replays exactly. */
class GameLoopReplayDeterminismTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void churnAndRateChangesInsideTicksReplayToTheSameHashesUnderThreeFrameProfiles() throws IOException {
        ChurnWorld live = new ChurnWorld(42, 0, DebtPolicy.DISCARD, Duration.ofMillis(250)).bind();
        Recorder recorder = Recorder.attach(live.loop, null, "churn seed=42", Duration.ofMillis(200));
        SplittableRandom random = new SplittableRandom(3);
        for (int f = 0; f < 600; f++) {
            if (f == 250) {
                live.loop.setRate(ChurnWorld.Mixer.class, 24);     // and one change from outside, between frames
            }
            live.frame(f % 101 == 0 ? 90 * MS : random.nextLong(2 * MS, 30 * MS));
        }
        Path file = dir.resolve("churn.replay");
        recorder.save(file);
        Replay replay = Replay.read(file);
        assertTrue(replay.hashCount() > 20, "hashes: " + replay.hashCount());
        SplittableRandom jitter = new SplittableRandom(11);
        LongSupplier[] profiles = {() -> 16_666_667L, () -> jitter.nextLong(1 * MS, 45 * MS), () -> 250 * MS};
        for (LongSupplier profile : profiles) {
            ChurnWorld again = new ChurnWorld(42, 0, DebtPolicy.DISCARD, Duration.ofMillis(250)).bind();
            ReplayResult result = Replayer.play(replay, again.loop, again.clock, null, profile);
            assertNull(result.divergence(), () -> String.valueOf(result.divergence()));
            assertEquals(replay.hashCount(), result.hashesMatched());
            assertEquals(replay.endHash(), result.finalHash());
            assertEquals(live.hash(), again.hash());
        }
    }
}
