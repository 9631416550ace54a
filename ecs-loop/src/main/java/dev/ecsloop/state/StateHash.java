package dev.ecsloop.state;

import com.artemis.Aspect;
import com.artemis.BaseComponentMapper;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.utils.BitVector;
import com.artemis.utils.ImmutableBag;

import java.util.Arrays;

/**
 * A 64-bit hash of a world's simulation state, the same across runs and JVMs for the same state: what replays
 * compare to prove two runs identical bit for bit.
 *
 * <p>How state contributes: entities in ascending id order; for each, its id, then each of its components in
 * order of component type index, as the stable hash of the component's class name followed by its fields (see
 * {@link ValueLayout}: primitives by value, floats by raw bits, fields ordered by name). Components and fields
 * marked {@link Presentation}, and transient fields, are left out. The mixing is FNV-1a over 64-bit words with
 * a final avalanche, fixed here and never to depend on {@link Object#hashCode()} of anything but strings.
 *
 * <p>Allocation: none once every component type has been seen (layouts and mappers are cached).
 */
public final class StateHash {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final World world;
    private final EntitySubscription everything;
    private BaseComponentMapper<?>[] mappers = new BaseComponentMapper<?>[0];
    private ValueLayout[] layouts = new ValueLayout[0];
    private long[] typeSeeds = new long[0];
    private boolean[] presentation = new boolean[0];

    /**
     * A hasher for {@code world}: create it once and call {@link #hash()} as often as needed.
     *
     * @param world the world to hash
     */
    public StateHash(World world) {
        this.world = world;
        this.everything = world.getAspectSubscriptionManager().get(Aspect.all());
    }

    static long mix(long hash, long value) {
        return (hash ^ value) * FNV_PRIME;
    }

    private static long avalanche(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * The hash of the world's current state.
     *
     * @return the hash
     * @throws IllegalArgumentException if a component holds state that cannot be hashed deterministically (a map
     *                                  or set); the message names the field
     */
    public long hash() {
        refreshTypes();
        long h = FNV_OFFSET;
        BitVector ids = everything.getActiveEntityIds();
        for (int e = ids.nextSetBit(0); e >= 0; e = ids.nextSetBit(e + 1)) {
            h = mix(h, e);
            for (int t = 0; t < mappers.length; t++) {
                if (presentation[t] || !mappers[t].has(e)) {
                    continue;
                }
                Component c = mappers[t].get(e);
                h = layouts[t].mix(mix(h, typeSeeds[t]), c, 0);
            }
        }
        return avalanche(h);
    }

    /**
     * Formats a hash as 16 hex digits, as replays and {@code --print-hash} show it.
     *
     * @param hash a state hash
     * @return 16 lower-case hex digits
     */
    public static String hex(long hash) {
        return String.format("%016x", hash);
    }

    private void refreshTypes() {
        ImmutableBag<ComponentType> types = world.getComponentManager().getComponentTypes();
        if (types.size() == mappers.length) {
            return;
        }
        int n = types.size();
        BaseComponentMapper<?>[] m = Arrays.copyOf(mappers, n);
        ValueLayout[] l = Arrays.copyOf(layouts, n);
        long[] seeds = Arrays.copyOf(typeSeeds, n);
        boolean[] skip = Arrays.copyOf(presentation, n);
        for (int i = mappers.length; i < n; i++) {
            ComponentType type = types.get(i);
            Class<? extends Component> c = type.getType();
            m[i] = world.getMapper(c);
            skip[i] = c.isAnnotationPresent(Presentation.class);
            l[i] = skip[i] ? null : ValueLayout.of(c);
            seeds[i] = c.getName().hashCode();
        }
        mappers = m;
        layouts = l;
        typeSeeds = seeds;
        presentation = skip;
    }
}
