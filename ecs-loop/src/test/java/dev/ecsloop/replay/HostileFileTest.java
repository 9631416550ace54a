package dev.ecsloop.replay;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A replay file is input from anywhere: every bad one is refused with one line naming the file and what is
 * wrong, before anything runs, in bounded memory; never an exception of another kind, a hang, or a crash.
 */
class HostileFileTest {

    private static final long MS = 1_000_000L;
    private static byte[] valid;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(200));
        for (int f = 0; f < 200; f++) {
            if (f % 9 == 0) {
                game.inputs.post().set(1, f % 50, 0.3f, 0);
            }
            if (f == 50) {
                game.loop.setPhase(ReplayWorld.steering(), 0.25);
                game.loop.setRate(ReplayWorld.Mover.class, 40);
                game.loop.setTimeScale(2);
                game.loop.setCatchUpBound(Duration.ofMillis(100));
            }
            if (f == 80) {
                game.loop.pause();
                game.loop.step();
                game.loop.resume();
                game.loop.setDebtPolicy(dev.ecsloop.DebtPolicy.KEEP);
            }
            game.frame(f % 40 == 0 ? 300 * MS : 10 * MS);
        }
        Path file = Files.createTempFile("hostile", ".replay");
        recorder.save(file);
        valid = Files.readAllBytes(file);
        Files.delete(file);
    }

    /** What a caller sees: a refusal of one line naming the file, or a replay that ran to a result. */
    private static void refusedInOneLineOrReplayed(byte[] bytes, String what) {
        Replay replay;
        try {
            replay = Replay.parse(bytes, "mutant.replay");
        } catch (ReplayFormatException e) {
            assertOneLine(e, what);
            return;
        }
        ReplayWorld game = new ReplayWorld(false);
        try {
            Replayer.play(replay, game.loop, game.clock, game.inputs, () -> 16 * MS);
        } catch (ReplayFormatException e) {
            assertOneLine(e, what);
        }
    }

    private static void assertOneLine(ReplayFormatException e, String what) {
        String m = e.getMessage();
        assertTrue(m.contains("mutant.replay"), () -> what + ": " + m);
        assertFalse(m.contains("\n") || m.contains("\r"), () -> what + ": " + m);
    }

    @Property(tries = 400)
    void mutatedRecordingsAreRefusedInOneLineOrReplayCleanly(@ForAll @LongRange(min = 0, max = 1L << 40) long seed)
            throws ReplayFormatException {
        ReplayMutations.Mutant m = new ReplayMutations(valid).next(new SplittableRandom(seed));
        refusedInOneLineOrReplayed(m.bytes(), m.what());
    }

    @Test
    void theUnmutatedRecordingReplays() throws ReplayFormatException {
        Replay replay = Replay.parse(valid, "valid");
        ReplayWorld game = new ReplayWorld(false);
        assertTrue(Replayer.play(replay, game.loop, game.clock, game.inputs, () -> 16 * MS).matched());
    }

    private String refusal(byte[] bytes) {
        return assertThrows(ReplayFormatException.class, () -> Replay.parse(bytes, "f")).getMessage();
    }

    /** Writes the original with {@code change} applied at the first record of {@code kind}, checksum repaired. */
    private static byte[] withRecord(byte kind, java.util.function.BiConsumer<byte[], Integer> change)
            throws ReplayFormatException {
        try (RecordReader reader = RecordReader.open("v", valid)) {
            long at = reader.position();
            while (true) {
                boolean more = reader.next();
                if (reader.kind == kind) {
                    byte[] b = valid.clone();
                    change.accept(b, (int) at);
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(b, 0, b.length - 4);
                    int c = (int) crc.getValue();
                    for (int i = 0; i < 4; i++) {
                        b[b.length - 4 + i] = (byte) (c >>> (24 - 8 * i));
                    }
                    return b;
                }
                if (!more) {
                    break;
                }
                at = reader.position();
            }
        }
        throw new AssertionError("no record of kind " + kind);
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (56 - 8 * i));
        }
    }

    @Test
    void badRatesInRecordsAreRefusedWithTheValue() throws ReplayFormatException {
        double[] bad = {Double.NaN, -1, 1e-9, 1e9, Double.POSITIVE_INFINITY};
        for (double hz : bad) {
            byte[] b = withRecord(ReplayFormat.RATE, (bytes, at) -> {
                int nameLength = ((bytes[at + 9] & 0xff) << 8) | (bytes[at + 10] & 0xff);
                putLong(bytes, at + 11 + nameLength, Double.doubleToRawLongBits(hz));
            });
            String m = refusal(b);
            assertTrue(m.startsWith("f is corrupt at byte ") && m.contains("rate " + hz + " Hz"), m);
        }
    }

    /** Found by the fuzz test: an order naming an entity the world never had made the game itself throw. */
    @Test
    void anOrderTheGameCannotTakeIsRefusedInOneLineNotAsAStackTrace() throws ReplayFormatException {
        byte[] b = withRecord(ReplayFormat.INPUT, (bytes, at) -> {
            bytes[at + 13] = 0;
            bytes[at + 14] = 0;
            bytes[at + 15] = 0x40;
            bytes[at + 16] = 0x30;
        });
        Replay replay = Replay.parse(b, "order.replay");
        ReplayWorld game = new ReplayWorld(false);
        String m = assertThrows(ReplayFormatException.class,
                () -> Replayer.play(replay, game.loop, game.clock, game.inputs, () -> 16 * MS)).getMessage();
        assertTrue(m.startsWith("order.replay cannot be replayed: the game failed at simulated time "), m);
        assertTrue(m.contains("16432") && !m.contains("\n"), m);
    }

    @Test
    void aFileCannotAskForMoreThanAYearOfSimulationOrAHashIntervalOverAnHour() throws ReplayFormatException {
        byte[] farEnd = withRecord(ReplayFormat.END, (bytes, at) -> putLong(bytes, at + 1, Long.MAX_VALUE));
        assertTrue(refusal(farEnd).endsWith("simulated time 9223372036.854775807 s is past a year, the most a "
                + "replay covers"), refusal(farEnd));
        byte[] slowHashes = valid.clone();
        int setupLength = ((slowHashes[12] & 0xff) << 8) | (slowHashes[13] & 0xff);
        putLong(slowHashes, 14 + setupLength, 2 * 3_600_000_000_000L);
        assertTrue(refusal(slowHashes).endsWith("hash interval 7200.000 s (must be above 0 and at most an hour)"),
                refusal(slowHashes));
        ReplayWorld game = new ReplayWorld(false);
        assertThrows(IllegalArgumentException.class, () -> Recorder.attach(game.loop, game.inputs,
                ReplayWorld.SETUP, Duration.ofMinutes(61)));
    }

    @Test
    void aRateChangeForAnUnknownSystemIsRefusedNamingIt() throws ReplayFormatException {
        byte[] b = withRecord(ReplayFormat.RATE, (bytes, at) -> bytes[at + 11] = 'Z');
        String m = refusal(b);
        assertTrue(m.contains("rate change for system 'Zover', which the header does not list"), m);
    }

    @Test
    void absurdLengthsAreRefusedBeforeAnythingIsAllocatedForThem() {
        byte[] b = valid.clone();
        int setupLength = ((b[12] & 0xff) << 8) | (b[13] & 0xff);
        int count = 14 + setupLength + 8;
        b[count] = 0x7f;
        assertTrue(refusal(b).endsWith(": 2130706436 systems (at most 1024)"), refusal(b));
        byte[] c = valid.clone();
        c[12] = (byte) 0xff;
        c[13] = (byte) 0xff;
        assertTrue(refusal(c).contains("setup of 65535 bytes (at most 1024)"), refusal(c));
    }

    @Test
    void aStreamOfRecordsWithNoEndIsRefusedAtTheSizeLimitNotByExhaustingMemory() {
        // A valid header then records forever: a 3 GB file or a fast writer never gets past the limit.
        int header = (int) headerLength();
        java.io.InputStream endless = new java.io.InputStream() {
            long position;

            @Override
            public int read() {
                int b;
                if (position < header) {
                    b = valid[(int) position] & 0xff;
                } else {
                    long r = (position - header) % 9;
                    b = r == 0 ? ReplayFormat.STEP : 0;
                }
                position++;
                return b;
            }
        };
        ReplayFormatException e = assertThrows(ReplayFormatException.class, () -> {
            try (RecordReader reader = RecordReader.open("endless", endless)) {
                while (reader.next()) {
                    // keep reading: the limit must stop it
                }
            }
        });
        assertEquals("endless is larger than " + ReplayFormat.MAX_FILE_BYTES + " bytes, the most a replay may hold",
                e.getMessage());
    }

    private static long headerLength() {
        try (RecordReader reader = RecordReader.open("v", valid)) {
            return reader.position();
        } catch (ReplayFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void devicesFifosDirectoriesAndOversizedFilesAreRefusedBeforeTheyAreOpened() throws Exception {
        assertTrue(assertThrows(ReplayFormatException.class, () -> Replay.read(dir)).getMessage()
                .endsWith(" is a directory"));
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero));
        assertEquals("replay file /dev/zero is not a regular file (a device, FIFO or socket cannot be replayed)",
                assertThrows(ReplayFormatException.class, () -> Replay.read(zero)).getMessage());
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mkfifo.waitFor() == 0);
        assertTrue(assertThrows(ReplayFormatException.class, () -> Replay.read(fifo)).getMessage()
                .contains("is not a regular file"));
        Path huge = dir.resolve("huge.replay");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.write(valid);
            f.setLength(3L << 30); // sparse: 3 GB claimed, nothing stored
        }
        assertEquals("replay file " + huge + " is 3221225472 bytes; a replay holds at most 67108864",
                assertThrows(ReplayFormatException.class, () -> Replay.read(huge)).getMessage());
    }

    // ---------------------------------------------------------------- the start section (format 4)

    private static byte[] startRecorded;

    /** A recording that starts from a snapshot at about 1.3 s of a SnapWorld, with input after the start. */
    private static byte[] startRecording() throws IOException {
        if (startRecorded == null) {
            startRecorded = recordFromASnapshot();
        }
        return startRecorded.clone();
    }

    private static byte[] recordFromASnapshot() throws IOException {
        dev.ecsloop.snapshot.SnapWorld first = new dev.ecsloop.snapshot.SnapWorld(11, 0);
        for (int f = 0; f < 80; f++) {
            first.frame(16 * MS);
        }
        dev.ecsloop.snapshot.SnapWorld live = new dev.ecsloop.snapshot.SnapWorld(11, 0);
        live.snapshots.restore(first.snapshots.capture());
        Recorder recorder = Recorder.attach(live.snapshots, live.input, "snapworld seed=11", Duration.ofMillis(100));
        for (int f = 0; f < 60; f++) {
            if (f % 7 == 0) {
                live.post(f);
            }
            live.frame(16 * MS);
        }
        Path file = Files.createTempFile("hostile-start", ".replay");
        recorder.save(file);
        byte[] bytes = Files.readAllBytes(file);
        Files.delete(file);
        return bytes;
    }

    /** Where the start section (long start, int length, snapshot) begins, and the snapshot's length. */
    private static int[] startSection(byte[] bytes) throws ReplayFormatException {
        try (RecordReader reader = RecordReader.open("s", bytes)) {
            int length = reader.startLength();
            return new int[] {(int) reader.position() - length - 12, length};
        }
    }

    /** The file with its trailing CRC-32 recomputed, so a change reaches the checks behind the checksum. */
    private static byte[] withCrc(byte[] b) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b, 0, b.length - 4);
        int v = (int) crc.getValue();
        for (int i = 0; i < 4; i++) {
            b[b.length - 4 + i] = (byte) (v >>> (24 - 8 * i));
        }
        return b;
    }

    /** Replays with the game's snapshots, as a start-snapshot recording needs: one line naming the file, or a result. */
    private static void refusedInOneLineOrReplayedFromItsStart(byte[] bytes, String what) {
        Replay replay;
        try {
            replay = Replay.parse(bytes, "mutant.replay");
        } catch (ReplayFormatException e) {
            assertOneLine(e, what);
            return;
        }
        dev.ecsloop.snapshot.SnapWorld game = new dev.ecsloop.snapshot.SnapWorld(11, 0);
        try {
            Replayer.play(replay, game.snapshots, game.clock, game.input, () -> 16 * MS);
        } catch (ReplayFormatException e) {
            assertOneLine(e, what);
        }
    }

    @Test
    void aRecordingFromASnapshotReplaysAndNeedsTheGamesSnapshots() throws IOException {
        byte[] b = startRecording();
        Replay replay = Replay.parse(b, "start.replay");
        assertTrue(replay.startsFromSnapshot());
        assertTrue(replay.startNanos() > 0);
        dev.ecsloop.snapshot.SnapWorld game = new dev.ecsloop.snapshot.SnapWorld(11, 0);
        ReplayResult result = Replayer.play(replay, game.snapshots, game.clock, game.input, () -> 16 * MS);
        assertTrue(result.matched(), () -> "" + result.divergence());
        dev.ecsloop.snapshot.SnapWorld plain = new dev.ecsloop.snapshot.SnapWorld(11, 0);
        String m = assertThrows(ReplayFormatException.class,
                () -> Replayer.play(replay, plain.loop, plain.clock, plain.input, () -> 16 * MS)).getMessage();
        assertTrue(m.startsWith("start.replay starts from a snapshot at ") && m.endsWith("needs the game's snapshots"), m);
        assertEquals(0, plain.loop.simulatedNanos(), "the refused replay left the loop alone");
    }

    @Test
    void aTruncatedStartSectionIsRefusedAsTruncated() throws IOException {
        byte[] b = startRecording();
        int[] s = startSection(b);
        for (int cut : new int[] {s[0] + 3, s[0] + 10, s[0] + 12 + s[1] / 2, s[0] + 12 + s[1] - 1}) {
            String m = refusal(java.util.Arrays.copyOf(b, cut));
            assertTrue(m.startsWith("f is truncated: it ends after " + cut + " bytes"), m);
        }
    }

    @Test
    void hugeOrNegativeStartLengthsAreRefusedBeforeAnythingIsAllocated() throws IOException {
        byte[] b = startRecording();
        int lengthAt = startSection(b)[0] + 8;
        for (int length : new int[] {Integer.MAX_VALUE, -1, ReplayFormat.MAX_START_BYTES + 1}) {
            byte[] c = b.clone();
            for (int i = 0; i < 4; i++) {
                c[lengthAt + i] = (byte) (length >>> (24 - 8 * i));
            }
            assertEquals("f is corrupt at byte " + lengthAt + ": start snapshot of " + length + " bytes (at most "
                    + ReplayFormat.MAX_START_BYTES + ")", refusal(c));
        }
        // Within the limit but past what the file holds: read in chunks, so refused as truncated, not allocated.
        byte[] d = b.clone();
        int big = 40 << 20;
        for (int i = 0; i < 4; i++) {
            d[lengthAt + i] = (byte) (big >>> (24 - 8 * i));
        }
        assertTrue(refusal(d).startsWith("f is truncated"), refusal(d));
    }

    @Test
    void aStartPastZeroWithoutASnapshotOrBeforeZeroIsRefused() throws IOException {
        ReplayWorld game = new ReplayWorld(false);
        Recorder recorder = Recorder.attach(game.loop, game.inputs, ReplayWorld.SETUP, Duration.ofMillis(200));
        game.frame(10 * MS);
        Path file = Files.createTempFile("fresh", ".replay");
        recorder.save(file);
        byte[] fresh = Files.readAllBytes(file);
        Files.delete(file);
        int at = startSection(fresh)[0];
        byte[] c = fresh.clone();
        putLong(c, at, 5 * MS);
        assertEquals("f is corrupt at byte " + (at + 8) + ": start at 0.005 s without a start snapshot", refusal(c));
        putLong(c, at, -1);
        assertTrue(refusal(c).startsWith("f is corrupt at byte " + at + ": start at "), refusal(c));
    }

    @Test
    void recordsBeforeTheStartAreRefused() throws IOException {
        byte[] b = startRecording();
        int[] s = startSection(b);
        int first = s[0] + 12 + s[1];
        byte[] c = b.clone();
        putLong(c, first + 1, 0); // the first record, moved to simulated time 0, before the start
        assertTrue(refusal(withCrc(c)).contains("simulated time goes back from"), refusal(withCrc(c)));
    }

    @Property(tries = 300)
    void mutatedRecordingsFromASnapshotAreRefusedInOneLineOrReplayCleanly(
            @ForAll @LongRange(min = 0, max = 1L << 40) long seed) throws IOException {
        ReplayMutations.Mutant m = new ReplayMutations(startRecording()).next(new SplittableRandom(seed));
        refusedInOneLineOrReplayedFromItsStart(m.bytes(), m.what());
    }

    @Property(tries = 150)
    void bitFlipsInTheStartSnapshotAreRefusedInOneLine(@ForAll @LongRange(min = 0, max = 1L << 40) long seed)
            throws IOException {
        startSnapshotWithBitFlipsIsRefused(seed);
    }

    /** Shrunk from the property: two of its flips hit the same bit, so the snapshot came out intact. */
    @Example
    void bitFlipsThatOnceUndidEachOtherAreNowDistinct() throws IOException {
        startSnapshotWithBitFlipsIsRefused(9004390);
    }

    /** Flips 1 to 4 distinct bits of the start snapshot (the same bit twice would leave it intact). */
    private void startSnapshotWithBitFlipsIsRefused(long seed) throws IOException {
        byte[] b = startRecording();
        int[] s = startSection(b);
        SplittableRandom random = new SplittableRandom(seed);
        byte[] c = b.clone();
        int flips = 1 + random.nextInt(4);
        Set<Integer> bits = new HashSet<>();
        while (bits.size() < flips) {
            int bit = random.nextInt(s[1] * 8);
            if (bits.add(bit)) {
                c[s[0] + 12 + bit / 8] ^= (byte) (1 << (bit % 8));
            }
        }
        if (random.nextBoolean()) {
            // Unrepaired: the file's checksum refuses it before anything runs.
            assertTrue(refusal(c).endsWith("is corrupt: checksum mismatch"), refusal(c));
        } else {
            // Repaired: the snapshot's own CRC refuses it at the start of the replay, in one line, the loop unchanged.
            byte[] repaired = withCrc(c);
            Replay replay = Replay.parse(repaired, "mutant.replay");
            dev.ecsloop.snapshot.SnapWorld game = new dev.ecsloop.snapshot.SnapWorld(11, 0);
            ReplayFormatException e = assertThrows(ReplayFormatException.class,
                    () -> Replayer.play(replay, game.snapshots, game.clock, game.input, () -> 16 * MS));
            assertOneLine(e, "start snapshot bit flips");
            assertTrue(e.getMessage().contains("start snapshot is refused"), e.getMessage());
            assertEquals(0, game.loop.simulatedNanos(), "the refused start left the loop at 0");
        }
    }

    @Test
    void aVersion3FileWithoutAStartSectionStillReplays() throws ReplayFormatException {
        int at = startSection(valid)[0];
        byte[] old = new byte[valid.length - 12];
        System.arraycopy(valid, 0, old, 0, at);
        System.arraycopy(valid, at + 12, old, at, valid.length - at - 12);
        old[11] = 3;
        Replay replay = Replay.parse(withCrc(old), "v3.replay");
        assertEquals(0, replay.startNanos());
        ReplayWorld game = new ReplayWorld(false);
        assertTrue(Replayer.play(replay, game.loop, game.clock, game.inputs, () -> 16 * MS).matched());
        byte[] future = valid.clone();
        future[11] = 5;
        assertEquals("f is replay format version 5; this build reads versions 1 to 4", refusal(future));
    }
}
