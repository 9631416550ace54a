package dev.ecsloop.snapshot;

import com.artemis.BaseComponentMapper;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;
import com.artemis.utils.IntDeque;

import java.util.Arrays;

/**
 * Writes a loop's state as snapshot bytes, section by section (see {@link SnapshotFormat}). It owns one growing
 * buffer and per-type caches of mappers and codecs, reused by every capture so repeated captures allocate only
 * the returned array; identical state gives identical bytes.
 */
final class SnapshotWriter {

    private final World world;
    private final ArtemisAccess artemis;
    private final LoopHooks hooks;
    private final String setup;
    private final StagedState input;
    private final DeclaredStates states;
    private final ComponentCodecs codecs;
    private final SnapshotOut out = new SnapshotOut(1 << 16);
    private ComponentCodec<Component>[] typeCodecs = ComponentCodecs.newArray(0);
    private BaseComponentMapper<?>[] mappers = new BaseComponentMapper<?>[0];

    SnapshotWriter(World world, ArtemisAccess artemis, LoopHooks hooks, String setup, StagedState input,
                   DeclaredStates states, ComponentCodecs codecs) {
        this.world = world;
        this.artemis = artemis;
        this.hooks = hooks;
        this.setup = setup;
        this.input = input;
        this.states = states;
        this.codecs = codecs;
    }

    /**
     * @return the snapshot
     * @throws SnapshotException as {@link Snapshots#capture()} documents
     */
    byte[] capture() {
        hooks.requireBetweenFrames();
        if (artemis.hasPendingChanges()) {
            throw new SnapshotException("entities were changed since the last frame; capture between frames, before"
                    + " editing the world outside the loop's systems");
        }
        out.reset();
        out.writeBytes(SnapshotFormat.MAGIC, 0, SnapshotFormat.MAGIC.length);
        out.writeInt(SnapshotFormat.VERSION);
        out.writeString(setup);
        out.writeInt(input == null ? 5 : 6);
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
        out.writeInt(states.size());
        for (int i = 0; i < states.size(); i++) {
            out.writeString(states.name(i));
            int len = out.reserveInt();
            states.state(i).save(out);
            out.putInt(len, out.size() - len - 4);
        }
        end(at);
        at = begin(SnapshotFormat.JOBS);
        hooks.jobs().save(out);
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
            codec = codecs.codecFor(type);
            typeCodecs[t] = codec;
        }
        return codec;
    }
}
