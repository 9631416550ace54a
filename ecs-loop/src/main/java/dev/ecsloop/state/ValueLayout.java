package dev.ecsloop.state;

import com.artemis.utils.IntBag;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * How the values of one class contribute to the world-state hash: its non-static, non-transient fields not
 * marked {@link Presentation}, including inherited ones, in order of name (declaration order is not guaranteed
 * by reflection, names are). Primitives contribute their value, floats and doubles their raw bits, strings their
 * specified {@link String#hashCode()}, enums their ordinal, arrays and random-access lists their length and
 * elements, {@link IntBag}s their size and live elements, other objects their own fields (JOML vectors, say).
 *
 * <p>Hash-ordered collections (maps, sets) would make the hash depend on identity hash codes, so a component
 * holding one is refused with an error naming the field.
 */
final class ValueLayout {

    /** Each class's layout, computed once; a ClassValue, so a game's classes can still be unloaded. */
    private static final ClassValue<ValueLayout> LAYOUTS = new ClassValue<>() {
        @Override
        protected ValueLayout computeValue(Class<?> type) {
            return new ValueLayout(hashedFields(type));
        }
    };
    private static final int MAX_DEPTH = 6;

    private final Field[] fields;

    private ValueLayout(Field[] fields) {
        this.fields = fields;
    }

    static ValueLayout of(Class<?> type) {
        return LAYOUTS.get(type);
    }

    private static Field[] hashedFields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()
                        || f.isAnnotationPresent(Presentation.class)) {
                    continue;
                }
                if (Map.class.isAssignableFrom(f.getType())
                        || Collection.class.isAssignableFrom(f.getType()) && !List.class.isAssignableFrom(f.getType())) {
                    throw new IllegalArgumentException("field " + type.getSimpleName() + "." + f.getName()
                            + " is a hash-ordered collection; make it transient, @Presentation, or a list or array");
                }
                f.setAccessible(true);
                out.add(f);
            }
        }
        out.sort(Comparator.comparing((Field f) -> f.getName()).thenComparing(f -> f.getDeclaringClass().getName()));
        return out.toArray(new Field[0]);
    }

    /** Mixes the hashed state of {@code value} into {@code hash}. */
    long mix(long hash, Object value, int depth) {
        try {
            for (Field f : fields) {
                hash = mixField(hash, f, value, depth);
            }
            return hash;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + value.getClass().getName() + " for hashing", e);
        }
    }

    private static long mixField(long hash, Field f, Object owner, int depth) throws IllegalAccessException {
        Class<?> t = f.getType();
        if (t == int.class) {
            return StateHash.mix(hash, f.getInt(owner));
        } else if (t == float.class) {
            return StateHash.mix(hash, Float.floatToRawIntBits(f.getFloat(owner)));
        } else if (t == long.class) {
            return StateHash.mix(hash, f.getLong(owner));
        } else if (t == double.class) {
            return StateHash.mix(hash, Double.doubleToRawLongBits(f.getDouble(owner)));
        } else if (t == boolean.class) {
            return StateHash.mix(hash, f.getBoolean(owner) ? 1 : 0);
        } else if (t == byte.class) {
            return StateHash.mix(hash, f.getByte(owner));
        } else if (t == short.class) {
            return StateHash.mix(hash, f.getShort(owner));
        } else if (t == char.class) {
            return StateHash.mix(hash, f.getChar(owner));
        }
        return mixObject(hash, f.get(owner), depth + 1);
    }

    static long mixObject(long hash, Object v, int depth) {
        if (v == null) {
            return StateHash.mix(hash, 0x6E756C6CL);
        }
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("component state nests deeper than " + MAX_DEPTH
                    + " objects at " + v.getClass().getName() + "; mark the reference @Presentation or transient");
        }
        if (v instanceof Class<?> c) {
            return StateHash.mix(hash, c.getName().hashCode());
        } else if (v instanceof String s) {
            return StateHash.mix(StateHash.mix(hash, s.length()), s.hashCode());
        } else if (v instanceof Enum<?> e) {
            return StateHash.mix(hash, e.ordinal());
        } else if (v instanceof Number n && v.getClass().getName().startsWith("java.lang.")) {
            return v instanceof Float || v instanceof Double
                    ? StateHash.mix(hash, Double.doubleToRawLongBits(n.doubleValue()))
                    : StateHash.mix(hash, n.longValue());
        } else if (v instanceof Boolean b) {
            return StateHash.mix(hash, b ? 1 : 0);
        } else if (v instanceof IntBag bag) {
            hash = StateHash.mix(hash, bag.size());
            for (int i = 0; i < bag.size(); i++) {
                hash = StateHash.mix(hash, bag.get(i));
            }
            return hash;
        } else if (v instanceof int[] a) {
            hash = StateHash.mix(hash, a.length);
            for (int x : a) {
                hash = StateHash.mix(hash, x);
            }
            return hash;
        } else if (v instanceof float[] a) {
            hash = StateHash.mix(hash, a.length);
            for (float x : a) {
                hash = StateHash.mix(hash, Float.floatToRawIntBits(x));
            }
            return hash;
        } else if (v instanceof long[] a) {
            hash = StateHash.mix(hash, a.length);
            for (long x : a) {
                hash = StateHash.mix(hash, x);
            }
            return hash;
        } else if (v instanceof double[] a) {
            hash = StateHash.mix(hash, a.length);
            for (double x : a) {
                hash = StateHash.mix(hash, Double.doubleToRawLongBits(x));
            }
            return hash;
        } else if (v instanceof byte[] a) {
            hash = StateHash.mix(hash, a.length);
            for (byte x : a) {
                hash = StateHash.mix(hash, x);
            }
            return hash;
        } else if (v instanceof Object[] a) {
            hash = StateHash.mix(hash, a.length);
            for (Object x : a) {
                hash = mixObject(hash, x, depth + 1);
            }
            return hash;
        } else if (v instanceof List<?> list && v instanceof RandomAccess) {
            hash = StateHash.mix(hash, list.size());
            for (int i = 0; i < list.size(); i++) {
                hash = mixObject(hash, list.get(i), depth + 1);
            }
            return hash;
        } else if (v instanceof Map<?, ?> || v instanceof Collection<?>) {
            throw new IllegalArgumentException("cannot hash a " + v.getClass().getName()
                    + " deterministically; use a list or array, or mark the field @Presentation or transient");
        }
        return of(v.getClass()).mix(StateHash.mix(hash, v.getClass().getName().hashCode()), v, depth);
    }
}
