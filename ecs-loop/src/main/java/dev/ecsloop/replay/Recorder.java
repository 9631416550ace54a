package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import dev.ecsloop.ControlListener;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.FrameListener;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Records everything that can change a simulation, so that {@link Replayer} can reproduce it bit for bit: the
 * setup identity, every input event with the simulated time it was assigned, every rate change with the
 * simulated time it applied, and a world-state hash at regular simulated intervals to check the replay against.
 * The format is {@link ReplayFormat}.
 *
 * <p>A recorder is a flight recorder: it is attached at simulated time 0, before the first frame, and keeps the
 * session in memory. {@link #save(Path)} writes a complete replay of the session so far, as often as wanted.
 * Why: a replay rebuilds the world from its setup, so it must cover the session from its start; a recording
 * begun mid-game could not be replayed, and the bug worth recording is usually the one that just happened.
 *
 * <p>Journaling allocates nothing in frames that bring no input, rate change or hash, and nothing in those
 * either except a rate change's system name (and one 1 MiB chunk per mebibyte of journal).
 */
public final class Recorder {

    private final GameLoop loop;
    private final InputQueue inputs;
    private final StateHash hasher;
    private final long hashEvery;
    private final Journal journal = new Journal();
    private final DataOutputStream out = new DataOutputStream(journal);
    private long nextHashAt;
    private long records;
    private boolean attached = true;
    private final Hooks hooks = new Hooks();

    private Recorder(GameLoop loop, InputQueue inputs, String setup, long hashEvery) throws IOException {
        this.loop = loop;
        this.inputs = inputs;
        this.hasher = new StateHash(loop.world());
        this.hashEvery = hashEvery;
        this.nextHashAt = hashEvery;
        out.write(ReplayFormat.MAGIC);
        out.writeInt(ReplayFormat.VERSION);
        out.writeUTF(setup);
        out.writeLong(hashEvery);
        out.writeInt(loop.systems().size());
        for (Class<? extends BaseSystem> system : loop.systems()) {
            out.writeUTF(system.getSimpleName());
            out.writeDouble(loop.rate(system));
        }
    }

    /**
     * Attaches a recorder to {@code loop}, with a state hash every {@code hashEvery} of simulated time.
     *
     * @param inputs the loop's input queue (installed before this), or null if the game takes no input
     * @param setup  identifies the setup a replay must rebuild (for example "demo-rts units=2000 seed=7")
     * @param loop the loop to record, at simulated time 0
     * @param hashEvery simulated time between state hashes
     * @return the recorder, attached
     * @throws IllegalStateException    if the loop has already advanced past simulated time 0
     * @throws IllegalArgumentException if {@code hashEvery} is not positive
     */
    public static Recorder attach(GameLoop loop, InputQueue inputs, String setup, Duration hashEvery) {
        Objects.requireNonNull(setup, "setup");
        if (loop.simulatedNanos() != 0) {
            throw new IllegalStateException("recording must start at simulated time 0, the loop is at "
                    + loop.simulatedNanos() + " ns");
        }
        if (hashEvery == null || hashEvery.isZero() || hashEvery.isNegative()) {
            throw new IllegalArgumentException("hash interval must be positive, was " + hashEvery);
        }
        Recorder recorder;
        try {
            recorder = new Recorder(loop, inputs, setup, hashEvery.toNanos());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the journal is in memory: cannot happen
        }
        loop.addFrameListener(recorder.hooks);
        loop.addTickListener(recorder.hooks);
        loop.addControlListener(recorder.hooks);
        return recorder;
    }

    /**
     * One simulated second between hashes: the default interval.
     *
     * @return one second
     */
    public static Duration defaultHashInterval() {
        return Duration.ofSeconds(1);
    }

    private void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
        if (inputs == null) {
            return;
        }
        InputView events = inputs.frameEvents();
        for (int i = 0; i < events.size(); i++) {
            InputEvent e = events.get(i);
            try {
                header(ReplayFormat.INPUT, e.simNanos());
                out.writeInt(e.type());
                out.writeInt(e.code());
                out.writeFloat(e.x());
                out.writeFloat(e.y());
                out.writeFloat(e.z());
                out.writeFloat(e.w());
            } catch (IOException io) {
                throw new UncheckedIOException(io);
            }
        }
    }

    private void beforeTick(BaseSystem system, long tickNanos) {
        if (tickNanos < nextHashAt) {
            return;
        }
        write(ReplayFormat.HASH, tickNanos, hasher.hash());
        nextHashAt = nextCheckpoint(tickNanos, hashEvery);
    }

    /** The first multiple of {@code every} strictly after {@code t}. Shared with the replayer's checker. */
    static long nextCheckpoint(long t, long every) {
        return (t / every + 1) * every;
    }

    private void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
        try {
            header(ReplayFormat.RATE, simNanos);
            out.writeUTF(system.getSimpleName());
            out.writeDouble(hz);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void timeScaleChanged(double scale, long simNanos) {
        write(ReplayFormat.SCALE, simNanos, Double.doubleToRawLongBits(scale));
    }

    private void catchUpChanged(long maxCatchUpNanos, long simNanos) {
        write(ReplayFormat.CATCHUP, simNanos, maxCatchUpNanos);
    }

    private void debtPolicyChanged(DebtPolicy policy, long simNanos) {
        writeByte(ReplayFormat.DEBT, simNanos, policy == DebtPolicy.KEEP ? 0 : 1);
    }

    private void pausedChanged(boolean paused, long simNanos) {
        writeByte(ReplayFormat.PAUSE, simNanos, paused ? 1 : 0);
    }

    private void stepped(long simNanos) {
        try {
            header(ReplayFormat.STEP, simNanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void header(byte kind, long simNanos) throws IOException {
        out.writeByte(kind);
        out.writeLong(simNanos);
        records++;
    }

    private void write(byte kind, long simNanos, long payload) {
        try {
            header(kind, simNanos);
            out.writeLong(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeByte(byte kind, long simNanos, int payload) {
        try {
            header(kind, simNanos);
            out.writeByte(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Records journaled so far.
     *
     * @return the count
     */
    public long records() {
        return records;
    }

    /**
     * Bytes journaled so far.
     *
     * @return the size in bytes
     */
    public long bytes() {
        return journal.size();
    }

    /**
     * Writes a replay of the session from simulated time 0 to now: the journal, an end record with the current
     * state hash, and the trailer. Call it between frames; the recording goes on.
     *
     * @param file where to write; replaced if it exists
     * @return the state hash at the end of the file
     * @throws IOException if the file cannot be written; the journal is unaffected
     */
    public long save(Path file) throws IOException {
        long finalHash = hasher.hash();
        ByteArrayOutputStream tail = new ByteArrayOutputStream(32);
        DataOutputStream end = new DataOutputStream(tail);
        end.writeByte(ReplayFormat.END);
        end.writeLong(loop.simulatedNanos());
        end.writeLong(finalHash);
        end.writeLong(records + 1);
        CRC32 crc = new CRC32();
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        try (OutputStream fileOut = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
            journal.copyTo(fileOut, crc);
            byte[] endBytes = tail.toByteArray();
            fileOut.write(endBytes);
            crc.update(endBytes);
            new DataOutputStream(fileOut).writeInt((int) crc.getValue());
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return finalHash;
    }

    /** Stops recording: detaches from the loop. The journal can still be saved. */
    public void detach() {
        if (attached) {
            attached = false;
            loop.removeFrameListener(hooks);
            loop.removeTickListener(hooks);
            loop.removeControlListener(hooks);
        }
    }

    /** The loop's hooks, kept apart so that the recorder's public API is only saving and detaching. */
    private final class Hooks implements FrameListener, TickListener, ControlListener {
        @Override
        public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
            Recorder.this.beforeSystems(realStart, realEnd, wantedStart, wantedEnd, simEnd);
        }

        @Override
        public void beforeTick(BaseSystem system, long tickNanos) {
            Recorder.this.beforeTick(system, tickNanos);
        }

        @Override
        public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
            Recorder.this.rateChanged(system, hz, simNanos);
        }

        @Override
        public void timeScaleChanged(double scale, long simNanos) {
            Recorder.this.timeScaleChanged(scale, simNanos);
        }

        @Override
        public void catchUpChanged(long maxCatchUpNanos, long simNanos) {
            Recorder.this.catchUpChanged(maxCatchUpNanos, simNanos);
        }

        @Override
        public void debtPolicyChanged(DebtPolicy policy, long simNanos) {
            Recorder.this.debtPolicyChanged(policy, simNanos);
        }

        @Override
        public void pausedChanged(boolean paused, long simNanos) {
            Recorder.this.pausedChanged(paused, simNanos);
        }

        @Override
        public void stepped(long simNanos) {
            Recorder.this.stepped(simNanos);
        }
    }
}
