package dev.ecsloop.parallel;

import com.artemis.ComponentMapper;
import com.artemis.World;

import java.util.Arrays;

/**
 * A chunk's command buffer: the structural changes (create, delete, add or remove a component) and events a
 * chunk asks for, applied on the loop thread once every chunk of the parallel-for has run, chunk by chunk in
 * chunk order and within a chunk in the order they were asked for. The result is therefore the same as a serial
 * loop over the entities making the same calls, whatever the number of workers.
 *
 * <p>An entity created here has no id until the buffer is applied: {@link #create()} returns a negative
 * <em>reference</em> that the other commands of the same chunk accept in place of an id.
 *
 * <p>Buffers grow while a game warms up and are reused afterwards: a steady state allocates nothing.
 */
public final class ChunkCommands {

    /**
     * Work run on the loop thread when the buffer is applied: an event, or setting the fields of a component
     * added in the same buffer. Pass a constant or a field, not a capturing lambda, to allocate nothing.
     */
    @FunctionalInterface
    public interface Deferred {
        /**
         * @param entity the entity (a created one's real id), or -1 for an event with no entity
         * @param a      the first argument given with the command
         * @param b      the second argument given with the command
         */
        void apply(int entity, long a, long b);
    }

    private static final int CREATE = 0;
    private static final int DELETE = 1;
    private static final int ADD = 2;
    private static final int REMOVE = 3;
    private static final int LATER = 4;
    /** The entity slot of an event with no entity. */
    private static final int NONE = Integer.MIN_VALUE;

    private int count;
    private int[] ops = new int[16];
    private int[] entities = new int[16];
    private Object[] refs = new Object[16];
    private long[] as = new long[16];
    private long[] bs = new long[16];
    private int creates;
    private int[] created = new int[4];

    ChunkCommands() {
    }

    /**
     * Creates an entity when the buffer is applied.
     *
     * @return a reference to it (negative) for this buffer's other commands
     */
    public int create() {
        push(CREATE, NONE, null, 0, 0);
        return -(++creates);
    }

    /**
     * Deletes an entity when the buffer is applied.
     *
     * @param entity an entity id, or a reference from {@link #create()}
     */
    public void delete(int entity) {
        push(DELETE, entity, null, 0, 0);
    }

    /**
     * Adds a component (with its default field values) when the buffer is applied; set its fields with
     * {@link #later(int, Deferred, long, long)}.
     *
     * @param entity an entity id, or a reference from {@link #create()}
     * @param mapper the component's mapper
     */
    public void add(int entity, ComponentMapper<?> mapper) {
        push(ADD, entity, mapper, 0, 0);
    }

    /**
     * Removes a component when the buffer is applied.
     *
     * @param entity an entity id, or a reference from {@link #create()}
     * @param mapper the component's mapper
     */
    public void remove(int entity, ComponentMapper<?> mapper) {
        push(REMOVE, entity, mapper, 0, 0);
    }

    /**
     * Runs {@code work} for an entity when the buffer is applied, after this buffer's earlier commands.
     *
     * @param entity an entity id, or a reference from {@link #create()}
     * @param work   what to do, on the loop thread
     * @param a      its first argument (a float travels as {@link Float#floatToRawIntBits})
     * @param b      its second argument
     */
    public void later(int entity, Deferred work, long a, long b) {
        push(LATER, entity, work, a, b);
    }

    /**
     * Runs {@code work} with no entity (an event) when the buffer is applied, after this buffer's earlier
     * commands.
     *
     * @param work what to do, on the loop thread; it gets entity -1
     * @param a    its first argument
     * @param b    its second argument
     */
    public void later(Deferred work, long a, long b) {
        push(LATER, NONE, work, a, b);
    }

    /** @return the number of commands buffered */
    public int size() {
        return count;
    }

    private void push(int op, int entity, Object ref, long a, long b) {
        if (ref == null && op >= ADD) {
            throw new NullPointerException(op == LATER ? "work" : "mapper");
        }
        if (entity < 0 && entity != NONE && -entity > creates) {
            throw new IllegalArgumentException("entity " + entity + " is neither an id nor a reference from this"
                    + " chunk's create() (it made " + creates + ")");
        }
        if (count == ops.length) {
            int n = count * 2;
            ops = Arrays.copyOf(ops, n);
            entities = Arrays.copyOf(entities, n);
            refs = Arrays.copyOf(refs, n);
            as = Arrays.copyOf(as, n);
            bs = Arrays.copyOf(bs, n);
        }
        ops[count] = op;
        entities[count] = entity;
        refs[count] = ref;
        as[count] = a;
        bs[count] = b;
        count++;
    }

    /** Applies the buffer on the loop thread and empties it, also when a command throws. */
    void apply(World world) {
        try {
            if (created.length < creates) {
                created = new int[Math.max(creates, created.length * 2)];
            }
            int made = 0;
            for (int i = 0; i < count; i++) {
                int e = entities[i];
                switch (ops[i]) {
                    case CREATE -> created[made++] = world.create();
                    case DELETE -> world.delete(resolve(e));
                    case ADD -> ((ComponentMapper<?>) refs[i]).create(resolve(e));
                    case REMOVE -> ((ComponentMapper<?>) refs[i]).remove(resolve(e));
                    default -> ((Deferred) refs[i]).apply(e == NONE ? -1 : resolve(e), as[i], bs[i]);
                }
            }
        } finally {
            clear();
        }
    }

    private int resolve(int entity) {
        return entity >= 0 ? entity : created[-entity - 1];
    }

    /** Empties the buffer: after it is applied, or when its parallel-for failed. */
    void clear() {
        Arrays.fill(refs, 0, count, null);
        count = 0;
        creates = 0;
    }
}
