package dev.ecsloop.explorer;

import com.artemis.utils.IntBag;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Copies a component's fields, found by reflection, into plain values that the server thread can serialize
 * later without touching the world: numbers, booleans, strings, enum names, JOML vectors and quaternions as
 * arrays of numbers, arrays and lists as arrays (the first {@value #MAX_ELEMENTS} elements, {@value #MAX_DEPTH}
 * levels deep), classes by simple name, other objects by their type's simple name. Non-finite floats become the strings "NaN", "Infinity", "-Infinity"
 * (JSON has no such numbers). Runs on the loop thread.
 *
 * <p>Also describes a component type's fields (a schema a client builds forms from): name, Java type, kind
 * (number, boolean, string, enum, vector, object, list) and whether {@code world.set} can set it.
 */
final class ComponentJson {

    static final int MAX_ELEMENTS = 32;
    static final int MAX_DEPTH = 3;
    private static final int MAX_STRING = 256;
    private static final Map<Class<?>, Field[]> FIELDS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Field[]> VECTORS = new ConcurrentHashMap<>();

    private ComponentJson() {
    }

    /** The instance fields of {@code type} and its superclasses, accessible, in declaration order per class. */
    static Field[] fields(Class<?> type) {
        return FIELDS.computeIfAbsent(type, t -> {
            List<Field> out = new ArrayList<>();
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> c = t; c != null && c != Object.class && !c.getName().startsWith("com.artemis."); c = c
                    .getSuperclass()) {
                chain.add(0, c);
            }
            for (Class<?> c : chain) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                    } catch (RuntimeException e) {
                        continue; // a JDK class's private field: not shown
                    }
                    out.add(f);
                }
            }
            return out.toArray(new Field[0]);
        });
    }

    /** The component's fields as name to value. */
    static Map<String, Object> object(Object component) {
        return object(component, 0);
    }

    private static Map<String, Object> object(Object o, int depth) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field f : fields(o.getClass())) {
            try {
                out.put(f.getName(), value(f.get(o), depth + 1));
            } catch (IllegalAccessException | RuntimeException e) {
                out.put(f.getName(), "<unreadable>");
            }
        }
        return out;
    }

    static Object value(Object v, int depth) {
        if (v == null || v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short
                || v instanceof Byte) {
            return v;
        }
        if (v instanceof Float f) {
            return Float.isFinite(f) ? f : f.toString();
        }
        if (v instanceof Double d) {
            return Double.isFinite(d) ? d : d.toString();
        }
        if (v instanceof Character c) {
            return c.toString();
        }
        if (v instanceof CharSequence s) {
            return s.length() > MAX_STRING ? s.subSequence(0, MAX_STRING) + "..." : s.toString();
        }
        if (v instanceof Enum<?> e) {
            return e.name();
        }
        if (v instanceof Class<?> c) {
            return c.getSimpleName();
        }
        Class<?> t = v.getClass();
        if (isVector(t)) {
            List<Object> out = new ArrayList<>(4);
            for (Field f : vectorFields(t)) {
                try {
                    out.add(value(f.get(v), depth));
                } catch (IllegalAccessException e) {
                    out.add(null);
                }
            }
            return out;
        }
        if (t.isArray()) {
            int n = Array.getLength(v);
            List<Object> out = new ArrayList<>(Math.min(n, MAX_ELEMENTS));
            for (int i = 0; i < n && i < MAX_ELEMENTS; i++) {
                out.add(depth < MAX_DEPTH ? value(Array.get(v, i), depth + 1) : "...");
            }
            return out;
        }
        if (v instanceof IntBag bag) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < bag.size() && i < MAX_ELEMENTS; i++) {
                out.add(bag.get(i));
            }
            return out;
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < list.size() && i < MAX_ELEMENTS; i++) {
                out.add(depth < MAX_DEPTH ? value(list.get(i), depth + 1) : "...");
            }
            return out;
        }
        if (v instanceof Collection<?> || v instanceof Map<?, ?>) {
            return t.getSimpleName() + " of " + (v instanceof Map<?, ?> m ? m.size() : ((Collection<?>) v).size());
        }
        // Other objects (routes, indexes, caches) are shown by type only: their insides are the game's, often
        // large, and a component's own values are what an inspector is for.
        return t.getSimpleName();
    }

    static boolean isVector(Class<?> t) {
        return t.getName().startsWith("org.joml.") && vectorFields(t).length > 0;
    }

    /**
     * The public components x, y, z, w that a JOML type has, in that order (as ComponentEdit sets them); cached
     * per class, and found without exceptions, since watches read them for every entity they stream.
     */
    static Field[] vectorFields(Class<?> t) {
        return VECTORS.computeIfAbsent(t, type -> {
            String[] names = {"x", "y", "z", "w"};
            List<Field> out = new ArrayList<>(4);
            Field[] publics = type.getFields();
            for (String name : names) {
                Field found = null;
                for (Field f : publics) {
                    if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers()) && f.getType().isPrimitive()) {
                        found = f;
                    }
                }
                if (found == null) {
                    break;
                }
                out.add(found);
            }
            return out.toArray(new Field[0]);
        });
    }

    /** The schema of a component type: one entry per field. */
    static List<Map<String, Object>> schema(Class<?> type) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Field f : fields(type)) {
            Map<String, Object> d = new LinkedHashMap<>();
            Class<?> t = f.getType();
            d.put("name", f.getName());
            d.put("type", t.getSimpleName());
            String kind = kind(t);
            d.put("kind", kind);
            boolean isFinal = Modifier.isFinal(f.getModifiers());
            d.put("settable", kind.equals("vector") || !isFinal && !kind.equals("object") && !kind.equals("list"));
            if (kind.equals("vector")) {
                d.put("size", vectorFields(t).length);
            }
            if (t.isEnum()) {
                List<String> names = new ArrayList<>();
                for (Object c : t.getEnumConstants()) {
                    names.add(((Enum<?>) c).name());
                }
                d.put("values", names);
            }
            if (Modifier.isTransient(f.getModifiers())) {
                d.put("transient", true);
            }
            out.add(d);
        }
        return out;
    }

    private static String kind(Class<?> t) {
        if (t == boolean.class || t == Boolean.class) {
            return "boolean";
        }
        if (t.isPrimitive() && t != char.class || Number.class.isAssignableFrom(t)) {
            return "number";
        }
        if (t == char.class || t == Character.class || t == String.class) {
            return "string";
        }
        if (t.isEnum()) {
            return "enum";
        }
        if (isVector(t)) {
            return "vector";
        }
        if (t.isArray() || List.class.isAssignableFrom(t) || t == IntBag.class) {
            return "list";
        }
        return "object";
    }
}
