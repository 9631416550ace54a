package dev.ecsloop.lockstep;

import com.artemis.Aspect;
import com.artemis.BaseComponentMapper;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.World;
import com.artemis.utils.BitVector;
import com.artemis.utils.ImmutableBag;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.state.Presentation;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The compact views of a world that peers exchange to find where their worlds differ without sending them: hashes
 * of entity buckets (id modulo {@link Codec#BUCKETS}), hashes of one bucket's entities, and one entity's fields as
 * text. Only hashed state counts, as for {@link dev.ecsloop.state.StateHash}: components that are not
 * {@link Presentation}, their fields that are neither static, transient nor presentation.
 *
 * <p>Invariants: the same world gives the same values on every peer of the same build (fields are read in name
 * order, floats by their bits); an entity that exists hashes to a non-zero value, an absent one to 0. Runs only after
 * a desync, so it allocates freely and reads fields by reflection.
 */
final class WorldDigest {

    private final World world;
    private final BitVector ids;

    WorldDigest(World world) {
        this.world = world;
        this.ids = world.getAspectSubscriptionManager().get(Aspect.all()).getActiveEntityIds();
    }

    /** @return the hash of every bucket: the entities whose id modulo {@link Codec#BUCKETS} is its index */
    long[] buckets() {
        long[] out = new long[Codec.BUCKETS];
        for (int e = ids.nextSetBit(0); e >= 0; e = ids.nextSetBit(e + 1)) {
            int b = e % Codec.BUCKETS;
            out[b] = mix(out[b] * 31 + entity(e));
        }
        return out;
    }

    /**
     * @param bucket a bucket index
     * @return the hashes of entities {@code bucket}, {@code bucket + BUCKETS}, ...; entities past the last slot
     * are folded into it, so the array is never longer than {@link Codec#BUCKETS}
     */
    long[] bucket(int bucket) {
        int last = ids.length() - 1;
        int n = last < bucket ? 0 : Math.min(Codec.BUCKETS, (last - bucket) / Codec.BUCKETS + 1);
        long[] out = new long[n];
        for (int e = ids.nextSetBit(bucket); e >= 0; e = ids.nextSetBit(e + 1)) {
            if (e % Codec.BUCKETS == bucket) {
                int i = Math.min(n - 1, e / Codec.BUCKETS);
                out[i] = i == e / Codec.BUCKETS ? entity(e) : mix(out[i] * 31 + entity(e));
            }
        }
        return out;
    }

    /** @return entity {@code e}'s hashed fields, one "Type.field=value" a line, cut to {@link Codec#MAX_DUMP} */
    String fields(int e) {
        if (!ids.get(e)) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (Component c : components(e)) {
            for (Field f : fields(c.getClass())) {
                String line = c.getClass().getSimpleName() + "." + f.getName() + "=" + show(read(f, c)) + "\n";
                if (out.length() + line.length() * 4 > Codec.MAX_DUMP) {
                    return out.toString();
                }
                out.append(line);
            }
        }
        return out.toString();
    }

    private long entity(int e) {
        long h = mix(e + 1L);
        for (Component c : components(e)) {
            h = mix(h * 31 + c.getClass().getName().hashCode());
            for (Field f : fields(c.getClass())) {
                h = mix(h * 31 + valueHash(read(f, c)));
            }
        }
        return h == 0 ? 1 : h;
    }

    private List<Component> components(int e) {
        List<Component> out = new ArrayList<>();
        ImmutableBag<ComponentType> types = world.getComponentManager().getComponentTypes();
        for (int t = 0; t < types.size(); t++) {
            Class<? extends Component> type = types.get(t).getType();
            if (type.isAnnotationPresent(Presentation.class)) {
                continue;
            }
            BaseComponentMapper<? extends Component> m = world.getMapper(type);
            if (m.has(e)) {
                out.add(m.get(e));
            }
        }
        return out;
    }

    private static List<Field> fields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Component.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isAnnotationPresent(Presentation.class)) {
                    out.add(f);
                }
            }
        }
        out.sort(Comparator.comparing(Field::getName));
        return out;
    }

    private static Object read(Field f, Object owner) {
        try {
            f.setAccessible(true);
            return f.get(owner);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "(unreadable)";
        }
    }

    private static long valueHash(Object v) {
        if (v != null && v.getClass().isArray()) {
            long h = Array.getLength(v);
            for (int i = 0; i < Array.getLength(v); i++) {
                h = mix(h * 31 + valueHash(Array.get(v, i)));
            }
            return h;
        }
        if (v instanceof Float x) {
            return Float.floatToRawIntBits(x);
        }
        if (v instanceof Double x) {
            return Double.doubleToRawLongBits(x);
        }
        return show(v).hashCode();
    }

    private static String show(Object v) {
        if (v != null && v.getClass().isArray()) {
            int n = Array.getLength(v);
            Object[] head = new Object[Math.min(n, 8)];
            for (int i = 0; i < head.length; i++) {
                head[i] = Array.get(v, i);
            }
            String s = Arrays.toString(head);
            return n > 8 ? s.substring(0, s.length() - 1) + ", ... (" + n + ")]" : s;
        }
        String s = String.valueOf(v);
        return s.length() > 64 ? s.substring(0, 64) + "..." : s;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
