package dev.ecsloop.interpolate;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.utils.IntBag;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Which entities of one component type each system owns, kept up to date from an Artemis subscription so that
 * capturing before a tick of system S touches only S's entities: O(entities owned by S) per tick, not
 * O(all entities) per tick of every system.
 *
 * <p>Groups are {@link IntBag}s of entity ids, one per scheduled system (by registration order). Removal is an
 * O(1) swap with the group's last id, found through {@code positionInGroup}; both lookups are indexed by entity
 * id because Artemis no longer hands out a removed entity's component. Steady state allocates nothing: arrays
 * grow only when the entity count reaches a new high.
 *
 * <p>Invariants: for a tracked entity {@code e} with group {@code g = slotOf[e] >= 0},
 * {@code groups[g].get(positionInGroup[e]) == e}; {@code slotOf[e]} is {@link #UNTRACKED} for every id the
 * subscription does not hold.
 */
final class OwnerIndex<T extends OwnedState> implements EntitySubscription.SubscriptionListener {

    /** The entity has no owner: it is drawn as it is. */
    static final int NONE = -1;
    /** The owner is not a system of the loop: queries report it. */
    static final int UNKNOWN = -2;
    /** The subscription does not hold the entity (yet). */
    static final int UNTRACKED = -3;

    private final Class<T> type;
    private final ComponentMapper<T> mapper;
    private final Class<? extends BaseSystem>[] owners;
    private final IntBag[] groups;
    private int[] slotOf = new int[0];
    private int[] positionInGroup = new int[0];
    /** Components captured so far; lets tests check that a tick touches only its owner's entities. */
    long captures;

    /** Per group position, in a parallel capture: the component was replaced and is left to the serial pass. */
    private boolean[] replaced = new boolean[0];
    /** The group a parallel capture walks, while it runs. */
    private int[] walking;
    private final Chunk.LongTask captureChunk = this::captureChunk;

    /** Each owner's group, in constant time: captures and owner changes look it up per tick. */
    private final Map<Class<?>, Integer> slotByOwner = new IdentityHashMap<>();

    OwnerIndex(World world, Class<T> type, Class<? extends BaseSystem>[] owners) {
        this.type = type;
        this.mapper = world.getMapper(type);
        this.owners = owners;
        for (int i = 0; i < owners.length; i++) {
            slotByOwner.put(owners[i], i);
        }
        this.groups = new IntBag[owners.length];
        for (int i = 0; i < groups.length; i++) {
            groups[i] = new IntBag();
        }
        EntitySubscription subscription = world.getAspectSubscriptionManager().get(Aspect.all(type));
        subscription.addSubscriptionListener(this);
        inserted(subscription.getEntities());
    }

    /** The group of a system, {@link #NONE} for null, {@link #UNKNOWN} if it is not in the loop. */
    int slotOfOwner(Class<? extends BaseSystem> system) {
        if (system == null) {
            return NONE;
        }
        Integer slot = slotByOwner.get(system);
        return slot != null ? slot : UNKNOWN;
    }

    @Override
    public void inserted(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = 0, n = entities.size(); i < n; i++) {
            int id = ids[i];
            T t = mapper.get(id);
            attach(t, id);
            t.capture();
            place(id, slotOfOwner(t.owner));
        }
    }

    @Override
    public void removed(IntBag entities) {
        int[] ids = entities.getData();
        for (int i = 0, n = entities.size(); i < n; i++) {
            int id = ids[i];
            unplace(id);
            slotOf[id] = UNTRACKED;
        }
    }

    /**
     * Copies current into previous for every entity owned by the system in group {@code slot}. With more than
     * one worker the copies run through {@code parallel}'s parallel-for (each writes only its own entity's
     * component); the rare component replaced behind Artemis's back is flagged and regrouped afterwards on the
     * loop thread, in the serial order. The previous states are the same at any number of workers.
     */
    void captureOwnedBy(int slot, Parallel parallel) {
        IntBag group = groups[slot];
        int n = group.size();
        if (parallel == null || parallel.workers() == 1 || n <= Parallel.CHUNK_SIZE) {
            captureOwnedBy(slot);
            return;
        }
        if (replaced.length < n) {
            replaced = new boolean[Math.max(n, replaced.length * 2)];
        }
        int[] ids = group.getData();
        walking = ids;
        long captured;
        try {
            captured = parallel.reduce(group, captureChunk, 0L, Long::sum);
        } finally {
            walking = null;
        }
        captures += captured;
        if (captured == n) {
            return;
        }
        // Backwards, as in the serial capture: a regrouped entity's place is taken by the last id, already done.
        for (int i = n - 1; i >= 0; i--) {
            if (replaced[i]) {
                replaced[i] = false;
                captureOne(ids[i], slot);
            }
        }
    }

    /** One chunk of a parallel capture: captures its entities still attached here, flags the others. */
    private long captureChunk(Chunk chunk) {
        int[] ids = walking;
        long captured = 0;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            T t = mapper.get(ids[i]);
            if (t.index == this) {
                t.capture();
                captured++;
            } else {
                replaced[i] = true;
            }
        }
        return captured;
    }

    /** Copies current into previous for every entity owned by the system in group {@code slot}. */
    void captureOwnedBy(int slot) {
        IntBag group = groups[slot];
        int[] ids = group.getData();
        // Backwards, so that moving an entity out (a swap with the last id) never skips one.
        for (int i = group.size() - 1; i >= 0; i--) {
            captureOne(ids[i], slot);
        }
    }

    /** Captures one entity of group {@code slot}, adopting a replaced component (and regrouping it) first. */
    private void captureOne(int id, int slot) {
        T t = mapper.get(id);
        if (t.index != this) {
            // The entity's component was replaced by another instance of the same type: Artemis reports no
            // change, so adopt the new instance here and regroup it if its owner differs.
            attach(t, id);
            int actual = slotOfOwner(t.owner);
            if (actual != slot) {
                unplace(id);
                place(id, actual);
                t.capture();
                return;
            }
        }
        t.capture();
        captures++;
    }

    /**
     * Moves a tracked component to its new owner's group and restarts its blend there.
     *
     * @throws IllegalArgumentException if {@code system} is not a system of the loop; nothing changes
     */
    void ownerChanged(OwnedState t, Class<? extends BaseSystem> system) {
        int id = t.entityId;
        if (slotOf[id] == UNTRACKED || mapper.get(id) != t) {
            // A stale link: this instance left its entity. Detach it; it is re-read when it enters a world again.
            t.index = null;
            t.owner = system;
            return;
        }
        int slot = slotOfOwner(system);
        if (slot == UNKNOWN) {
            throw unknownOwner(id, system);
        }
        t.owner = system;
        unplace(id);
        place(id, slot);
        t.capture();
    }

    /**
     * The component of an entity for a query.
     *
     * @throws IllegalArgumentException if the entity has none
     */
    T require(int entity) {
        T t = null;
        if (entity >= 0) {
            try {
                t = mapper.get(entity);
            } catch (ArrayIndexOutOfBoundsException beyondAnyEntity) {
                // t stays null
            }
        }
        if (t == null) {
            throw new IllegalArgumentException("entity " + entity + " has no " + type.getSimpleName());
        }
        return t;
    }

    /**
     * The group a query should use for the entity's component {@code t}: its owner's slot, {@link #NONE}, or
     * {@link #UNTRACKED} while Artemis has not reported the entity yet.
     *
     * @throws IllegalArgumentException if the owner is not a system of the loop (the message names it)
     */
    int slotForQuery(int entity, T t) {
        if (t.index != this) {
            return UNTRACKED;
        }
        int slot = slotOf[entity];
        if (slot == UNKNOWN) {
            throw unknownOwner(entity, t.owner);
        }
        return slot;
    }

    int ownedCount(int slot) {
        return groups[slot].size();
    }

    private IllegalArgumentException unknownOwner(int entity, Class<? extends BaseSystem> system) {
        return new IllegalArgumentException("entity " + entity + ": the " + type.getSimpleName() + " owner "
                + system.getName() + " is not a system of this loop");
    }

    private void attach(T t, int id) {
        t.index = this;
        t.entityId = id;
    }

    private void place(int id, int slot) {
        if (id >= slotOf.length) {
            int length = Math.max(id + 1, slotOf.length * 2);
            int old = slotOf.length;
            slotOf = Arrays.copyOf(slotOf, length);
            Arrays.fill(slotOf, old, length, UNTRACKED);
            positionInGroup = Arrays.copyOf(positionInGroup, length);
        }
        slotOf[id] = slot;
        if (slot >= 0) {
            IntBag group = groups[slot];
            positionInGroup[id] = group.size();
            group.add(id);
        }
    }

    private void unplace(int id) {
        int slot = id < slotOf.length ? slotOf[id] : UNTRACKED;
        if (slot < 0) {
            return;
        }
        IntBag group = groups[slot];
        int[] ids = group.getData();
        int last = group.size() - 1;
        int at = positionInGroup[id];
        ids[at] = ids[last];
        positionInGroup[ids[at]] = at;
        group.setSize(last);
    }
}
