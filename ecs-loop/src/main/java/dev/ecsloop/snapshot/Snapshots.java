package dev.ecsloop.snapshot;

import com.artemis.BaseComponentMapper;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;
import com.artemis.utils.IntDeque;
import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
 * systems declare by implementing {@link SnapshotState}, or that other objects declare by name. Caches that
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
 */
public final class Snapshots {

    private final GameLoop loop;
    private final LoopHooks hooks;
    private final World world;
    private final ArtemisAccess artemis;
    private final String setup;
    private final Map<Class<?>, ComponentCodec<?>> codecs;
    private final StagedState input;
    private final String[] stateNames;
    private final SnapshotState[] states;
    private final SnapshotOut out = new SnapshotOut(1 << 16);
    private ComponentCodec<Component>[] typeCodecs = newCodecs(0);
    private BaseComponentMapper<?>[] mappers = new BaseComponentMapper<?>[0];

    private Snapshots(Builder b) {
        this.loop = b.loop;
        this.hooks = loop.snapshotState();
        this.world = loop.world();
        this.artemis = new ArtemisAccess(world);
        this.setup = b.setup;
        this.codecs = new HashMap<>(b.codecs);
        this.input = b.input == null ? null : b.input.snapshotState();
        List<String> names = new ArrayList<>();
        List<SnapshotState> declared = new ArrayList<>();
        for (Class<? extends BaseSystem> type : loop.systems()) {
            BaseSystem system = world.getSystem(type);
            if (system instanceof SnapshotState s) {
                names.add(type.getName());
                declared.add(s);
            }
        }
        for (Map.Entry<String, SnapshotState> e : b.states.entrySet()) {
            if (names.contains(e.getKey())) {
                throw new IllegalArgumentException("state name " + e.getKey() + " is taken by a system");
            }
            names.add(e.getKey());
            declared.add(e.getValue());
        }
        this.stateNames = names.toArray(new String[0]);
        this.states = declared.toArray(new SnapshotState[0]);
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
        return List.of(stateNames);
    }

