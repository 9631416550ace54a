package dev.ecsloop.snapshot;

import com.artemis.Component;
import com.artemis.EntityManager;
import com.artemis.World;

/**
 * The second, writing half of a restore: replaces the loop's world by a {@link StagedSnapshot}. It deletes every
 * entity, recreates the ids in order so each keeps its id, registers missing component types at their indices,
 * decodes the components, deletes the recycled ids in the allocator's order and loads the declared states.
 * Subscription listeners see every entity, so their caches are rebuilt. A failure here leaves the world half
 * replaced; {@link Snapshots#restore} then rolls back.
 */
final class SnapshotApplier {

    private final World world;
    private final ArtemisAccess artemis;
    private final LoopHooks hooks;
    private final DeclaredStates states;

    SnapshotApplier(World world, ArtemisAccess artemis, LoopHooks hooks, DeclaredStates states) {
        this.world = world;
        this.artemis = artemis;
        this.hooks = hooks;
        this.states = states;
    }

    /**
     * @param s a staged snapshot
     * @throws RuntimeException if a declared state's load fails, or Artemis breaks an invariant
     */
    void apply(StagedSnapshot s) {
        World w = world;
        EntityManager em = w.getEntityManager();
        s.loopApply.run();
        s.jobsApply.run();
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
        for (int i = 0; i < states.size(); i++) {
            SnapshotIn in = s.stateData[i];
            SnapshotIn fresh = new SnapshotIn(s.bytes, in.position(), in.position() + in.remaining(),
                    "state " + states.name(i));
            states.state(i).load(fresh);
            fresh.expectEnd();
        }
    }

    private void readComponents(StagedSnapshot s, boolean again) {
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
}
