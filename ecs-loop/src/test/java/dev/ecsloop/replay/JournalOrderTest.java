package dev.ecsloop.replay;

import dev.ecsloop.DebtPolicy;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Journal records are ordered by the simulated instant at which they take effect, whatever the frame that
 * reported them: a recording made in any real game is a file the reader accepts and that replays to the same
 * hashes.
 */
class JournalOrderTest {

    private static final long MS = 1_000_000L;

    private static byte[] bytes(Recorder recorder) throws IOException {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("journal-order", ".replay");
        try {
            recorder.save(file);
            return java.nio.file.Files.readAllBytes(file);
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    private static void assertReplays(byte[] file) throws IOException {
        Replay replay = Replay.parse(file, "session");
        ReplayWorld again = new ReplayWorld(false);
        ReplayResult result = Replayer.play(replay, again.loop, again.clock, again.inputs, () -> 16_666_667L);
        assertNull(result.divergence(), () -> String.valueOf(result.divergence()));
        assertEquals(replay.hashCount(), result.hashesMatched());
    }

    @Test
    void ordersTypedInFramesThatCrossACheckpointReplay() throws IOException {
        // 40 orders in a 5 s game at 70 ms frames, one per frame: several frames cross a one-second checkpoint,
        // and the frame's orders belong to instants after it.
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofSeconds(1));
        for (int f = 0; f * 70 * MS < 5_000 * MS; f++) {
            if (f < 40 || f % 3 == 0) {
                game.clock.advance(35 * MS);
                game.inputs.post().set(1, f % 50, 0.25f, 0);
                game.clock.advance(35 * MS);
            } else {
                game.clock.advance(70 * MS);
            }
            game.loop.frame();
        }
        byte[] file = bytes(recorder);
        Replay replay = Replay.parse(file, "orders");
        assertEquals(5, replay.hashCount());
        assertTrue(replay.inputCount() >= 40);
        assertReplays(file);
    }

    @Test
    void aStallUnderKeptDebtPutsOrdersAheadOfTheCheckpointsItsCatchUpCrosses() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        game.loop.setDebtPolicy(DebtPolicy.KEEP);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(100));
        for (int f = 0; f < 60; f++) {
            game.clock.advance(f % 10 == 5 ? 900 * MS : 5 * MS);
            game.inputs.post().set(1, f % 50, -0.5f, 0);
            game.clock.advance(5 * MS);
            game.loop.frame();
        }
        assertReplays(bytes(recorder));
    }

    @Test
    void aPhaseChangeIsJournaledAndReplayed() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(10));
        game.frame(100 * MS);
        game.loop.setPhase(ReplayWorld.steering(), 0.5);
        game.frame(500 * MS);
        byte[] file = bytes(recorder);
        int phases = 0;
        try (RecordReader reader = RecordReader.open("phase", file)) {
            while (reader.next()) {
                if (reader.kind == ReplayFormat.PHASE) {
                    phases++;
                    assertEquals(100 * MS, reader.simNanos);
                    assertEquals(0.5, reader.phase);
                    assertEquals("Steering", reader.system);
                }
            }
        }
        assertEquals(1, phases);
        assertReplays(file);
    }

    @Test
    void stepSpamJournalsOneStepRecordPerRun() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofSeconds(1000));
        game.frame(10 * MS);
        long before = recorder.bytes();
        for (int i = 0; i < 5_000; i++) {
            game.loop.step();
        }
        // One PAUSE record and one STEP record, however many steps.
        assertEquals(before + 10 + ReplayFormat.STEP_BYTES, recorder.bytes());
        assertReplays(bytes(recorder));
    }

    @Test
    void aJournalAtItsBoundEndsTheRecordingThereAndStillSavesAReplayableFile() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(50),
                4_096);
        for (int f = 0; f < 400; f++) {
            game.inputs.post().set(1, f % 50, 0.1f, 0);
            game.frame(10 * MS);
        }
        assertTrue(recorder.isFull());
        assertTrue(recorder.bytes() < 4_096 + 200, "journal stopped near its bound: " + recorder.bytes());
        byte[] file = bytes(recorder);
        Replay replay = Replay.parse(file, "full");
        assertTrue(replay.endNanos() > 0 && replay.endNanos() < 4_000 * MS, "ended at " + replay.endNanos());
        assertReplays(file);
    }

    /** Random real play: orders at any moment, stalls, pauses, steps, rate and debt changes, any frame length. */
    @Property(tries = 40)
    void anySessionIsAReadableFileThatReplays(@ForAll @LongRange(min = 0, max = 1L << 40) long seed,
                                              @ForAll @IntRange(min = 1, max = 400) int hashEveryMs)
            throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP,
                Duration.ofMillis(hashEveryMs));
        for (int f = 0; f < 150; f++) {
            int orders = random.nextInt(4) == 0 ? random.nextInt(5) : 0;
            long frame = random.nextInt(20) == 0 ? random.nextLong(100 * MS, 1_500 * MS)
                    : random.nextLong(1, 40 * MS);
            for (int o = 0; o < orders; o++) {
                long part = frame / (orders + 1);
                game.clock.advance(part);
                frame -= part;
                game.inputs.post().set(1, random.nextInt(50), random.nextFloat() - 0.5f, 0);
            }
            switch (random.nextInt(30)) {
                case 0 -> game.loop.pause();
                case 1 -> game.loop.resume();
                case 2 -> game.loop.step();
                case 3 -> game.loop.setRate(ReplayWorld.Mover.class, 10 + random.nextInt(100));
                case 4 -> game.loop.setDebtPolicy(random.nextBoolean() ? DebtPolicy.KEEP : DebtPolicy.DISCARD);
                case 5 -> game.loop.setTimeScale(random.nextInt(4) * 0.5);
                case 6 -> game.loop.setPhase(ReplayWorld.steering(), random.nextInt(10) / 10.0);
                default -> {
                }
            }
            game.clock.advance(frame);
            game.loop.frame();
        }
        assertReplays(bytes(recorder));
    }
}
