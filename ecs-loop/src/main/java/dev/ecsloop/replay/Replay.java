package dev.ecsloop.replay;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A replay file read and checked in full: {@link #read(Path)} refuses a truncated, corrupt or foreign file with
 * one clear error before anything runs, so a replay never stops half-way on bad data.
 */
public final class Replay {

    /** One record of the file (see {@link ReplayFormat}). */
    record Entry(byte kind, long simNanos, long a, long b, float x, float y, float z, float w, String system,
                 double value) {
    }

    private final String setup;
    private final long hashEveryNanos;
    private final Map<String, Double> systems;
    private final List<Entry> entries;
    private final long endNanos;
    private final long endHash;

    private Replay(String setup, long hashEveryNanos, Map<String, Double> systems, List<Entry> entries,
                   long endNanos, long endHash) {
        this.setup = setup;
        this.hashEveryNanos = hashEveryNanos;
        this.systems = systems;
        this.entries = entries;
        this.endNanos = endNanos;
        this.endHash = endHash;
    }

    /**
     * Reads and checks a replay file.
     *
     * @param file the replay to read
     * @return the replay
     * @throws ReplayFormatException if the file is not a replay, is of another version, truncated or corrupt
     * @throws IOException           if it cannot be read
     */
    public static Replay read(Path file) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ReplayFormatException("replay file " + file + " does not exist");
        }
        return parse(bytes, file.toString());
    }

    static Replay parse(byte[] bytes, String name) throws ReplayFormatException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        try {
            byte[] magic = new byte[ReplayFormat.MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, ReplayFormat.MAGIC)) {
                throw new ReplayFormatException(name + " is not an ecs-loop replay (bad magic)");
            }
            int version = in.readInt();
            if (version != ReplayFormat.VERSION) {
                throw new ReplayFormatException(name + " is replay format version " + version
                        + "; this build reads version " + ReplayFormat.VERSION);
            }
            String setup = in.readUTF();
            long hashEvery = in.readLong();
            int n = in.readInt();
            if (hashEvery <= 0 || n < 0 || n > 10_000) {
                throw corrupt(name, bytes.length - in.available(), "bad header");
            }
            Map<String, Double> systems = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                systems.put(in.readUTF(), in.readDouble());
            }
            List<Entry> entries = new ArrayList<>();
            long last = Long.MIN_VALUE;
            while (true) {
                int offset = bytes.length - in.available();
                byte kind = in.readByte();
                long sim = in.readLong();
                if (sim < last) {
                    throw corrupt(name, offset, "simulated time goes back");
                }
                last = sim;
                switch (kind) {
                    case ReplayFormat.INPUT -> entries.add(new Entry(kind, sim, in.readInt(), in.readInt(),
                            in.readFloat(), in.readFloat(), in.readFloat(), in.readFloat(), null, 0));
                    case ReplayFormat.RATE -> entries.add(new Entry(kind, sim, 0, 0, 0, 0, 0, 0, in.readUTF(),
                            in.readDouble()));
                    case ReplayFormat.SCALE, ReplayFormat.CATCHUP, ReplayFormat.HASH ->
                            entries.add(new Entry(kind, sim, in.readLong(), 0, 0, 0, 0, 0, null, 0));
                    case ReplayFormat.DEBT, ReplayFormat.PAUSE ->
                            entries.add(new Entry(kind, sim, in.readByte(), 0, 0, 0, 0, 0, null, 0));
                    case ReplayFormat.STEP -> entries.add(new Entry(kind, sim, 0, 0, 0, 0, 0, 0, null, 0));
                    case ReplayFormat.END -> {
                        long endHash = in.readLong();
                        long count = in.readLong();
                        int crcAt = bytes.length - in.available();
                        int crc = in.readInt();
                        if (in.available() != 0) {
                            throw corrupt(name, crcAt + 4, in.available() + " bytes after the end");
                        }
                        CRC32 check = new CRC32();
                        check.update(bytes, 0, crcAt);
                        if ((int) check.getValue() != crc) {
                            throw new ReplayFormatException(name + " is corrupt: checksum mismatch");
                        }
                        if (count != entries.size() + 1) {
                            throw corrupt(name, crcAt, "record count " + count + " but " + (entries.size() + 1)
                                    + " records");
                        }
                        return new Replay(setup, hashEvery, systems, List.copyOf(entries), sim, endHash);
                    }
                    default -> throw corrupt(name, offset, "unknown record kind " + kind);
                }
            }
        } catch (EOFException e) {
            throw new ReplayFormatException(name + " is truncated: it ends after " + bytes.length
                    + " bytes without its end record (was the recording stopped?)");
        } catch (UTFDataFormatException e) {
            throw new ReplayFormatException(name + " is corrupt: bad text");
        } catch (ReplayFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new ReplayFormatException(name + " cannot be read: " + e.getMessage());
        }
    }

    private static ReplayFormatException corrupt(String name, int offset, String what) {
        return new ReplayFormatException(name + " is corrupt at byte " + offset + ": " + what);
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
     * @param expected the setup of the game about to replay
     * @throws ReplayFormatException if {@code expected} differs from the recorded setup
     */
    public void requireSetup(String expected) throws ReplayFormatException {
        if (!setup.equals(expected)) {
            throw new ReplayFormatException("replay was recorded for setup '" + setup + "', this game is '"
                    + expected + "'");
        }
    }

    /**
     * Systems (simple names) and their rates in Hz when recording started; 0 means every frame.
     *
     * @return system simple names to rates, 0 for every-frame
     */
    public Map<String, Double> systems() {
        return systems;
    }

    /**
     * Simulated time between state hashes.
     *
     * @return nanoseconds of simulated time
     */
    public long hashEveryNanos() {
        return hashEveryNanos;
    }

    /**
     * Simulated time at which recording stopped.
     *
     * @return simulated nanoseconds
     */
    public long endNanos() {
        return endNanos;
    }

    /**
     * State hash when recording stopped.
     *
     * @return the hash
     */
    public long endHash() {
        return endHash;
    }

    /**
     * Number of state hashes recorded along the way.
     *
     * @return the count
     */
    public int hashCount() {
        return (int) entries.stream().filter(e -> e.kind() == ReplayFormat.HASH).count();
    }

    List<Entry> entries() {
        return entries;
    }
}
