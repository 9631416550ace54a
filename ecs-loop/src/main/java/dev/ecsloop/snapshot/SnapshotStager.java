package dev.ecsloop.snapshot;

import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The first, read-only half of a restore: reads snapshot bytes and checks all of them (header, format version,
 * CRC, setup, sections and their versions and order, every entity id, every component decoded once, the declared
 * states' names) into a {@link StagedSnapshot}, changing nothing in the loop. Every refusal is one
 * {@link SnapshotException} line naming what was wrong.
 */
final class SnapshotStager {

    private final World world;
    private final LoopHooks hooks;
    private final String setup;
    private final StagedState input;
    private final DeclaredStates states;
    private final ComponentCodecs codecs;

    SnapshotStager(World world, LoopHooks hooks, String setup, StagedState input, DeclaredStates states,
                   ComponentCodecs codecs) {
        this.world = world;
        this.hooks = hooks;
        this.setup = setup;
        this.input = input;
        this.states = states;
        this.codecs = codecs;
    }

    /**
     * @param b snapshot bytes
     * @return them, checked and ready to apply
     * @throws SnapshotException if anything in them is wrong (one line); nothing was changed
     */

    StagedSnapshot stage(byte[] b) {
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
                        SnapshotFormat.STATE, SnapshotFormat.JOBS}
                : new int[] {SnapshotFormat.LOOP, SnapshotFormat.ENTITIES, SnapshotFormat.COMPONENTS,
                        SnapshotFormat.INPUT, SnapshotFormat.STATE, SnapshotFormat.JOBS};
        StagedSnapshot s = new StagedSnapshot();
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
                case SnapshotFormat.JOBS -> s.jobsApply = hooks.jobs().stage(in);
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
                case SnapshotFormat.JOBS -> s.jobsApply != null;
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

    private void stageEntities(StagedSnapshot s, SnapshotIn in) {
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

    private void stageComponents(StagedSnapshot s, SnapshotIn in) {
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
        ComponentCodec<Component>[] typeCodecs = ComponentCodecs.newArray(typeCount);
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
                codec = codecs.codecFor(type);
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

    private void stageStates(StagedSnapshot s, SnapshotIn in) {
        int count = in.readInt();
        if (count != states.size()) {
            throw in.fail(count + " declared states, this game declares " + states.size() + " " + states);
        }
        SnapshotIn[] data = new SnapshotIn[count];
        for (int i = 0; i < count; i++) {
            String name = in.readString();
            if (!name.equals(states.name(i))) {
                throw in.fail("declared state #" + i + " is " + abbreviate(name) + " in the snapshot but "
                        + states.name(i) + " here");
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
}
