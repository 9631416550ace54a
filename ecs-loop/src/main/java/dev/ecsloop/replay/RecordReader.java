package dev.ecsloop.replay;

import dev.ecsloop.time.Durations;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Reads a replay file front to back and checks everything as it goes: the header, every length against the
 * format's limits, every record's kind, time and values, the record count and the checksum. One record is held
 * at a time, so memory does not depend on the file. Any failure is a {@link ReplayFormatException} whose one
 * line names the file and what is wrong.
 *
 * <p>Used twice per replay: once by {@link Replay#read} to refuse a bad file before anything runs, then by the
 * replayer to stream the records it applies. The second pass checks the same things, so a file changed between
 * the two is refused too.
 */
final class RecordReader implements Closeable {

    private final String name;
    private final Tracked tracked;
    private final DataInputStream in;

    private int version;
    private String setup;
    private long hashEvery;
    private final Map<String, Double> systems = new LinkedHashMap<>();
    private final boolean keepStart;
    private long startNanos;
    private int startLength;
    private byte[] startSnapshot;

    private long records;
    private final JournalOrder order = new JournalOrder();
    private boolean ended;

    /** The current record, after {@link #next()}. */
    byte kind;
    long simNanos;
    int type;
    int code;
    float x;
    float y;
    float z;
    float w;
    long value;
    double hz;
    double phase;
    String system;
    int entity;
    String component;
    String field;
    String text;

    private RecordReader(String name, InputStream raw, boolean keepStart) {
        this.name = name;
        this.keepStart = keepStart;
        this.tracked = new Tracked(raw, ReplayFormat.MAX_FILE_BYTES);
        this.in = new DataInputStream(tracked);
    }

    /**
     * Opens {@code raw} and reads its header.
     *
     * @throws ReplayFormatException if the header is bad; {@code raw} is closed then
     */
    static RecordReader open(String name, InputStream raw) throws ReplayFormatException {
        return open(name, raw, false);
    }

    /**
     * As {@link #open(String, InputStream)}, keeping the start snapshot's bytes when {@code keepStart} (otherwise
     * they are checksummed and dropped as they stream past, so that checking takes constant memory).
     */
    static RecordReader open(String name, InputStream raw, boolean keepStart) throws ReplayFormatException {
        RecordReader reader = new RecordReader(name, raw, keepStart);
        try {
            reader.header();
            return reader;
        } catch (ReplayFormatException e) {
            reader.close();
            throw e;
        }
    }

    static RecordReader open(String name, byte[] bytes) throws ReplayFormatException {
        return open(name, new ByteArrayInputStream(bytes));
    }

    private void header() throws ReplayFormatException {
        guarded(() -> {
            byte[] magic = new byte[ReplayFormat.MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, ReplayFormat.MAGIC)) {
                throw new ReplayFormatException(name + " is not an ecs-loop replay (bad magic)");
            }
            version = in.readInt();
            if (version < ReplayFormat.OLDEST_VERSION || version > ReplayFormat.VERSION) {
                throw new ReplayFormatException(name + " is replay format version " + version
                        + "; this build reads versions " + ReplayFormat.OLDEST_VERSION + " to " + ReplayFormat.VERSION);
            }
            setup = text(ReplayFormat.MAX_SETUP_BYTES, "setup");
            long at = tracked.position;
            hashEvery = in.readLong();
            if (hashEvery <= 0 || hashEvery > ReplayFormat.MAX_HASH_EVERY_NANOS) {
                throw corrupt(at, "hash interval " + Durations.exactSeconds(hashEvery)
                        + " (must be above 0 and at most an hour)");
            }
            at = tracked.position;
            int n = in.readInt();
            if (n < 0 || n > ReplayFormat.MAX_SYSTEMS) {
                throw corrupt(at, n + " systems (at most " + ReplayFormat.MAX_SYSTEMS + ")");
            }
            for (int i = 0; i < n; i++) {
                at = tracked.position;
                String system = text(ReplayFormat.MAX_NAME_BYTES, "system name");
                if (system.isEmpty()) {
                    throw corrupt(at, "empty system name");
                }
                double rate = in.readDouble();
                if (!ReplayFormat.validRate(rate)) {
                    throw corrupt(at, "system " + system + " has " + ReplayFormat.rateProblem(rate));
                }
                if (systems.put(system, rate) != null) {
                    throw corrupt(at, "system " + system + " listed twice");
                }
            }
            if (version >= ReplayFormat.START_VERSION) {
                start();
            }
            order.startAt(startNanos);
            return null;
        });
    }

    /**
     * Reads the next record into the fields above.
     *
     * @return false once the end record has been read and checked (its time and hash are in {@link #simNanos}
     *         and {@link #value})
     * @throws ReplayFormatException if the record or, at the end, the count or checksum is bad
     */
    boolean next() throws ReplayFormatException {
        if (ended) {
            return false;
        }
        return guarded(() -> {
            long at = tracked.position;
            kind = in.readByte();
            simNanos = in.readLong();
            if (simNanos > ReplayFormat.MAX_SIM_NANOS) {
                throw corrupt(at, "simulated time " + Durations.exactSeconds(simNanos)
                        + " is past a year, the most a replay covers");
            }
            String disorder = order.refusal(kind, simNanos);
            if (disorder != null) {
                throw corrupt(at, disorder);
            }
            order.accept(kind, simNanos);
            switch (kind) {
                case ReplayFormat.INPUT -> {
                    type = in.readInt();
                    code = in.readInt();
                    x = in.readFloat();
                    y = in.readFloat();
                    z = in.readFloat();
                    w = in.readFloat();
                }
                case ReplayFormat.RATE -> {
                    String named = text(ReplayFormat.MAX_NAME_BYTES, "system name");
                    hz = in.readDouble();
                    system = named;
                    if (!systems.containsKey(named)) {
                        throw corrupt(at, "rate change for system " + printable(named)
                                + ", which the header does not list");
                    }
                    if (!ReplayFormat.validRate(hz)) {
                        throw corrupt(at, "system " + system + " set to " + ReplayFormat.rateProblem(hz));
                    }
                }
                case ReplayFormat.PHASE -> {
                    if (version < 2) {
                        throw corrupt(at, "unknown record kind " + kind);
                    }
                    String named = text(ReplayFormat.MAX_NAME_BYTES, "system name");
                    phase = in.readDouble();
                    system = named;
                    if (!systems.containsKey(named)) {
                        throw corrupt(at, "phase change for system " + printable(named)
                                + ", which the header does not list");
                    }
                    if (!(phase >= 0 && phase < 1)) {
                        throw corrupt(at, "system " + system + " set to phase " + phase + " (must be in [0, 1))");
                    }
                }
                case ReplayFormat.EDIT -> {
                    if (version < 3) {
                        throw corrupt(at, "unknown record kind " + kind);
                    }
                    entity = in.readInt();
                    component = text(ComponentEdit.MAX_TEXT_BYTES, "component name");
                    field = text(ComponentEdit.MAX_TEXT_BYTES, "field name");
                    text = text(ComponentEdit.MAX_TEXT_BYTES, "value");
                    if (entity < 0 || component.isEmpty() || field.isEmpty()) {
                        throw corrupt(at, "edit of entity " + entity + " names no component or field");
                    }
                }
                case ReplayFormat.SCALE -> {
                    value = in.readLong();
                    double scale = Double.longBitsToDouble(value);
                    if (!(scale >= 0 && scale <= 1000)) {
                        throw corrupt(at, "time scale " + scale + " (must be from 0 to 1000)");
                    }
                }
                case ReplayFormat.CATCHUP -> {
                    value = in.readLong();
                    if (value <= 0) {
                        throw corrupt(at, "catch-up bound " + Durations.cost(value) + " is not positive");
                    }
                }
                case ReplayFormat.DEBT, ReplayFormat.PAUSE -> {
                    value = in.readByte();
                    if (value != 0 && value != 1) {
                        throw corrupt(at, (kind == ReplayFormat.DEBT ? "debt policy " : "pause flag ") + value
                                + " (must be 0 or 1)");
                    }
                }
                case ReplayFormat.STEP -> value = 0;
                case ReplayFormat.HASH -> value = in.readLong();
                case ReplayFormat.END -> {
                    value = in.readLong();
                    long countAt = tracked.position;
                    long count = in.readLong();
                    int computed = (int) tracked.crc.getValue();
                    int crc = in.readInt();
                    if (tracked.read() >= 0) {
                        throw corrupt(tracked.position - 1, "bytes after the end");
                    }
                    if (computed != crc) {
                        throw new ReplayFormatException(name + " is corrupt: checksum mismatch");
                    }
                    if (count != records + 1) {
                        throw corrupt(countAt, "record count " + count + " but " + (records + 1) + " records");
                    }
                    ended = true;
                    return false;
                }
                default -> throw corrupt(at, "unknown record kind " + kind);
            }
            records++;
            return true;
        });
    }

    /** The start section: its instant and snapshot, lengths checked before anything is read into memory. */
    private void start() throws IOException {
        long at = tracked.position;
        startNanos = in.readLong();
        if (startNanos < 0 || startNanos > ReplayFormat.MAX_SIM_NANOS) {
            throw corrupt(at, "start at " + Durations.exactSeconds(startNanos) + " (must be from 0 to a year)");
        }
        at = tracked.position;
        startLength = in.readInt();
        if (startLength < 0 || startLength > ReplayFormat.MAX_START_BYTES) {
            throw corrupt(at, "start snapshot of " + startLength + " bytes (at most " + ReplayFormat.MAX_START_BYTES
                    + ")");
        }
        if (startLength == 0 && startNanos != 0) {
            throw corrupt(at, "start at " + Durations.exactSeconds(startNanos) + " without a start snapshot");
        }
        // Read in chunks, so a length the file does not hold fails as truncated without a large allocation.
        java.io.ByteArrayOutputStream kept = keepStart ? new java.io.ByteArrayOutputStream() : null;
        byte[] chunk = new byte[Math.min(startLength, 1 << 16)];
        for (int left = startLength; left > 0; ) {
            int n = Math.min(left, chunk.length);
            in.readFully(chunk, 0, n);
            if (kept != null) {
                kept.write(chunk, 0, n);
            }
            left -= n;
        }
        startSnapshot = kept == null ? null : kept.toByteArray();
    }

    /** A length-prefixed string of at most {@code max} bytes, checked before anything is allocated for it. */
    private String text(int max, String what) throws IOException {
        long at = tracked.position;
        int length = in.readUnsignedShort();
        if (length > max) {
            throw corrupt(at, what + " of " + length + " bytes (at most " + max + ")");
        }
        byte[] bytes = new byte[2 + length];
        bytes[0] = (byte) (length >>> 8);
        bytes[1] = (byte) length;
        in.readFully(bytes, 2, length);
        return new DataInputStream(new ByteArrayInputStream(bytes)).readUTF();
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder("'");
        s.codePoints().limit(40).forEach(c -> sb.append(c >= 0x20 && c < 0x7f ? Character.toString(c) : "?"));
        return sb.append(s.length() > 40 ? "...'" : "'").toString();
    }

    private ReplayFormatException corrupt(long offset, String what) {
        return new ReplayFormatException(name + " is corrupt at byte " + offset + ": " + what);
    }

    private interface Step<T> {
        T run() throws IOException;
    }

    private <T> T guarded(Step<T> step) throws ReplayFormatException {
        try {
            return step.run();
        } catch (ReplayFormatException e) {
            throw e;
        } catch (EOFException e) {
            throw new ReplayFormatException(name + " is truncated: it ends after " + tracked.position
                    + " bytes without its end record (was the recording stopped?)");
        } catch (UTFDataFormatException e) {
            throw new ReplayFormatException(name + " is corrupt near byte " + tracked.position + ": bad text");
        } catch (TooLong e) {
            throw new ReplayFormatException(name + " is larger than " + ReplayFormat.MAX_FILE_BYTES
                    + " bytes, the most a replay may hold");
        } catch (IOException e) {
            throw new ReplayFormatException(name + " cannot be read: " + e.getMessage());
        }
    }

    String setup() {
        return setup;
    }

    /** @return where the recording starts: 0, or the instant of its start snapshot */
    long startNanos() {
        return startNanos;
    }

    /** @return the start snapshot's length in bytes, 0 for a fresh world */
    int startLength() {
        return startLength;
    }

    /** @return the start snapshot, if this reader was opened to keep it (else null) */
    byte[] startSnapshot() {
        return startSnapshot;
    }

    long hashEvery() {
        return hashEvery;
    }

    Map<String, Double> systems() {
        return systems;
    }

    /** Bytes read so far. */
    long position() {
        return tracked.position;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // Read-only: nothing to lose.
        }
    }

    /** Thrown when a stream passes the file size limit. */
    private static final class TooLong extends IOException {
        private static final long serialVersionUID = 1L;
    }

    /** Counts and checksums every byte read, and refuses to read past a limit. */
    private static final class Tracked extends FilterInputStream {
        final CRC32 crc = new CRC32();
        final long limit;
        long position;

        Tracked(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
                crc.update(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count(n);
                crc.update(b, off, n);
            }
            return n;
        }

        private void count(int n) throws TooLong {
            position += n;
            if (position > limit) {
                throw new TooLong();
            }
        }

        @Override
        public long skip(long n) {
            return 0; // every byte must be counted and checksummed
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
