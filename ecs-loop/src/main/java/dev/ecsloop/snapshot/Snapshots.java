package dev.ecsloop.snapshot;

import com.artemis.Component;
import com.artemis.World;
import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The simulation as a value: captures everything a loop's future depends on into bytes, and restores such bytes
 * into a loop of the same setup in place, all or nothing, keeping every entity id.
 *
 * <p><b>What is captured.</b> Every Artemis entity under its id, and the id allocator (the next new id and the
 * recycled ids in the order they will be reused); every component, through the {@link ComponentCodec} the game
 * registered for its type or, for a plain component (primitives and final JOML vectors only), field by field;
 * the component types in Artemis's index order; the loop's schedules and simulated time (see
 * {@link GameLoop#snapshotState()}); the pending timestamped input of an {@link InputQueue}; interpolation state
 * (the {@code Transform2}/{@code Transform3} components, previous state and owner included); and the state that
 * systems declare by implementing {@link SnapshotState}, or that other objects declare by name; and the pending
 * async jobs of the loop's parallel systems, by their inputs ({@code dev.ecsloop.parallel.JobCodec}). Caches that
 * Artemis subscription listeners build are rebuilt by the restore, which reports every entity to them.
 *
 * <p><b>Restore.</b> The bytes are read and checked completely (format, CRC, setup, sections, every entity id,
 * every component decoded once) before anything changes; then the world is replaced. If a declared state's
 * {@link SnapshotState#load} still fails, the loop is rolled back to a capture taken just before. After a restore
 * the loop goes on exactly as the captured one would have, under any frame split.
 *
 * <p>Capture and restore run between frames, on the loop's thread, with no entity changed since the last frame
 * (an entity edited between frames would be applied at a different point of the next frame by a restored loop).
 * A game holding {@code Entity} objects or component references across a restore must fetch them again; entity
 * ids stay valid.
 *
 * <p>The format is in {@link SnapshotFormat}'s documentation; errors are one line ({@link SnapshotException}).
 * This class is the facade: {@link SnapshotWriter} captures, {@link SnapshotStager} reads and checks,
 * {@link SnapshotApplier} replaces the world, {@link SnapshotFiles} does the file I/O and {@link SnapshotCheck}
 * the check mode.
 */
public final class Snapshots {

    private final GameLoop loop;
    private final LoopHooks hooks;
    private final String setup;
    private final DeclaredStates states;
    private final SnapshotWriter writer;
    private final SnapshotStager stager;
    private final SnapshotApplier applier;

    private Snapshots(Builder b) {
        this.loop = b.loop;
        this.hooks = loop.snapshotState();
        World world = loop.world();
        ArtemisAccess artemis = new ArtemisAccess(world);
        this.setup = b.setup;
        ComponentCodecs codecs = new ComponentCodecs(b.codecs);
        StagedState input = b.input == null ? null : b.input.snapshotState();
        this.states = new DeclaredStates(loop, world, b.states);
        this.writer = new SnapshotWriter(world, artemis, hooks, setup, input, states, codecs);
        this.stager = new SnapshotStager(world, hooks, setup, input, states, codecs);
        this.applier = new SnapshotApplier(world, artemis, hooks, states);
    }

    /**
     * A builder for snapshots of {@code loop}.
     *
     * @param loop the loop to capture and restore
     * @return a builder
     */
    public static Builder builder(GameLoop loop) {
        return new Builder(Objects.requireNonNull(loop, "loop"));
    }

    /** @return the loop this captures and restores */
    public GameLoop loop() {
        return loop;
    }

    /** @return the setup identity written into every snapshot and required of every restored one */
    public String setup() {
        return setup;
    }

    /** @return the names of the declared states, systems' (their class names) first, in the order saved */
    public List<String> declaredStates() {
        return states.names();
    }

    SnapshotState declared(int i) {
        return states.state(i);
    }

    // ---------------------------------------------------------------- check mode

    /**
     * The check mode: captures this loop, restores the capture into {@code copy} (a fresh loop of the same setup),
     * single-steps both for {@code span} of simulated time comparing them before every tick, then restores this
     * loop to the capture. Off unless called; tests call it. On a difference it names what was forgotten: the
     * entity, component and field that differ, or the system whose tick turned identical worlds into different
     * ones because it depends on state it does not declare (with its fields that differ).
     *
     * @param copy snapshots of a fresh loop built like this one
     * @param span how much simulated time to compare; {@link #DEFAULT_CHECK_SPAN} is 10 s
     * @return the first difference, one line; empty if both ran identically
     * @throws SnapshotException        if the capture or the restore fails
     * @throws IllegalArgumentException if {@code copy} drives this very loop, or the span is not positive
     */
    public Optional<String> check(Snapshots copy, Duration span) {
        Objects.requireNonNull(copy, "copy");
        if (span == null || span.isNegative() || span.isZero()) {
            throw new IllegalArgumentException("bad check span " + span + " (must be positive)");
        }
        return SnapshotCheck.run(this, copy, span.toNanos());
    }

    /** How much simulated time the check mode compares unless told otherwise: 10 s. */
    public static final Duration DEFAULT_CHECK_SPAN = Duration.ofSeconds(10);

    // ---------------------------------------------------------------- files

    /**
     * Captures the loop into a file, written whole or not at all (through a temporary file moved into place).
     *
     * @param file where to write
     * @throws SnapshotException as {@link #capture()} does, or if the file cannot be written (one line)
     */
    public void save(Path file) {
        SnapshotFiles.write(file, capture());
    }

    /**
     * Restores the loop from a file, all or nothing. Only a regular file is read (a FIFO or a device is refused
     * before it is opened, so nothing blocks), and at most {@link SnapshotFormat#MAX_BYTES} of it.
     *
     * @param file a file {@link #save} wrote
     * @throws SnapshotException if the file cannot be read or is not a snapshot of this setup; one line, and the
     *                           loop is exactly as it was
     */
    public void load(Path file) {
        restore(readFile(file));
    }

    /**
     * The bytes of a file, for a game that reads snapshot files off the loop's thread and restores them on it:
     * only a regular file is read (a FIFO or a device is refused before it is opened, so nothing blocks), and at
     * most {@link SnapshotFormat#MAX_BYTES}. The bytes are not checked here; {@link #restore} checks them.
     *
     * @param file a file
     * @return its bytes
     * @throws SnapshotException if it is missing, not a regular file, too large or unreadable (one line)
     */
    public static byte[] readFile(Path file) {
        return SnapshotFiles.read(file);
    }

    /**
     * Writes bytes to a file whole or not at all (a temporary file beside it, moved into place), for a game that
     * captures on the loop's thread and writes on another; safe on any thread.
     *
     * @param file  where to write
     * @param bytes what {@link #capture()} returned, or any encoding of it the game reads back
     * @throws SnapshotException if the file cannot be written (one line); no temporary file is left behind
     */
    public static void writeFile(Path file, byte[] bytes) {
        SnapshotFiles.write(file, bytes);
    }

    // ---------------------------------------------------------------- capture

    /**
     * Captures the loop's state.
     *
     * @return the snapshot, bit-identical for identical state
     * @throws SnapshotException if called inside a frame, with entity changes pending since the last frame, or a
     *                           component type is not plain and has no codec (the message names the field)
     */
    public byte[] capture() {
        return writer.capture();
    }

    // ---------------------------------------------------------------- restore

    /**
     * Replaces the loop's state by a snapshot's, all or nothing.
     *
     * @param snapshot bytes from {@link #capture()} of a loop of the same setup
     * @throws SnapshotException if the bytes are damaged, truncated, of another format version or setup, or
     *                           inconsistent, or a declared state refuses them; the message is one line and the
     *                           loop is exactly as it was
     */
    public void restore(byte[] snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        hooks.requireBetweenFrames();
        StagedSnapshot staged = stager.stage(snapshot);
        byte[] backup;
        try {
            backup = capture();
        } catch (SnapshotException e) {
            throw new SnapshotException("cannot restore now: " + e.getMessage(), e);
        }
        try {
            applier.apply(staged);
        } catch (RuntimeException | Error e) {
            try {
                applier.apply(stager.stage(backup));
            } catch (RuntimeException | Error rollback) {
                e.addSuppressed(rollback);
            }
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new SnapshotException(why.lines().findFirst().orElse(why) + " (the loop was rolled back)", e);
        }
    }

    /** Configures {@link Snapshots}. */
    public static final class Builder {

        private final GameLoop loop;
        private String setup = "";
        private final Map<Class<?>, ComponentCodec<?>> codecs = new HashMap<>();
        private final Map<String, SnapshotState> states = new java.util.LinkedHashMap<>();
        private InputQueue input;

        private Builder(GameLoop loop) {
            this.loop = loop;
            codec(dev.ecsloop.interpolate.Transform2.class, Interpolation.transform2Codec(loop));
            codec(dev.ecsloop.interpolate.Transform3.class, Interpolation.transform3Codec(loop));
        }

        /**
         * The setup identity: what the game needs to rebuild the same world (name, seed, sizes). A snapshot of
         * another setup is refused. Empty by default.
         *
         * @param setup at most 1024 bytes of UTF-8
         * @return this builder
         * @throws IllegalArgumentException if it is longer
         */
        public Builder setup(String setup) {
            if (setup.getBytes(StandardCharsets.UTF_8).length > SnapshotFormat.MAX_SETUP_BYTES) {
                throw new IllegalArgumentException("setup identity longer than " + SnapshotFormat.MAX_SETUP_BYTES
                        + " bytes");
            }
            this.setup = setup;
            return this;
        }

        /**
         * Registers how one component type is written and read; a type without one must be plain.
         *
         * @param type  the component type
         * @param codec its codec
         * @param <T>   the component type
         * @return this builder
         */
        public <T extends Component> Builder codec(Class<T> type, ComponentCodec<T> codec) {
            codecs.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /**
         * The input queue whose pending events are captured.
         *
         * @param queue an input queue attached to the loop
         * @return this builder
         */
        public Builder input(InputQueue queue) {
            this.input = Objects.requireNonNull(queue, "queue");
            return this;
        }

        /**
         * Declares state held outside the loop's systems (a system implementing {@link SnapshotState} is
         * declared automatically, under its class name).
         *
         * @param name  unique, stable across builds: it is written into the snapshot
         * @param state the state
         * @return this builder
         * @throws IllegalArgumentException if the name is taken
         */
        public Builder state(String name, SnapshotState state) {
            if (states.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(state, "state"))
                    != null) {
                throw new IllegalArgumentException("state name " + name + " declared twice");
            }
            return this;
        }

        /**
         * @return the snapshots
         * @throws IllegalArgumentException if a declared name is also a system's
         */
        public Snapshots build() {
            return new Snapshots(this);
        }
    }
}
