package dev.ecsloop;

import com.artemis.Archetype;
import com.artemis.Entity;
import com.artemis.EntityEdit;
import com.artemis.World;
import com.artemis.WorldConfiguration;
import dev.ecsloop.parallel.Parallel;

/**
 * The loop's world: an Artemis world whose entity creation, deletion and editing refuse to run inside a
 * parallel-for chunk or an async job ({@link Parallel#checkNotInChunk}), before they change anything. Component
 * mapper changes are guarded inside Artemis itself, on first use of the parallel-for. One flag check per call.
 */
final class LoopWorld extends World {

    private final Parallel parallel;

    LoopWorld(WorldConfiguration config, Parallel parallel) {
        super(config);
        this.parallel = parallel;
    }

    @Override
    public int create() {
        check("world.create()");
        return super.create();
    }

    @Override
    public int create(Archetype archetype) {
        check("world.create(archetype)");
        return super.create(archetype);
    }

    @Override
    public Entity createEntity() {
        check("world.createEntity()");
        return super.createEntity();
    }

    @Override
    public Entity createEntity(Archetype archetype) {
        check("world.createEntity(archetype)");
        return super.createEntity(archetype);
    }

    @Override
    public void delete(int entityId) {
        check("world.delete()");
        super.delete(entityId);
    }

    @Override
    public void deleteEntity(Entity e) {
        check("world.deleteEntity()");
        super.deleteEntity(e);
    }

    @Override
    public EntityEdit edit(int entityId) {
        check("world.edit()");
        return super.edit(entityId);
    }

    /** Artemis may call these while the super constructor runs, before {@link #parallel} is set. */
    private void check(String what) {
        if (parallel != null) {
            parallel.checkNotInChunk(what);
        }
    }
}
