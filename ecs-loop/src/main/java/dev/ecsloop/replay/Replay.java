package dev.ecsloop.replay;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collections;
import java.util.Map;

/**
 * A replay file, checked in full: {@link #read(Path)} refuses a truncated, corrupt, oversized or foreign file
 * with one clear error before anything runs, so a replay never stops half-way on bad data.
 *
 * <p>Memory: checking streams the file once in constant memory, and a replay streams it again (see
 * {@link RecordReader}); nothing is held per record. A file must be a regular file of at most
 * 64 MiB: devices, FIFOs and directories are refused before they are opened,
 * so {@code /dev/zero} or a FIFO without a writer cannot exhaust memory or block.
 */
public final class Replay {

    /** Where the bytes come from: opened once to check and again to replay. */
    private interface Source {
        InputStream open() throws IOException;
    }

    private final String name;
    private final Source source;
    private final long size;
    private final String setup;
    private final long hashEveryNanos;
    private final Map<String, Double> systems;
    private final long startNanos;
    private final int startLength;
    private final long endNanos;
    private final long endHash;
    private final long records;
    private final int hashCount;
    private final long inputCount;

    private Replay(String name, Source source, long size, RecordReader checked, long records, int hashCount,
                   long inputCount) {
        this.name = name;
        this.source = source;
        this.size = size;
        this.setup = checked.setup();
        this.hashEveryNanos = checked.hashEvery();
        this.systems = Collections.unmodifiableMap(checked.systems());
        this.startNanos = checked.startNanos();
        this.startLength = checked.startLength();
        this.endNanos = checked.simNanos;
        this.endHash = checked.value;
        this.records = records;
        this.hashCount = hashCount;
        this.inputCount = inputCount;
    }

    /**
     * Reads and checks a replay file.
     *
     * @param file the file
     * @return the checked replay
     * @throws ReplayFormatException if the file does not exist, is not a regular file, is larger than the
     *                               format's limit, is not a replay, is of another version, truncated or
     *                               corrupt; the message is one line naming the file
     * @throws IOException           never beyond the above: read errors are reported as format errors too
     */
    public static Replay read(Path file) throws IOException {
        String name = file.toString();
        long size = regularFileSize(file, name);
        return check(name, () -> new BufferedInputStream(Files.newInputStream(file), 1 << 16), size);
    }

    /** Checks a replay held in memory (tests). */
    static Replay parse(byte[] bytes, String name) throws ReplayFormatException {
        return check(name, () -> new java.io.ByteArrayInputStream(bytes), bytes.length);
    }

    private static long regularFileSize(Path file, String name) throws ReplayFormatException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new ReplayFormatException("replay file " + name + " does not exist");
        } catch (IOException | SecurityException e) {
            throw new ReplayFormatException("replay file " + name + " cannot be read: " + e.getMessage());
        }
        if (attributes.isDirectory()) {
            throw new ReplayFormatException("replay file " + name + " is a directory");
        }
        if (!attributes.isRegularFile()) {
            throw new ReplayFormatException("replay file " + name
                    + " is not a regular file (a device, FIFO or socket cannot be replayed)");
        }
        if (attributes.size() > ReplayFormat.MAX_FILE_BYTES) {
            throw new ReplayFormatException("replay file " + name + " is " + attributes.size()
                    + " bytes; a replay holds at most " + ReplayFormat.MAX_FILE_BYTES);
        }
        return attributes.size();
    }

    private static Replay check(String name, Source source, long size) throws ReplayFormatException {
        long records = 0;
        int hashes = 0;
        long inputs = 0;
        try (RecordReader reader = RecordReader.open(name, openOrRefuse(name, source))) {
            while (reader.next()) {
                records++;
                if (reader.kind == ReplayFormat.HASH) {
                    hashes++;
                } else if (reader.kind == ReplayFormat.INPUT) {
                    inputs++;
                }
            }
            if (reader.position() != size) {
                throw new ReplayFormatException(name + " changed while it was read");
            }
            return new Replay(name, source, size, reader, records, hashes, inputs);
        }
    }

    private static InputStream openOrRefuse(String name, Source source) throws ReplayFormatException {
        try {
            return source.open();
        } catch (IOException | SecurityException e) {
            throw new ReplayFormatException("replay file " + name + " cannot be read: " + e.getMessage());
        }
    }

    /** Opens the records again for replaying; the reader checks them as it goes. */
    RecordReader open() throws ReplayFormatException {
        return RecordReader.open(name, openOrRefuse(name, source));
    }

    /**
     * The start snapshot, read again from the source (it is not held between replays).
     *
     * @return the snapshot's bytes, or null if the recording starts from the setup's fresh world
     * @throws ReplayFormatException if the file can no longer be read or changed since it was checked
     */
    byte[] startSnapshot() throws ReplayFormatException {
        if (startLength == 0) {
            return null;
        }
        try (RecordReader reader = RecordReader.open(name, openOrRefuse(name, source), true)) {
            return reader.startSnapshot();
        }
    }

    /**
     * Whether the recording starts from a snapshot (it was attached after a restore or a catch-up) rather than
     * from the setup's fresh world at 0; replaying it then needs the game's {@code Snapshots}.
     *
     * @return true if it holds a start snapshot
     */
    public boolean startsFromSnapshot() {
        return startLength > 0;
    }

    /** @return simulated time at which recording started: 0, or the instant of its start snapshot */
    public long startNanos() {
        return startNanos;
    }

    /**
     * The file's name as given, for messages.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The setup identity the recording was made with.
     *
     * @return the setup string
     */
    public String setup() {
        return setup;
    }

    /**
     * Refuses a replay made for another setup.
     *
     * @param expected the setup identity of the game about to replay
     * @throws ReplayFormatException if {@code expected} differs from the recorded setup; the message names both
     */
    public void requireSetup(String expected) throws ReplayFormatException {
        if (!setup.equals(expected)) {
            throw new ReplayFormatException("replay was recorded for setup '" + setup + "', this game is '"
                    + expected + "'");
        }
    }

    /**
     * Systems (simple names) and their rates in Hz when recording started; an every-frame system is listed with 0.0 Hz,
     * the file format's mark for it.
     *
     * @return an unmodifiable map in the loop's order
     */
    public Map<String, Double> systems() {
        return systems;
    }

    /** @return simulated nanoseconds between recorded state hashes */
    public long hashEveryNanos() {
        return hashEveryNanos;
    }

    /** @return simulated time at which recording stopped */
    public long endNanos() {
        return endNanos;
    }

    /** @return state hash when recording stopped */
    public long endHash() {
        return endHash;
    }

    /** @return number of state hashes recorded along the way */
    public int hashCount() {
        return hashCount;
    }

    /** @return records in the file, the end record excluded */
    public long records() {
        return records;
    }

    /** @return input events in the file */
    public long inputCount() {
        return inputCount;
    }

    /** @return the file's size in bytes */
    public long size() {
        return size;
    }
}
