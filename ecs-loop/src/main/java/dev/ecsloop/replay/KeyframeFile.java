package dev.ecsloop.replay;

import dev.ecsloop.time.Durations;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * The keyframe file kept beside a replay, version 1. Beside rather than inside the replay so that replay files and
 * their format stay as they are (every older replay stays readable, and a replay is still complete without
 * keyframes); the file names the replay it was built for and is refused for any other. Big-endian:
 *
 * <pre>
 * header    8 bytes magic "ECSLKEYS", int version (1)
 *           replay identity: UTF setup, long file size, long end ns, long end hash, long records
 *           long interval ns, int thinnings, int n keyframes
 * keyframe  long simulated ns, long records consumed, long hash records read, boolean hash pending,
 *           long next checkpoint ns, int hashes matched, long last match ns (-1 none),
 *           int snapshot bytes, int packed bytes, packed bytes (deflated snapshot)
 * trailer   int CRC-32 of every byte before it
 * </pre>
 *
 * <p>Reading streams the file once, holding at most the budget: every count and length is checked against the
 * replay and the bytes left before anything is allocated, keyframes must start at 0 and rise on the interval, and
 * the CRC is checked before the keyframes are handed out. Any failure is one line naming the file; nothing changes.
 * A snapshot inside is checked again, in full, when it is restored.
 */
final class KeyframeFile {

    static final byte[] MAGIC = {'E', 'C', 'S', 'L', 'K', 'E', 'Y', 'S'};
    static final int VERSION = 1;
    /** Bytes of one keyframe's fixed fields. */
    private static final int KEYFRAME_HEAD = 8 + 8 + 8 + 1 + 8 + 4 + 8 + 4 + 4;

    private KeyframeFile() {
    }

    static void write(Path file, Replay replay, Keyframes keyframes) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        CRC32 crc = new CRC32();
        try {
            try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
                DataOutputStream out = new DataOutputStream(new CheckedOutputStream(raw, crc));
                out.write(MAGIC);
                out.writeInt(VERSION);
                out.writeUTF(replay.setup());
                out.writeLong(replay.size());
                out.writeLong(replay.endNanos());
                out.writeLong(replay.endHash());
                out.writeLong(replay.records());
                out.writeLong(keyframes.intervalNanos());
                out.writeInt(keyframes.thinnings());
                out.writeInt(keyframes.count());
                for (Keyframes.Keyframe k : keyframes.all()) {
                    ReplayRun.Position p = k.position();
                    out.writeLong(k.simNanos());
                    out.writeLong(p.consumed());
                    out.writeLong(p.hashReads());
                    out.writeBoolean(p.haveHash());
                    out.writeLong(p.nextHashAt());
                    out.writeInt(p.matched());
                    out.writeLong(p.lastMatch());
                    out.writeInt(k.rawBytes());
                    out.writeInt(k.packed().length);
                    out.write(k.packed());
                }
                out.flush();
                new DataOutputStream(raw).writeInt((int) crc.getValue());
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
    }

