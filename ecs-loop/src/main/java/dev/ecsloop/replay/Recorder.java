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
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;

/**
 * Records everything that can change a simulation, so that {@link Replayer} can reproduce it bit for bit: the
 * setup identity, every input event with the simulated time it was assigned, every rate change with the
 * simulated time it applied, and a world-state hash at regular simulated intervals to check the replay against.
 * The format is {@link ReplayFormat}.
 *
 * <p>Recording starts at simulated time 0, before the first frame: a replay rebuilds the world from the setup,
 * so it must see the whole session. Writing goes through a buffer and allocates nothing in frames that bring no
 * input, rate change or hash; an I/O failure surfaces as {@link UncheckedIOException} from the frame.
 */
public final class Recorder implements FrameListener, TickListener, ControlListener, AutoCloseable {

    private final GameLoop loop;
    private final InputQueue inputs;
    private final StateHash hasher;
    private final long hashEvery;
    private final DataOutputStream out;
    private final CheckedOutputStream checked;
    private long nextHashAt;
    private long records;
    private boolean closed;

    private Recorder(GameLoop loop, InputQueue inputs, OutputStream sink, String setup, long hashEvery)
            throws IOException {
        this.loop = loop;
        this.inputs = inputs;
        this.hasher = new StateHash(loop.world());
        this.hashEvery = hashEvery;
        this.nextHashAt = hashEvery;
        this.checked = new CheckedOutputStream(new BufferedOutputStream(sink, 1 << 16), new CRC32());
        this.out = new DataOutputStream(checked);
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
     * Starts recording {@code loop} into {@code file}, with a state hash every {@code hashEvery} of simulated time.
     *
     * @param inputs the loop's input queue, or null if the game takes no input; must be installed before this
     * @param setup  identifies the setup a replay must rebuild (for example "demo-rts units=2000 seed=7")
     * @throws IllegalStateException    if the loop has already advanced past simulated time 0
     * @throws IllegalArgumentException if {@code hashEvery} is not positive
     * @throws IOException              if the file cannot be created
     */
    public static Recorder start(GameLoop loop, InputQueue inputs, Path file, String setup, Duration hashEvery)
            throws IOException {
        return start(loop, inputs, Files.newOutputStream(file), setup, hashEvery);
    }

    /** As {@link #start(GameLoop, InputQueue, Path, String, Duration)}, into any stream; closes it at the end. */
    public static Recorder start(GameLoop loop, InputQueue inputs, OutputStream sink, String setup,
                                 Duration hashEvery) throws IOException {
        Objects.requireNonNull(setup, "setup");
        if (loop.simulatedNanos() != 0) {
            throw new IllegalStateException("recording must start at simulated time 0, the loop is at "
                    + loop.simulatedNanos() + " ns");
        }
        if (hashEvery == null || hashEvery.isZero() || hashEvery.isNegative()) {
            throw new IllegalArgumentException("hash interval must be positive, was " + hashEvery);
        }
        Recorder recorder = new Recorder(loop, inputs, sink, setup, hashEvery.toNanos());
        loop.addFrameListener(recorder);
        loop.addTickListener(recorder);
        loop.addControlListener(recorder);
        return recorder;
    }

    /** One simulated second between hashes: the default interval. */
    public static Duration defaultHashInterval() {
        return Duration.ofSeconds(1);
    }

    @Override
    public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
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

    @Override
    public void beforeTick(BaseSystem system, long tickNanos) {
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

    @Override
    public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
        try {
            header(ReplayFormat.RATE, simNanos);
            out.writeUTF(system.getSimpleName());
            out.writeDouble(hz);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void timeScaleChanged(double scale, long simNanos) {
        write(ReplayFormat.SCALE, simNanos, Double.doubleToRawLongBits(scale));
    }

    @Override
    public void catchUpChanged(long maxCatchUpNanos, long simNanos) {
        write(ReplayFormat.CATCHUP, simNanos, maxCatchUpNanos);
    }

    @Override
    public void debtPolicyChanged(DebtPolicy policy, long simNanos) {
        writeByte(ReplayFormat.DEBT, simNanos, policy == DebtPolicy.KEEP ? 0 : 1);
    }

    @Override
    public void pausedChanged(boolean paused, long simNanos) {
        writeByte(ReplayFormat.PAUSE, simNanos, paused ? 1 : 0);
    }

    @Override
    public void stepped(long simNanos) {
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

    /** Simulated time covered so far, as a replay will check it. */
    public long records() {
        return records;
    }

    /**
     * Stops recording: writes the final state hash and the trailer, closes the file and detaches from the loop.
     * Call it between frames. Calling it again does nothing.
     *
     * @return the final state hash
     */
    public long stop() throws IOException {
        if (closed) {
            return 0;
        }
        closed = true;
        loop.removeFrameListener(this);
        loop.removeTickListener(this);
        loop.removeControlListener(this);
        long finalHash = hasher.hash();
        header(ReplayFormat.END, loop.simulatedNanos());
        out.writeLong(finalHash);
        out.writeLong(records);
        out.flush();
        int crc = (int) checked.getChecksum().getValue();
        out.writeInt(crc);
        out.close();
        return finalHash;
    }

    @Override
    public void close() throws IOException {
        stop();
    }
}
