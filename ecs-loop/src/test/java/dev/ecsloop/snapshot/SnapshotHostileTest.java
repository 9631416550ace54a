package dev.ecsloop.snapshot;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile and damaged snapshots: every one is refused with one line naming what is wrong, and the loop it was
 * restored into is exactly as it was (it captures to the same bytes, it hashes the same).
 */
class SnapshotHostileTest {

    private SnapWorld target;
    private byte[] good;
    private byte[] targetBefore;

    @BeforeEach
    void setUp() {
        SnapWorld source = new SnapWorld(7, 4);
        for (int i = 0; i < 40; i++) {
            source.frame(23_000_000L);
        }
        source.post(3);
        good = source.snapshots.capture();
        target = new SnapWorld(7, 4);
        for (int i = 0; i < 25; i++) {
            target.frame(17_000_000L);
        }
        targetBefore = target.snapshots.capture();
    }

    /** Restores {@code bytes}, which must be refused; returns the message after checking nothing changed. */
    private String refused(byte[] bytes) {
        SnapshotException e = assertThrows(SnapshotException.class, () -> target.snapshots.restore(bytes));
        assertUnchanged(e.getMessage());
        return e.getMessage();
    }

    private void assertUnchanged(String message) {
        assertFalse(message.contains("\n"), () -> "more than one line: " + message);
        assertArrayEquals(targetBefore, target.snapshots.capture(), () -> "changed by a refused restore: " + message);
    }

    static byte[] withCrc(byte[] b) {
        CRC32 crc = new CRC32();
        crc.update(b, 0, b.length - 4);
        ByteBuffer.wrap(b).putInt(b.length - 4, (int) crc.getValue());
        return b;
    }

    @Test
    void theGoodSnapshotIsAccepted() {
        target.snapshots.restore(good);
        assertArrayEquals(good, target.snapshots.capture());
    }

    @Test
    void everyTruncationIsRefused() {
        for (int n = 0; n < good.length; n++) {
            String m = refused(Arrays.copyOf(good, n));
            assertTrue(m.contains("truncated") || m.contains("CRC") || m.contains("not a snapshot"), m);
        }
    }

    @Test
    void aBitFlippedAnywhereIsRefusedByTheCrc() {
        for (int i = 0; i < good.length; i++) {
            byte[] b = good.clone();
            b[i] ^= (byte) (1 << (i % 8));
            refused(b);
        }
    }

    /**
     * Past the CRC (recomputed after the flip), the parser itself meets the damage: it refuses in one line without
     * changing anything, or the damage hit a value that is valid either way and the restore succeeds.
     */
    @Test
    void aBitFlippedBehindAFixedCrcIsRefusedOrHarmless() {
        int accepted = 0;
        for (int i = 0; i < good.length - 4; i++) {
            byte[] b = good.clone();
            b[i] ^= (byte) (1 << (i % 8));
            withCrc(b);
            try {
                target.snapshots.restore(b);
                accepted++;
                target.snapshots.restore(targetBefore);
            } catch (SnapshotException e) {
                assertUnchanged(e.getMessage());
            }
        }
        assertTrue(accepted < good.length / 2, "most flips of structure are caught: " + accepted + " accepted");
    }

    @Test
    void hugeLengthsAreRefusedBeforeAnythingIsAllocated() {
        // the setup length, then the first section's length, then the component type count
        int setupAt = 12;
        byte[] b = good.clone();
        ByteBuffer.wrap(b).putInt(setupAt, Integer.MAX_VALUE);
        assertTrue(refused(withCrc(b)).contains("setup"));
        int setupLength = ByteBuffer.wrap(good).getInt(setupAt);
        int firstSectionLength = setupAt + 4 + setupLength + 4 + 8;
        b = good.clone();
        ByteBuffer.wrap(b).putInt(firstSectionLength, Integer.MAX_VALUE);
        assertTrue(refused(withCrc(b)).contains("length"));
        b = good.clone();
        ByteBuffer.wrap(b).putInt(firstSectionLength, -5);
        assertTrue(refused(withCrc(b)).contains("length"));
    }

    @Test
    void anotherSetupIsRefusedInOneLine() {
        SnapWorld other = new SnapWorld(8, 4);
        other.frame(50_000_000L);
        String m = refused(other.snapshots.capture());
        assertTrue(m.startsWith("snapshot of another setup: \"snapworld seed=8\""), m);
    }

