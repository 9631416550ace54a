package dev.ecsloop.replay;

import dev.ecsloop.snapshot.SnapWorld;
import dev.ecsloop.snapshot.SnapshotException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile keyframe files: truncated, bit-flipped, of another recording, with lying counts and lengths (CRC
 * recomputed so that only the checks behind it can refuse them), or with a damaged snapshot inside: each is one
 * line naming the file, and a seeker that meets one is exactly as it was.
 */
class KeyframeFileTest {

    static final long SEED = 4242;
    static Path dir;
    static Path replayFile;
    static Replay replay;
    static byte[] good;

    @BeforeAll
    static void build(@TempDir Path tmp) throws IOException {
        dir = tmp;
        List<Long> frames = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            frames.add(16_666_667L + (i % 7) * 3_000_000L);
        }
        replayFile = ReplaySeekProperties.record(SEED, frames);
        replay = Replay.read(replayFile);
        SnapWorld w = new SnapWorld(SEED, 0);
        Keyframes keyframes = new Keyframes(250_000_000L, 1L << 20);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 10_000_000L,
                keyframes)) {
            assertTrue(s.playToEnd().matched());
        }
        assertTrue(keyframes.count() >= 5, "keyframes built: " + keyframes.count());
        Path keys = tmp.resolve("good.keys");
        keyframes.save(keys, replay);
        good = Files.readAllBytes(keys);
    }

    static String refusal(byte[] bytes) throws IOException {
        Path f = Files.write(dir.resolve("hostile.keys"), bytes);
        ReplayFormatException e = assertThrows(ReplayFormatException.class, () -> Keyframes.load(f, replay, 64));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().contains("hostile.keys"), e.getMessage());
        return e.getMessage();
    }

    static byte[] withCrc(byte[] bytes) {
        byte[] out = bytes.clone();
        CRC32 crc = new CRC32();
        crc.update(out, 0, out.length - 4);
        ByteBuffer.wrap(out).putInt(out.length - 4, (int) crc.getValue());
        return out;
    }

    /** Offset of the first keyframe record. */
    static int firstKeyframe() {
        return 8 + 4 + 2 + replay.setup().getBytes(StandardCharsets.UTF_8).length + 4 * 8 + 8 + 4 + 4;
    }

    @Test
    void theGoodFileLoadsWithItsKeyframes() throws IOException {
        Path f = Files.write(dir.resolve("again.keys"), good);
        Keyframes k = Keyframes.load(f, replay, 64);
        assertTrue(k.count() >= 5);
        assertEquals(Duration.ofMillis(250), k.interval());
    }

    @Test
    void everyTruncationIsOneLine() throws IOException {
        for (int n = 0; n < good.length; n += Math.max(1, good.length / 300)) {
            refusal(Arrays.copyOf(good, n));
        }
        refusal(Arrays.copyOf(good, good.length + 1));
    }

    @Test
    void bitFlipsAreRefusedByTheCrcOrTheChecksBeforeIt() throws IOException {
        for (int at = 0; at < good.length; at += Math.max(1, good.length / 300)) {
            byte[] flipped = good.clone();
            flipped[at] ^= (byte) (1 << (at % 8));
            refusal(flipped);
        }
    }

    @Test
    void lyingFieldsBehindAGoodCrcAreRefused() throws IOException {
        int k = firstKeyframe();
        int headerCount = k - 4;
        byte[] many = good.clone();
        ByteBuffer.wrap(many).putInt(headerCount, Integer.MAX_VALUE);
        assertTrue(refusal(withCrc(many)).contains("claims"));
        byte[] notAtZero = good.clone();
        ByteBuffer.wrap(notAtZero).putLong(k, 5);
        assertTrue(refusal(withCrc(notAtZero)).contains("keyframes start at the recording's start, 0 ns"));
        byte[] pastEnd = good.clone();
        ByteBuffer.wrap(pastEnd).putLong(k + 8, Long.MAX_VALUE);
        assertTrue(refusal(withCrc(pastEnd)).contains("position"));
        byte[] hugePacked = good.clone();
        ByteBuffer.wrap(hugePacked).putInt(k + 8 + 8 + 8 + 1 + 8 + 4 + 8 + 4, Integer.MAX_VALUE);
        assertTrue(refusal(withCrc(hugePacked)).contains("packed"));
        byte[] badInterval = good.clone();
        ByteBuffer.wrap(badInterval).putLong(k - 16, -1);
        assertTrue(refusal(withCrc(badInterval)).contains("interval"));
        byte[] version = good.clone();
        ByteBuffer.wrap(version).putInt(8, 99);
        assertTrue(refusal(withCrc(version)).contains("version 99"));
    }

    @Test
    void keyframesOfAnotherRecordingAreRefused() throws IOException {
        List<Long> frames = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            frames.add(20_000_000L);
        }
        Replay other = Replay.read(ReplaySeekProperties.record(SEED + 1, frames));
        Path f = Files.write(dir.resolve("mine.keys"), good);
        String why = assertThrows(ReplayFormatException.class, () -> Keyframes.load(f, other, 64)).getMessage();
        assertTrue(why.contains("another recording"), why);
    }

    @Test
    void aMissingFileOrADirectoryIsOneLine() {
        assertTrue(assertThrows(ReplayFormatException.class, () -> Keyframes.load(dir.resolve("none.keys"), replay,
                64)).getMessage().contains("does not exist"));
        assertTrue(assertThrows(ReplayFormatException.class, () -> Keyframes.load(dir, replay, 64)).getMessage()
                .contains("not a regular file"));
    }

    @Test
    void aDamagedSnapshotInsideIsRefusedAtTheSeekAndChangesNothing() throws IOException {
        // The last keyframe's packed bytes are replaced by garbage of the same length, CRC recomputed: the file
        // loads (its structure is right), and the seek that would restore it refuses and changes nothing.
        Path f = Files.write(dir.resolve("ok.keys"), good);
        Keyframes loaded = Keyframes.load(f, replay, 64);
        Keyframes.Keyframe last = loaded.atOrBefore(Long.MAX_VALUE);
        byte[] damaged = good.clone();
        int packedAt = good.length - 4 - last.packed().length;
        for (int i = 0; i < last.packed().length; i++) {
            damaged[packedAt + i] = (byte) (i * 31 + 7);
        }
        Keyframes bad = Keyframes.load(Files.write(dir.resolve("damaged.keys"), withCrc(damaged)), replay, 64);
        SnapWorld w = new SnapWorld(SEED, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 7_000_000L, bad)) {
            s.playTo(last.simNanos() / 2);
            long time = w.loop.simulatedNanos();
            long hash = w.hash();
            ReplayFormatException e = assertThrows(ReplayFormatException.class, () -> s.seek(last.simNanos()));
            assertTrue(e.getMessage().contains("damaged keyframe"), e.getMessage());
            assertEquals(time, w.loop.simulatedNanos());
            assertEquals(hash, w.hash());
            assertFalse(s.diverged());
            s.seek(0);
            assertTrue(s.playToEnd().matched(), "the seeker goes on after a refused keyframe");
        }
    }

    @Test
    void aSnapshotOfAnotherSetupInsideIsRefusedByTheGameAndChangesNothing() throws IOException {
        // A keyframe whose snapshot is a well-formed snapshot of another world (seed) packed anew.
        Path f = Files.write(dir.resolve("ok2.keys"), good);
        Keyframes loaded = Keyframes.load(f, replay, 64);
        Keyframes.Keyframe first = loaded.atOrBefore(0);
        byte[] foreign = new SnapWorld(SEED + 9, 0).snapshots.capture();
        Keyframes swapped = new Keyframes(loaded.intervalNanos(), 1L << 20);
        swapped.add(0, first.position(), foreign);
        SnapWorld w = new SnapWorld(SEED, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 7_000_000L,
                swapped)) {
            s.playTo(replay.endNanos() / 3);
            long hash = w.hash();
            long time = w.loop.simulatedNanos();
            assertThrows(SnapshotException.class, () -> s.seek(0));
            assertEquals(time, w.loop.simulatedNanos());
            assertEquals(hash, w.hash());
            s.playTo(replay.endNanos() / 2);
            assertFalse(s.diverged(), "the seeker goes on from where it was");
        }
    }

    @Test
    void aSeekOutsideTheRecordingIsOneLine() throws IOException {
        SnapWorld w = new SnapWorld(SEED, 0);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 7_000_000L,
                new Keyframes(1_000_000_000L, 1L << 20))) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> s.seek(replay.endNanos() + 1))
                    .getMessage().contains("covers " + dev.ecsloop.time.Durations.exactSeconds(0) + " to"));
            assertThrows(IllegalArgumentException.class, () -> s.seek(-1));
            s.playTo(replay.endNanos() / 2);
            assertThrows(IllegalArgumentException.class, () -> s.playTo(0));
        }
    }

    @Test
    void aTightBudgetThinsInsteadOfFailing() throws IOException {
        SnapWorld w = new SnapWorld(SEED, 0);
        byte[] one = KeyframePacking.pack(w.snapshots.capture());
        Keyframes tight = new Keyframes(50_000_000L, one.length * 6L);
        try (ReplaySeeker s = ReplaySeeker.open(replay, w.snapshots, w.clock, w.input, () -> 9_000_000L, tight)) {
            assertTrue(s.playToEnd().matched());
        }
        assertTrue(tight.thinnings() > 0, "thinned");
        assertTrue(tight.bytes() <= tight.budgetBytes());
        assertEquals(50_000_000L << tight.thinnings(), tight.intervalNanos());
        assertTrue(tight.rawBytes() > tight.bytes(), "packing shrinks snapshots");
    }
}
