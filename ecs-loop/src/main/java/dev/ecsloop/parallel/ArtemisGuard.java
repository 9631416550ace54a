package dev.ecsloop.parallel;

import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.utils.Bag;
import com.artemis.utils.BitVector;

import java.lang.reflect.Field;

/**
 * Puts a guard where every component mapper's {@code create}/{@code remove} (and so every {@code EntityEdit}
 * change) and every {@code world.delete} pass in Artemis-odb 2.3: the batch processor's pending-purge bit
 * vector. A transmuter reads it (through {@code isDeleted}) before changing an entity's composition, and a
 * delete sets it; nothing else touches it while systems run. Replacing it with a {@link Guarded} copy makes both
 * throw inside a chunk or job, before they change anything, at the cost of one flag check per such call.
 *
 * <p>Installed once, on the first parallel-for or job channel of a world, so that loops that never use them run
 * Artemis exactly as before. {@code world.create} and {@code world.edit} are guarded by the loop's own world
 * class instead: a create allocates its id before Artemis touches any vector.
 */
final class ArtemisGuard {

    private ArtemisGuard() {
    }

    /** A bit vector that refuses reads and writes of single bits from inside a chunk or job. */
    static final class Guarded extends BitVector {
        private final Parallel parallel;

        Guarded(BitVector copy, Parallel parallel) {
            super(copy);
            this.parallel = parallel;
        }

        @Override
        public boolean unsafeGet(int index) {
            parallel.checkNotInChunk("a component mapper's create() or remove() (or an EntityEdit)");
            return super.unsafeGet(index);
        }

        @Override
        public void unsafeSet(int index) {
            parallel.checkNotInChunk("world.delete()");
            super.unsafeSet(index);
        }
    }

    /**
     * @throws IllegalStateException if the Artemis internals are not those of 2.3
     */
    static void install(World world, Parallel parallel) {
        try {
            Object batch = field(World.class, "batchProcessor").get(world);
            Field pending = field(batch.getClass(), "pendingPurge");
            BitVector old = (BitVector) pending.get(batch);
            if (old instanceof Guarded) {
                return;
            }
            Guarded guarded = new Guarded(old, parallel);
            @SuppressWarnings("unchecked")
            Bag<BitVector> stores = (Bag<BitVector>) field(EntityManager.class, "entityBitVectors")
                    .get(world.getEntityManager());
            for (int i = 0; i < stores.size(); i++) {
                if (stores.get(i) == old) {
                    stores.set(i, guarded);
                }
            }
            pending.set(batch, guarded);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot guard the world against changes from chunks (Artemis-odb"
                    + " version other than 2.3?): " + e, e);
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
