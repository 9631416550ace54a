package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputEvent;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Encodes the records of a replay journal in {@link ReplayFormat}'s layout. Each record (kind, simulated instant,
 * payload) is encoded into one reusable buffer and read from it without copying, so that journaling a frame
 * allocates nothing; the recorder decides when and in what order the encoded bytes enter the journal. The buffer
 * is in memory, so the {@link IOException}s of {@link DataOutputStream} cannot happen and are rethrown unchecked.
 */
final class RecordEncoder {

    private final Scratch scratch = new Scratch();
    private final DataOutputStream encoder = new DataOutputStream(scratch);

    /**
     * Writes the journal's header: magic, version, setup, hash interval, and every system's name and rate.
     *
     * @param journal   where to write
     * @param loop      the recorded loop
     * @param setup     the setup identity
     * @param hashEvery simulated nanoseconds between state hashes
     * @param startNanos    where the recording starts
     * @param startSnapshot the loop's snapshot there, or an empty array for a fresh world at 0
     * @throws IllegalArgumentException if the setup or a system name is longer than the format allows, the
     *                                  loop has too many systems or the start snapshot is too large
     */
    static void header(OutputStream journal, GameLoop loop, String setup, long hashEvery, long startNanos,
                       byte[] startSnapshot) {
        if (startSnapshot.length > ReplayFormat.MAX_START_BYTES) {
            throw new IllegalArgumentException("a start snapshot of " + startSnapshot.length + " bytes is over the "
                    + ReplayFormat.MAX_START_BYTES + " a recording may start from");
        }
        if (setup.getBytes(StandardCharsets.UTF_8).length > ReplayFormat.MAX_SETUP_BYTES) {
            throw new IllegalArgumentException("setup identity longer than " + ReplayFormat.MAX_SETUP_BYTES
                    + " bytes");
        }
        if (loop.systems().size() > ReplayFormat.MAX_SYSTEMS) {
            throw new IllegalArgumentException("a recorded loop has at most " + ReplayFormat.MAX_SYSTEMS
                    + " systems");
        }
        try {
            DataOutputStream out = new DataOutputStream(journal);
            out.write(ReplayFormat.MAGIC);
            out.writeInt(ReplayFormat.VERSION);
            out.writeUTF(setup);
            out.writeLong(hashEvery);
            out.writeInt(loop.systems().size());
            for (Class<? extends BaseSystem> system : loop.systems()) {
                String name = system.getSimpleName();
                if (name.getBytes(StandardCharsets.UTF_8).length > ReplayFormat.MAX_NAME_BYTES) {
                    throw new IllegalArgumentException("system name longer than " + ReplayFormat.MAX_NAME_BYTES
                            + " bytes: " + name);
                }
                out.writeUTF(name);
                out.writeDouble(ReplayFormat.rateField(loop.system(system)));
            }
            out.writeLong(startNanos);
            out.writeInt(startSnapshot.length);
            out.write(startSnapshot);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the journal is in memory: cannot happen
        }
    }

    /**
     * The end record a saved file closes with, in a new array (a save may be written on another thread).
     *
     * @param endNanos simulated time at the end
     * @param endHash  the state hash there
     * @param records  records in the file, this one included
     * @return the record's bytes
     */
    static byte[] end(long endNanos, long endHash, long records) {
        ByteArrayOutputStream tail = new ByteArrayOutputStream(32);
        DataOutputStream end = new DataOutputStream(tail);
        try {
            end.writeByte(ReplayFormat.END);
            end.writeLong(endNanos);
            end.writeLong(endHash);
            end.writeLong(records);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
        return tail.toByteArray();
    }

    /** @param e an input event, encoded as an INPUT record at its simulated time */
    void input(InputEvent e) {
        try {
            begin(ReplayFormat.INPUT, e.simNanos());
            encoder.writeInt(e.type());
            encoder.writeInt(e.code());
            encoder.writeFloat(e.x());
            encoder.writeFloat(e.y());
            encoder.writeFloat(e.z());
            encoder.writeFloat(e.w());
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
    }

    /**
     * A record naming a system and one value: its rate or its phase.
     *
     * @param kind     {@link ReplayFormat#RATE} or {@link ReplayFormat#PHASE}
     * @param system   the system
     * @param value    the value
     * @param simNanos when it applies
     */
    void systemValue(byte kind, Class<? extends BaseSystem> system, double value, long simNanos) {
        try {
            begin(kind, simNanos);
            encoder.writeUTF(system.getSimpleName());
            encoder.writeDouble(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param edit     an edit applied between frames
     * @param simNanos when it was applied
     */
    void edit(ComponentEdit edit, long simNanos) {
        try {
            begin(ReplayFormat.EDIT, simNanos);
            encoder.writeInt(edit.entity());
            encoder.writeUTF(edit.component());
            encoder.writeUTF(edit.field());
            encoder.writeUTF(edit.value());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A record with an eight-byte payload (a hash, a time scale's bits, a catch-up bound).
     *
     * @param kind     the record kind
     * @param simNanos when it applies
     * @param payload  the payload
     */
    void withLong(byte kind, long simNanos, long payload) {
        try {
            begin(kind, simNanos);
            encoder.writeLong(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A record with a one-byte payload (a debt policy, a pause).
     *
     * @param kind     the record kind
     * @param simNanos when it applies
     * @param payload  the payload's low byte
     */
    void withByte(byte kind, long simNanos, int payload) {
        try {
            begin(kind, simNanos);
            encoder.writeByte(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A record with no payload (a step).
     *
     * @param kind     the record kind
     * @param simNanos when it applies
     */
    void bare(byte kind, long simNanos) {
        try {
            begin(kind, simNanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the buffer holding the last record encoded, from index 0; valid until the next one */
    byte[] bytes() {
        return scratch.bytes();
    }

    /** @return the length of the last record encoded */
    int size() {
        return scratch.size();
    }

    private void begin(byte kind, long simNanos) throws IOException {
        scratch.reset();
        encoder.writeByte(kind);
        encoder.writeLong(simNanos);
    }

    /** A reusable encoding buffer whose bytes can be read without copying. */
    private static final class Scratch extends ByteArrayOutputStream {
        Scratch() {
            super(64);
        }

        byte[] bytes() {
            return buf;
        }
    }
}
