package dev.ecsloop.snapshot;

import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.utils.Bag;
import com.artemis.utils.BitVector;
import com.artemis.utils.IntDeque;

import java.lang.reflect.Field;

/**
 * The Artemis-odb 2.3 internals a snapshot needs and Artemis does not expose: the entity id allocator (the next
 * new id, and the recycled ids in the order {@code create()} hands them out again) and whether entity changes are
 * pending since the last pass. Read by reflection, as {@code GameLoop} reads the configuration's
 * strategy; another Artemis version fails here with one line saying so.
 */
final class ArtemisAccess {

    private static final Field NEXT_ID = field(EntityManager.class, "nextId");
    private static final Field LIMBO = field(EntityManager.class, "limbo");
    private static final Field BATCH = field(World.class, "batchProcessor");
    private static final Class<?> BATCH_TYPE = BATCH.getType();
    private static final Field CHANGED = field(BATCH_TYPE, "changed");
    private static final Field DELETED = field(BATCH_TYPE, "deleted");
    private static final Field PENDING_PURGE = field(BATCH_TYPE, "pendingPurge");
    private static final Field PURGATORIES = field(BATCH_TYPE, "purgatories");

    private final EntityManager em;
    private final Object batch;

    ArtemisAccess(World world) {
        this.em = world.getEntityManager();
        this.batch = get(BATCH, world);
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot reach " + type.getName() + "." + name
                    + " (Artemis-odb version other than 2.3?): " + e, e);
        }
    }

    private static Object get(Field f, Object owner) {
        try {
            return f.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + f + ": " + e, e);
        }
    }

    /** The id the next {@code create()} takes when no recycled id is waiting: every id below it exists. */
    int nextId() {
        try {
            return NEXT_ID.getInt(em);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read EntityManager.nextId: " + e, e);
        }
    }

    /** The recycled ids, in the order {@code create()} hands them out again. */
    IntDeque limbo() {
        return (IntDeque) get(LIMBO, em);
    }

    /** Replaces the recycled ids' order (the set stays): after a restore freed them in ascending order. */
    void setLimboOrder(int[] ids) {
        IntDeque limbo = limbo();
        limbo.clear();
        for (int id : ids) {
            limbo.add(id);
        }
    }

    /** Whether an entity was created, changed or deleted since the last pass. */
    boolean hasPendingChanges() {
        return !((BitVector) get(CHANGED, batch)).isEmpty() || !((BitVector) get(DELETED, batch)).isEmpty()
                || !((BitVector) get(PENDING_PURGE, batch)).isEmpty() || ((Bag<?>) get(PURGATORIES, batch)).size() > 0;
    }
}