    static Keyframes read(Path file, Replay replay, long budget) throws ReplayFormatException {
        String name = "keyframe file " + file;
        long size = regularFileSize(file, name);
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            CRC32 crc = new CRC32();
            DataInputStream in = new DataInputStream(new CheckedInputStream(raw, crc));
            Keyframes keyframes = body(in, name, replay, budget, size);
            int expected = (int) crc.getValue();
            int stored = in.readInt();
            if (stored != expected) {
                throw new ReplayFormatException(name + " is corrupt (bad CRC)");
            }
            if (in.read() >= 0) {
                throw new ReplayFormatException(name + " has bytes after its end");
            }
            return keyframes;
        } catch (EOFException e) {
            throw new ReplayFormatException(name + " is truncated");
        } catch (ReplayFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ReplayFormatException(name + " cannot be read: " + ReplayRun.oneLine(
                    e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage())));
        }
    }

    private static Keyframes body(DataInputStream in, String name, Replay replay, long budget, long size)
            throws IOException {
        byte[] magic = new byte[MAGIC.length];
        in.readFully(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new ReplayFormatException(name + " is not a keyframe file (bad magic)");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new ReplayFormatException(name + " is keyframe format version " + version + "; this build reads "
                    + VERSION + " (build the keyframes again)");
        }
        String setup = in.readUTF();
        long replaySize = in.readLong();
        long endNanos = in.readLong();
        long endHash = in.readLong();
        long records = in.readLong();
        if (!setup.equals(replay.setup()) || replaySize != replay.size() || endNanos != replay.endNanos()
                || endHash != replay.endHash() || records != replay.records()) {
            throw new ReplayFormatException(name + " was built for another recording than " + replay.name());
        }
        long interval = in.readLong();
        int thinnings = in.readInt();
        int n = in.readInt();
        if (interval <= 0 || interval > ReplayFormat.MAX_SIM_NANOS || thinnings < 0 || thinnings > 64) {
            throw new ReplayFormatException(name + " has a bad interval " + interval + " ns or thinning count "
                    + thinnings);
        }
        if (n < 1 || n > size / KEYFRAME_HEAD) {
            throw new ReplayFormatException(name + " claims " + n + " keyframes in " + size + " bytes");
        }
        Keyframes keyframes = new Keyframes(interval, budget);
        keyframes.thinnings(thinnings);
        long previous = -1;
        long left = size;
        for (int i = 0; i < n; i++) {
            long at = in.readLong();
            ReplayRun.Position p = new ReplayRun.Position(in.readLong(), in.readLong(), in.readBoolean(),
                    in.readLong(), in.readInt(), in.readLong());
            int rawBytes = in.readInt();
            int packed = in.readInt();
            left -= KEYFRAME_HEAD;
            String problem = problem(at, previous, interval, p, replay, rawBytes, packed, Math.min(left, budget));
            if (problem != null) {
                throw new ReplayFormatException(name + ": keyframe #" + i + " " + problem);
            }
            byte[] bytes = new byte[packed];
            in.readFully(bytes);
            left -= packed;
            previous = at;
            try {
                keyframes.put(new Keyframes.Keyframe(at, p, rawBytes, bytes));
            } catch (IllegalStateException e) {
                throw new ReplayFormatException(name + ": " + e.getMessage());
            }
        }
        return keyframes;
    }

    /** Why a keyframe's fields cannot be right for {@code replay}, or null. */
    private static String problem(long at, long previous, long interval, ReplayRun.Position p, Replay replay,
                                  int rawBytes, int packed, long left) {
        if (previous < 0 ? at != replay.startNanos() : at <= previous || at % interval != 0) {
            return "is at " + at + " ns (keyframes start at the recording's start, " + replay.startNanos()
                    + " ns, and rise on the interval " + interval + " ns)";
        }
        if (at > replay.endNanos()) {
            return "is at " + Durations.exactSeconds(at) + ", after the recording's end";
        }
        long records = replay.records();
        if (p.consumed() < 0 || p.consumed() > records || p.hashReads() < 0 || p.hashReads() > records
                || p.matched() < 0 || p.matched() > replay.hashCount() || p.lastMatch() < -1
                || p.lastMatch() > at || p.nextHashAt() <= 0 || p.nextHashAt() > ReplayFormat.MAX_SIM_NANOS
                + ReplayFormat.MAX_HASH_EVERY_NANOS) {
            return "has a position outside the recording";
        }
        if (packed <= 0 || packed > left || rawBytes <= 0 || rawBytes > KeyframePacking.MAX_RAW_BYTES) {
            return "claims " + rawBytes + " bytes packed into " + packed + " (at most " + left + ": the bytes left in the file or the budget)";
        }
        return null;
    }

    private static long regularFileSize(Path file, String name) throws ReplayFormatException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new ReplayFormatException(name + " does not exist");
        } catch (IOException | SecurityException e) {
            throw new ReplayFormatException(name + " cannot be read: " + e.getMessage());
        }
        if (!attributes.isRegularFile()) {
            throw new ReplayFormatException(name + " is not a regular file");
        }
        return attributes.size();
    }
}
