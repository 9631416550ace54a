package dev.ecsloop.replay;

import dev.ecsloop.AllocationMeter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplayTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /**
     * A session with input, rate changes, pauses, steps, a time-scale change and a debt switch, at 144 fps with
     * an occasional stall. Returns the final hash written.
     */
    private static long recordSession(ReplayWorld game, Path file, Duration hashEvery, boolean leakDuringRun)
            throws IOException {
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, hashEvery);
        game.loop.setRate(ReplayWorld.Steering.class, 10);       // from simulated time zero
        SplittableRandom random = new SplittableRandom(99);
        for (int f = 0; f < 900; f++) {
            if (f % 37 == 0) {
                game.inputs.post().set(1, random.nextInt(50), random.nextFloat() * 4 - 2, 0);
            }
            if (f == 200) {
                game.loop.setRate(ReplayWorld.Mover.class, 30);
            }
            if (f == 300) {
                game.loop.pause();
            }
            if (f > 300 && f < 305) {
                game.loop.step();
            }
            if (f == 320) {
                game.loop.resume();
                game.loop.setTimeScale(0.5);
            }
            if (f == 500) {
                game.loop.setEveryFrame(ReplayWorld.Steering.class);
                game.loop.setRate(ReplayWorld.Steering.class, 15);
                game.loop.setCatchUpBound(Duration.ofMillis(100));
            }
            game.frame(f % 97 == 0 ? 180 * MS : 6_944_444L);
        }
        return recorder.save(file);
    }

    private Path recorded(Duration hashEvery) throws IOException {
        Path file = dir.resolve("session.replay");
        recordSession(new ReplayWorld(false), file, hashEvery, false);
        return file;
    }

    @Test
    void aFrameLengthSupplierGivingZeroOrLessIsRefusedInOneLine() throws IOException {
        Replay replay = Replay.read(recorded(Duration.ofMillis(250)));
        for (long bad : new long[] {0, -5, Long.MIN_VALUE}) {
            ReplayWorld game = new ReplayWorld(false);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Replayer.play(replay, game.loop, game.clock, game.inputs, () -> bad));
            assertEquals("the frame-length supplier gave " + bad + " ns: frame lengths must be positive",
                    e.getMessage());
            assertEquals(0, game.loop.simulatedNanos(), "nothing ran");
        }
    }

    @Test
    void aRecordedSessionReplaysToIdenticalHashesUnderThreeFrameProfiles() throws IOException {
        Path file = recorded(Duration.ofMillis(250));
        Replay replay = Replay.read(file);
        replay.requireSetup(ReplayWorld.SETUP);
        assertTrue(replay.hashCount() > 10, "hashes: " + replay.hashCount());
        SplittableRandom jitter = new SplittableRandom(5);
        LongSupplier[] profiles = {
            () -> 16_666_667L,                                   // steady 60 fps
            () -> jitter.nextLong(1 * MS, 40 * MS),              // jitter 1-40 ms
            () -> 1_000 * MS,                                    // as large as the bound allows
        };
        for (LongSupplier profile : profiles) {
            ReplayWorld game = new ReplayWorld(false);
            ReplayResult result = Replayer.play(replay, game.loop, game.clock, game.inputs, profile);
            assertNull(result.divergence(), () -> String.valueOf(result.divergence()));
            assertEquals(replay.hashCount(), result.hashesMatched());
            assertEquals(replay.endNanos(), result.simNanos());
            assertEquals(replay.endHash(), result.finalHash());
        }
    }

    @Test
    void aSimulationThatReadsRealTimeIsCaughtWithTheTickOfDivergence() throws IOException {
        Path file = dir.resolve("leaky.replay");
        ReplayWorld recording = new ReplayWorld(true);
        recordSession(recording, file, Duration.ofNanos(1_000_000_000L / 60), true);
        Replay replay = Replay.read(file);
        ReplayWorld game = new ReplayWorld(true);
        ReplayResult result = Replayer.play(replay, game.loop, game.clock, game.inputs, () -> 3 * MS);
        ReplayResult.Divergence d = result.divergence();
        assertNotNull(d);
        // The first 20 Hz Leaky tick is at 50 ms; the check before the next tick after it catches the change.
        assertEquals(66_666_667L, d.simNanos(), d.toString());
        assertEquals("Mover", d.system());
        assertEquals(50_000_000L, d.lastMatchNanos());
        assertTrue(d.toString().contains("simulated time 0.066666667 s") && d.toString().endsWith("at 0.050 s"),
                d.toString());
    }

    @Test
    void truncatedFilesAreRefusedBeforeAnythingRuns() throws IOException {
        Path file = recorded(Duration.ofSeconds(1));
        byte[] bytes = Files.readAllBytes(file);
        for (int cut : new int[] {0, 5, 12, bytes.length / 2, bytes.length - 20, bytes.length - 1}) {
            Path truncated = dir.resolve("cut" + cut);
            Files.write(truncated, Arrays.copyOf(bytes, cut));
            ReplayFormatException e = assertThrows(ReplayFormatException.class, () -> Replay.read(truncated));
            assertTrue(e.getMessage().contains("truncated") || e.getMessage().contains("corrupt"), e.getMessage());
        }
    }

    @Test
    void everySingleBitFlipInTheBodyIsRefused() throws IOException {
        Path file = recorded(Duration.ofSeconds(1));
        byte[] bytes = Files.readAllBytes(file);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 200; i++) {
            byte[] flipped = bytes.clone();
            int at = 12 + random.nextInt(bytes.length - 12);  // past magic and version, which have their own errors
            flipped[at] ^= (byte) (1 << random.nextInt(8));
            assertThrows(ReplayFormatException.class, () -> Replay.parse(flipped, "flipped"), "flip at " + at);
        }
    }

    @Test
    void otherVersionsMagicAndSetupsGetOneClearError() throws IOException {
        Path file = recorded(Duration.ofSeconds(1));
        byte[] bytes = Files.readAllBytes(file);
        byte[] version5 = bytes.clone();
        version5[11] = 5;
        assertEquals("v5 is replay format version 5; this build reads versions 1 to 4",
                assertThrows(ReplayFormatException.class, () -> Replay.parse(version5, "v5")).getMessage());
        byte[] notReplay = bytes.clone();
        notReplay[0] = 'X';
        assertEquals("x is not an ecs-loop replay (bad magic)",
                assertThrows(ReplayFormatException.class, () -> Replay.parse(notReplay, "x")).getMessage());
        Replay replay = Replay.read(file);
        assertEquals("replay was recorded for setup 'replay-test movers=50', this game is 'other'",
                assertThrows(ReplayFormatException.class, () -> replay.requireSetup("other")).getMessage());
        assertTrue(assertThrows(ReplayFormatException.class, () -> Replay.read(dir.resolve("missing")))
                .getMessage().contains("does not exist"));
    }

    @Test
    void aLoopWithOtherSystemsOrRatesIsRefused() throws IOException {
        Replay replay = Replay.read(recorded(Duration.ofSeconds(1)));
        ReplayWorld game = new ReplayWorld(false);
        game.loop.setRate(ReplayWorld.Mover.class, 50);
        ReplayFormatException e = assertThrows(ReplayFormatException.class,
                () -> Replayer.play(replay, game.loop, game.clock, game.inputs, () -> MS));
        assertTrue(e.getMessage().contains("Mover=50.0"), e.getMessage());
    }

    @Test
    void recordingMustStartAtSimulatedTimeZero() {
        ReplayWorld game = new ReplayWorld(false);
        game.frame(10 * MS);
        assertThrows(IllegalStateException.class, () -> Recorder.attach(game.loop, game.inputs,
                ReplayWorld.SETUP, Duration.ofSeconds(1)));
    }

    @Test
    void savingTwiceGivesTwoReplaysEachCoveringTheSessionFromTheStart() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(100));
        for (int f = 0; f < 100; f++) {
            game.inputs.post().set(1, f % 50, 0.5f, 0);
            game.frame(7 * MS);
        }
        Path early = dir.resolve("early");
        long earlyHash = recorder.save(early);
        for (int f = 0; f < 100; f++) {
            game.frame(7 * MS);
        }
        Path late = dir.resolve("late");
        recorder.save(late);
        assertEquals(700 * MS, Replay.read(early).endNanos());
        assertEquals(earlyHash, Replay.read(early).endHash());
        assertEquals(1400 * MS, Replay.read(late).endNanos());
        for (Path file : new Path[] {early, late}) {
            ReplayWorld again = new ReplayWorld(false);
            assertTrue(Replayer.play(Replay.read(file), again.loop, again.clock, again.inputs, () -> 5 * MS)
                    .matched());
        }
    }

    @Test
    void framesWithoutInputOrRateChangesJournalWithoutAllocating() {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(1));
        long records = recorder.records();
        long bytes = AllocationMeter.steadyStateBytes(() -> {
            for (int i = 0; i < 10_000; i++) {
                game.frame(5 * MS);
            }
        }, 5);
        assertEquals(0, bytes);
        // A hash before every tick instant (the interval is shorter than any step): at least 60 a second.
        assertTrue(recorder.records() - records >= 2 * 50 * 60, "hashes were journaled meanwhile");
    }
}