    SnapshotState declared(int i) {
        return states[i];
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
        byte[] bytes = capture();
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the first failure is the one to report
            }
            throw new SnapshotException("cannot write snapshot " + file + ": " + e.getMessage(), e);
        }
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

    static byte[] readFile(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            throw new SnapshotException("cannot read snapshot " + file + ": " + (e instanceof NoSuchFileException
                    ? "no such file" : e.getMessage()));
        }
        if (!attributes.isRegularFile()) {
            throw new SnapshotException("cannot read snapshot " + file + ": not a regular file");
        }
        if (attributes.size() > SnapshotFormat.MAX_BYTES) {
            throw new SnapshotException("snapshot " + file + " is larger than " + SnapshotFormat.MAX_BYTES + " bytes");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(SnapshotFormat.MAX_BYTES + 1);
            if (bytes.length > SnapshotFormat.MAX_BYTES) {
                throw new SnapshotException("snapshot " + file + " is larger than " + SnapshotFormat.MAX_BYTES
                        + " bytes");
            }
            return bytes;
        } catch (IOException | RuntimeException e) {
            if (e instanceof SnapshotException s) {
                throw s;
            }
            throw new SnapshotException("cannot read snapshot " + file + ": " + e.getMessage(), e);
        }
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
        hooks.requireBetweenFrames();
        if (artemis.hasPendingChanges()) {
            throw new SnapshotException("entities were changed since the last frame; capture between frames, before"
                    + " editing the world outside the loop's systems");
        }
        out.reset();
        out.writeBytes(SnapshotFormat.MAGIC, 0, SnapshotFormat.MAGIC.length);
        out.writeInt(SnapshotFormat.VERSION);
        out.writeString(setup);
        out.writeInt(input == null ? 4 : 5);
        int at = begin(SnapshotFormat.LOOP);
        hooks.save(out);
        end(at);
        at = begin(SnapshotFormat.ENTITIES);
        writeEntities();
        end(at);
        at = begin(SnapshotFormat.COMPONENTS);
        writeComponents();
        end(at);
        if (input != null) {
            at = begin(SnapshotFormat.INPUT);
            input.save(out);
            end(at);
        }
        at = begin(SnapshotFormat.STATE);
        out.writeInt(states.length);
        for (int i = 0; i < states.length; i++) {
            out.writeString(stateNames[i]);
            int len = out.reserveInt();
            states[i].save(out);
            out.putInt(len, out.size() - len - 4);
        }
        end(at);
        out.writeInt(SnapshotFormat.crc(out.buffer(), 0, out.size()));
        return out.toByteArray();
    }

    private int begin(int id) {
        out.writeInt(id);
        out.writeInt(SnapshotFormat.SECTION_VERSION[id]);
        return out.reserveInt();
    }

    private void end(int lengthAt) {
        out.putInt(lengthAt, out.size() - lengthAt - 4);
    }

    private void writeEntities() {
        out.writeInt(artemis.nextId());
        IntDeque limbo = artemis.limbo();
        out.writeInt(limbo.size());
        for (int i = 0; i < limbo.size(); i++) {
            out.writeInt(limbo.get(i));
        }
    }

    private void writeComponents() {
        ImmutableBag<ComponentType> types = world.getComponentManager().getComponentTypes();
        refreshTypes(types);
        EntityManager em = world.getEntityManager();
        int next = artemis.nextId();
        out.writeInt(types.size());
        for (int t = 0; t < types.size(); t++) {
            out.writeString(types.get(t).getType().getName());
            int countAt = out.reserveInt();
            int count = 0;
            BaseComponentMapper<?> mapper = mappers[t];
            for (int e = 0; e < next; e++) {
                if (!mapper.has(e) || !em.isActive(e)) {
                    continue;
                }
                ComponentCodec<Component> codec = codecOf(t, types.get(t).getType());
                out.writeInt(e);
                int len = out.reserveInt();
                codec.write(mapper.get(e), out);
                out.putInt(len, out.size() - len - 4);
                count++;
            }
            out.putInt(countAt, count);
        }
    }

    private void refreshTypes(ImmutableBag<ComponentType> types) {
        if (mappers.length == types.size()) {
            return;
        }
        int old = mappers.length;
        mappers = Arrays.copyOf(mappers, types.size());
        typeCodecs = Arrays.copyOf(typeCodecs, types.size());
        for (int t = old; t < types.size(); t++) {
            mappers[t] = world.getMapper(types.get(t).getType());
        }
    }

    private ComponentCodec<Component> codecOf(int t, Class<? extends Component> type) {
        ComponentCodec<Component> codec = typeCodecs[t];
        if (codec == null) {
            codec = codecFor(type);
            typeCodecs[t] = codec;
        }
        return codec;
    }

    @SuppressWarnings("unchecked") // registered per type by Builder.codec, which checks the pairing
    private ComponentCodec<Component> codecFor(Class<? extends Component> type) {
        ComponentCodec<?> explicit = codecs.get(type);
        return explicit != null ? (ComponentCodec<Component>) explicit : AutoCodec.of(type);
    }

    @SuppressWarnings("unchecked") // generic array creation
    private static ComponentCodec<Component>[] newCodecs(int n) {
        return (ComponentCodec<Component>[]) new ComponentCodec<?>[n];
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
        Staged staged = stage(snapshot);
        byte[] backup;
        try {
            backup = capture();
        } catch (SnapshotException e) {
            throw new SnapshotException("cannot restore now: " + e.getMessage(), e);
        }
        try {
            apply(staged);
        } catch (RuntimeException | Error e) {
            try {
                apply(stage(backup));
            } catch (RuntimeException | Error rollback) {
                e.addSuppressed(rollback);
            }
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new SnapshotException(why.lines().findFirst().orElse(why) + " (the loop was rolled back)", e);
        }
    }

    /** Everything a snapshot holds, read and checked, ready to apply. */
    private static final class Staged {
        byte[] bytes;
        Runnable loopApply;
        Runnable inputApply;
        int nextId;
        int[] limbo;
        List<Class<? extends Component>> classes;
        ComponentCodec<Component>[] codecs;
        int[][] ids;
        int[][] offsets;
        int[][] lengths;
        SnapshotIn[] stateData;
    }

    private Staged stage(byte[] b) {
        int n = b.length;
        String pre = "snapshot";
        int minimum = SnapshotFormat.MAGIC.length + 4 + 4 + 4 + 4;
        if (n < SnapshotFormat.MAGIC.length
                || !Arrays.equals(b, 0, SnapshotFormat.MAGIC.length, SnapshotFormat.MAGIC, 0,
                SnapshotFormat.MAGIC.length)) {
            throw new SnapshotException(pre + ": not a snapshot (no ECSLSNAP header)");
        }
        if (n < minimum) {
            throw new SnapshotException(pre + ": truncated (" + n + " bytes)");
        }
        if (n > SnapshotFormat.MAX_BYTES) {
            throw new SnapshotException(pre + ": larger than " + SnapshotFormat.MAX_BYTES + " bytes");
        }
        SnapshotIn header = new SnapshotIn(b, SnapshotFormat.MAGIC.length, n - 4, "snapshot header");
        int version = header.readInt();
        if (version != SnapshotFormat.VERSION) {
            throw new SnapshotException(pre + ": format version " + version + ", this build reads version "
                    + SnapshotFormat.VERSION);
        }
        int crc = new SnapshotIn(b, n - 4, n, "snapshot trailer").readInt();
        if (crc != SnapshotFormat.crc(b, 0, n - 4)) {
            throw new SnapshotException(pre + ": CRC mismatch (the file is damaged or truncated)");
        }
        int setupLength = new SnapshotIn(b, header.position(), n - 4, "snapshot header").readInt();
        if (setupLength < 0 || setupLength > SnapshotFormat.MAX_SETUP_BYTES) {
            throw new SnapshotException(pre + ": bad setup length " + setupLength);
        }
        String theirs = header.readString();
        if (!theirs.equals(setup)) {
            throw new SnapshotException("snapshot of another setup: \"" + abbreviate(theirs) + "\", this game is \""
                    + abbreviate(setup) + "\"");
        }
        int sections = header.readInt();
        int[] expected = input == null
                ? new int[] {SnapshotFormat.LOOP, SnapshotFormat.ENTITIES, SnapshotFormat.COMPONENTS,
                        SnapshotFormat.STATE}
                : new int[] {SnapshotFormat.LOOP, SnapshotFormat.ENTITIES, SnapshotFormat.COMPONENTS,
                        SnapshotFormat.INPUT, SnapshotFormat.STATE};
        Staged s = new Staged();
        s.bytes = b;
        int previous = 0;
        for (int i = 0; i < sections; i++) {
            int id = header.readInt();
            int sectionVersion = header.readInt();
            int length = header.readInt();
            if (id <= 0 || id >= SnapshotFormat.SECTION_VERSION.length) {
                throw header.fail("unknown section id " + id + " (written by a newer build?)");
            }
            String name = SnapshotFormat.SECTION_NAME[id];
            if (sectionVersion != SnapshotFormat.SECTION_VERSION[id]) {
                throw header.fail("section " + name + " version " + sectionVersion + ", this build reads version "
                        + SnapshotFormat.SECTION_VERSION[id]);
            }
            if (id <= previous) {
                throw header.fail("section " + name + " out of order or repeated");
            }
            if (Arrays.stream(expected).noneMatch(x -> x == id)) {
                throw header.fail("section " + name + " is not expected here (this game "
                        + (id == SnapshotFormat.INPUT ? "has no input queue" : "does not read it") + ")");
            }
            previous = id;
            if (length < 0 || length > header.remaining()) {
                throw header.fail("section " + name + " length " + length + " beyond the data ("
                        + header.remaining() + " bytes left)");
            }
            SnapshotIn in = header.slice(length, "section " + name);
            switch (id) {
                case SnapshotFormat.LOOP -> s.loopApply = hooks.stage(in);
                case SnapshotFormat.ENTITIES -> stageEntities(s, in);
                case SnapshotFormat.COMPONENTS -> stageComponents(s, in);
                case SnapshotFormat.INPUT -> s.inputApply = input.stage(in);
                default -> stageStates(s, in);
            }
        }
        header.expectEnd();
        for (int id : expected) {
            boolean present = switch (id) {
                case SnapshotFormat.LOOP -> s.loopApply != null;
                case SnapshotFormat.ENTITIES -> s.limbo != null;
                case SnapshotFormat.COMPONENTS -> s.classes != null;
                case SnapshotFormat.INPUT -> s.inputApply != null;
                default -> s.stateData != null;
            };
            if (!present) {
                throw new SnapshotException(pre + ": section " + SnapshotFormat.SECTION_NAME[id] + " is missing");
            }
        }
        if (s.classes != null && s.limbo == null) {
            throw new SnapshotException(pre + ": section ENTITIES is missing");
        }
        return s;
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }

    private void stageEntities(Staged s, SnapshotIn in) {
        int next = in.readInt();
        if (next < 0 || next > SnapshotFormat.MAX_ENTITIES) {
            throw in.fail("bad next entity id " + next + " (at most " + SnapshotFormat.MAX_ENTITIES + ")");
        }
        int count = in.readCount(4, "recycled id");
        if (count > next) {
            throw in.fail(count + " recycled ids among only " + next);
        }
        boolean[] recycled = new boolean[next];
        int[] limbo = new int[count];
        for (int i = 0; i < count; i++) {
            int id = in.readInt();
            if (id < 0 || id >= next || recycled[id]) {
                throw in.fail("bad recycled id " + id);
            }
            recycled[id] = true;
            limbo[i] = id;
        }
        in.expectEnd();
        s.nextId = next;
        s.limbo = limbo;
    }

    private void stageComponents(Staged s, SnapshotIn in) {
        if (s.limbo == null) {
            throw in.fail("comes before section ENTITIES");
        }
        boolean[] recycled = new boolean[s.nextId];
        for (int id : s.limbo) {
            recycled[id] = true;
        }
        ImmutableBag<ComponentType> present = world.getComponentManager().getComponentTypes();
        int typeCount = in.readCount(8, "component type");
        List<Class<? extends Component>> classes = new ArrayList<>(typeCount);
        ComponentCodec<Component>[] typeCodecs = newCodecs(typeCount);
        int[][] ids = new int[typeCount][];
        int[][] offsets = new int[typeCount][];
        int[][] lengths = new int[typeCount][];
        for (int t = 0; t < typeCount; t++) {
            String name = in.readString();
            Class<? extends Component> type = resolve(in, t, name, present);
            classes.add(type);
            int count = in.readCount(8, "component " + type.getSimpleName());
            ids[t] = new int[count];
            offsets[t] = new int[count];
            lengths[t] = new int[count];
            if (count == 0) {
                continue;
            }
            ComponentCodec<Component> codec;
            Component scratch;
            try {
                codec = codecFor(type);
                scratch = type.getConstructor().newInstance();
            } catch (SnapshotException e) {
                throw in.fail(e.getMessage());
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw in.fail("cannot create component " + type.getName() + ": " + e);
            }
            typeCodecs[t] = codec;
            int previous = -1;
            SnapshotIn one = new SnapshotIn(in.buffer(), 0, 0, "component " + type.getSimpleName());
            for (int i = 0; i < count; i++) {
                int e = in.readInt();
                if (e <= previous || e >= s.nextId || recycled[e]) {
                    throw in.fail("component " + type.getSimpleName() + " of entity " + e + ", which "
                            + (e <= previous ? "is out of order" : "does not exist"));
                }
                previous = e;
                int length = in.readInt();
                if (length < 0 || length > in.remaining()) {
                    throw in.fail("component " + type.getSimpleName() + " of entity " + e + " has bad length "
                            + length);
                }
                ids[t][i] = e;
                offsets[t][i] = in.position();
                lengths[t][i] = length;
                in.skip(length);
                one.reset(offsets[t][i], offsets[t][i] + length, e);
                try {
                    codec.read(scratch, one);
                } catch (SnapshotException bad) {
                    throw bad;
                } catch (RuntimeException bad) {
                    throw one.fail("codec refused it: " + bad);
                }
                one.expectEnd();
            }
        }
        in.expectEnd();
        s.classes = classes;
        s.codecs = typeCodecs;
        s.ids = ids;
        s.offsets = offsets;
        s.lengths = lengths;
    }

    /** The class of snapshot type {@code t}: the world's own type at that index, or one to register there. */
    private Class<? extends Component> resolve(SnapshotIn in, int t, String name, ImmutableBag<ComponentType> present) {
        if (t < present.size()) {
            Class<? extends Component> here = present.get(t).getType();
            if (!here.getName().equals(name)) {
                throw in.fail("component type #" + t + " is " + name + " in the snapshot but " + here.getName()
                        + " in this world");
            }
            return here;
        }
        Class<?> c;
        try {
            ClassLoader loader = world.getClass().getClassLoader();
            ClassLoader mine = Snapshots.class.getClassLoader();
            try {
                c = Class.forName(name, false, mine);
            } catch (ClassNotFoundException notMine) {
                c = Class.forName(name, false, loader);
            }
        } catch (ClassNotFoundException | LinkageError e) {
            throw in.fail("unknown component type " + abbreviate(name));
        }
        if (!Component.class.isAssignableFrom(c) || c == Component.class) {
            throw in.fail(abbreviate(name) + " is not a component type");
        }
        try {
            if (!java.lang.reflect.Modifier.isPublic(c.getConstructor().getModifiers())) {
                throw in.fail("component " + name + " has no public constructor");
            }
        } catch (NoSuchMethodException e) {
            throw in.fail("component " + name + " has no public constructor");
        }
        return c.asSubclass(Component.class);
    }

    private void stageStates(Staged s, SnapshotIn in) {
        int count = in.readInt();
        if (count != states.length) {
            throw in.fail(count + " declared states, this game declares " + states.length + " "
                    + Arrays.toString(stateNames));
        }
        SnapshotIn[] data = new SnapshotIn[count];
        for (int i = 0; i < count; i++) {
            String name = in.readString();
            if (!name.equals(stateNames[i])) {
                throw in.fail("declared state #" + i + " is " + abbreviate(name) + " in the snapshot but "
                        + stateNames[i] + " here");
            }
            int length = in.readInt();
            if (length < 0 || length > in.remaining()) {
                throw in.fail("state " + name + " has bad length " + length);
            }
            data[i] = in.slice(length, "state " + name);
        }
        in.expectEnd();
        s.stateData = data;
    }

    private void apply(Staged s) {
        World w = world;
        EntityManager em = w.getEntityManager();
        s.loopApply.run();
        if (s.inputApply != null) {
            s.inputApply.run();
        }
        int oldNext = artemis.nextId();
        for (int id = 0; id < oldNext; id++) {
            if (em.isActive(id)) {
                w.delete(id);
            }
        }
        hooks.flushEntities();
        if (!em.reset()) {
            throw new IllegalStateException("entities survived deleting them all");
        }
        var factory = w.getComponentManager().getTypeFactory();
        for (int t = w.getComponentManager().getComponentTypes().size(); t < s.classes.size(); t++) {
            int index = factory.getTypeFor(s.classes.get(t)).getIndex();
            if (index != t) {
                throw new IllegalStateException("component type " + s.classes.get(t).getName() + " registered at "
                        + index + ", expected " + t);
            }
        }
        for (int i = 0; i < s.nextId; i++) {
            int id = w.create();
            if (id != i) {
                throw new IllegalStateException("entity id " + id + " created where " + i + " was expected");
            }
        }
        readComponents(s, false);
        for (int id : s.limbo) {
            w.delete(id);
        }
        hooks.flushEntities();
        artemis.setLimboOrder(s.limbo);
        readComponents(s, true);
        for (int i = 0; i < states.length; i++) {
            SnapshotIn in = s.stateData[i];
            SnapshotIn fresh = new SnapshotIn(s.bytes, in.position(), in.position() + in.remaining(),
                    "state " + stateNames[i]);
            states[i].load(fresh);
            fresh.expectEnd();
        }
    }

    private void readComponents(Staged s, boolean again) {
        for (int t = 0; t < s.classes.size(); t++) {
            ComponentCodec<Component> codec = s.codecs[t];
            if (codec == null || again && !codec.readAgainAfterInsert()) {
                continue;
            }
            Class<? extends Component> type = s.classes.get(t);
            var mapper = world.getMapper(type);
            int[] ids = s.ids[t];
            SnapshotIn in = new SnapshotIn(s.bytes, 0, 0, "component " + type.getSimpleName());
            for (int i = 0; i < ids.length; i++) {
                Component c = again ? mapper.get(ids[i]) : mapper.create(ids[i]);
                in.reset(s.offsets[t][i], s.offsets[t][i] + s.lengths[t][i], ids[i]);
                codec.read(c, in);
                in.expectEnd();
            }
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