    @Test
    void anotherFormatVersionOrSectionVersionIsRefusedNeverMisread() {
        byte[] b = good.clone();
        ByteBuffer.wrap(b).putInt(8, 1);
        assertTrue(refused(withCrc(b)).contains("format version 1, this build reads version 2"));
        int setupLength = ByteBuffer.wrap(good).getInt(12);
        int firstSectionVersion = 12 + 4 + setupLength + 4 + 4;
        b = good.clone();
        ByteBuffer.wrap(b).putInt(firstSectionVersion, 9);
        assertTrue(refused(withCrc(b)).contains("section LOOP version 9, this build reads version 1"));
        b = good.clone();
        ByteBuffer.wrap(b).putInt(firstSectionVersion - 4, 77);
        assertTrue(refused(withCrc(b)).contains("unknown section id 77"));
    }

    @Test
    void aStateThatRefusesItsBytesRollsTheWholeLoopBack() {
        SnapWorld source = new SnapWorld(7, 4);
        source.frame(30_000_000L);
        byte[] withBadState = source.snapshots.capture();
        // a loop that declares one more state, whose load refuses every byte: it fails after the world changed
        SnapWorld picky = new SnapWorld(7, 4);
        picky.frame(10_000_000L);
        byte[] before = picky.snapshots.capture();
        Snapshots strict = Snapshots.builder(picky.loop).setup("snapworld seed=7").codec(SnapWorld.Cargo.class,
                SnapWorld.CARGO).input(picky.input).state("strict", new SnapshotState() {
                    @Override
                    public void save(SnapshotOut out) {
                        out.writeInt(1);
                    }

                    @Override
                    public void load(SnapshotIn in) {
                        throw in.fail("refuses every load");
                    }
                }).build();
        byte[] strictBefore = strict.capture();
        SnapshotException e = assertThrows(SnapshotException.class, () -> strict.restore(withStrictState(
                withBadState, strictBefore)));
        assertTrue(e.getMessage().endsWith("(the loop was rolled back)"), e.getMessage());
        assertTrue(e.getMessage().contains("refuses every load"), e.getMessage());
        assertArrayEquals(before, picky.snapshots.capture());
        assertArrayEquals(strictBefore, strict.capture());
    }

    /** The source's snapshot with the strict loop's STATE and JOBS sections (so staging accepts it), CRC fixed. */
    private static byte[] withStrictState(byte[] source, byte[] strict) {
        int sourceState = lastSectionStart(source);
        int strictState = lastSectionStart(strict);
        byte[] out = new byte[sourceState + (strict.length - strictState)];
        System.arraycopy(source, 0, out, 0, sourceState);
        System.arraycopy(strict, strictState, out, sourceState, strict.length - strictState);
        return withCrc(out);
    }

    /** Where the STATE section (the last but JOBS) begins: walks the section table. */
    private static int lastSectionStart(byte[] b) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        int at = 12 + 4 + buf.getInt(12);
        int sections = buf.getInt(at);
        at += 4;
        for (int i = 0; i < sections; i++) {
            if (buf.getInt(at) == 5) {
                return at;
            }
            at += 12 + buf.getInt(at + 8);
        }
        throw new AssertionError("no STATE section");
    }

    @Test
    void filesThatAreNotRegularAreRefusedWithoutReading(@TempDir Path dir) throws Exception {
        Path zero = Paths.get("/dev/zero");
        if (Files.exists(zero)) {
            assertTrue(refusedFile(zero).contains("not a regular file"));
        }
        Path fifo = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, p.waitFor(), "mkfifo");
        assertTrue(refusedFile(fifo).contains("not a regular file"));
        assertTrue(refusedFile(dir).contains("not a regular file"));
        assertTrue(refusedFile(dir.resolve("missing.snap")).contains("no such file"));
        Path empty = Files.write(dir.resolve("empty.snap"), new byte[0]);
        assertTrue(refusedFile(empty).contains("not a snapshot"));
    }

    /** Loads {@code file}, which must be refused; a FIFO or device must not block the reader. */
    private String refusedFile(Path file) {
        // The reading part alone runs under a guard: a reader that opened a FIFO would block here forever.
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try {
                Snapshots.readFile(file);
            } catch (SnapshotException refusedBeforeReading) {
                // what the non-regular files must get; an empty file is read, and refused by restore below
            }
        });
        SnapshotException e = assertThrows(SnapshotException.class, () -> target.snapshots.load(file));
        assertUnchanged(e.getMessage());
        return e.getMessage();
    }

    @Test
    void saveAndLoadRoundTripThroughAFile(@TempDir Path dir) throws IOException {
        SnapWorld source = new SnapWorld(7, 4);
        source.frame(80_000_000L);
        Path file = dir.resolve("a.snap");
        source.snapshots.save(file);
        assertArrayEquals(source.snapshots.capture(), Files.readAllBytes(file));
        target.snapshots.load(file);
        assertEquals(source.hash(), target.hash());
        assertArrayEquals(Files.readAllBytes(file), target.snapshots.capture());
    }
}
