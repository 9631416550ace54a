package dev.ecsloop.replay;

import com.artemis.Aspect;
import com.artemis.Component;
import com.artemis.ComponentType;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One edit of a running world from outside the game (an inspector, the explorer): one field of one component of
 * one entity set to a value given as text. It is a record of the replay format ({@link ReplayFormat}, kind EDIT),
 * so that a replay applies the same edit at the same simulated instant, parsed by the same rule, and reaches the
 * same state hash.
 *
 * <p>Why text: the value is parsed from text once when made and again when replayed, by this class only, so the
 * two can never disagree (a float parsed from {@code "0.1"} is the same float both times), and the record needs
 * no type tag.
 *
 * <p>What can be set: a field of a primitive type ({@code "12"}, {@code "1.5"}, {@code "true"}), a
 * {@link String}, an enum (by constant name), or a JOML vector or quaternion ({@code "1.5,2"}: its components
 * x, y, z, w in that order, set in place, so a final vector field is edited too). A dotted path reaches one level
 * into an object field ({@code position.x}). Final primitive fields and static fields cannot be set.
 *
 * <p>Invariant: {@link #apply(World)} either sets the field or throws with one line naming what was wrong and
 * changes nothing.
 */
public final class ComponentEdit {

    /** Longest component class name, field path or value text, in bytes of modified UTF-8 (about characters). */
    public static final int MAX_TEXT_BYTES = 1024;

    private final int entity;
    private final String component;
    private final String field;
    private final String value;

    /**
     * An edit, not applied yet.
     *
     * @param entity    the entity's id
     * @param component the component's class name: fully qualified, or the simple name when only one component type
     *                  of the world has it
     * @param field     the field's name, or a dotted path one level deep ({@code position.x})
     * @param value     the new value as text (see the class description)
     * @throws IllegalArgumentException if the entity id is negative or a text is empty or over
     *                                  {@link #MAX_TEXT_BYTES} bytes
     * @throws NullPointerException     if a text is null
     */
    public ComponentEdit(int entity, String component, String field, String value) {
        if (entity < 0) {
            throw new IllegalArgumentException("bad entity id " + entity + " (ids are 0 or more)");
        }
        this.entity = entity;
        this.component = checked(component, "component name", false);
        this.field = checked(field, "field name", false);
        this.value = checked(value, "value", true);
    }

    private static String checked(String text, String what, boolean mayBeEmpty) {
        Objects.requireNonNull(text, what);
        if (!mayBeEmpty && text.isEmpty()) {
            throw new IllegalArgumentException("empty " + what);
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
            throw new IllegalArgumentException(what + " longer than " + MAX_TEXT_BYTES + " bytes");
        }
        return text;
    }

    /** @return the entity's id */
    public int entity() {
        return entity;
    }

    /** @return the component's class name as given */
    public String component() {
        return component;
    }

    /** @return the field name or dotted path */
    public String field() {
        return field;
    }

    /** @return the value text */
    public String value() {
        return value;
    }

    /**
     * Sets the field in {@code world}. Call it on the loop thread between frames, where the simulation is between
     * instants.
     *
     * @param world the world to edit
     * @return the component type's fully qualified class name (what a recording stores)
     * @throws IllegalArgumentException if the entity is not alive, has no such component, the field does not exist
     *                                  or cannot be set, or the value does not parse as its type; one line, and
     *                                  nothing changed
     */
    public String apply(World world) {
        Class<? extends Component> type = componentType(world, component);
        if (!isAlive(world, entity) || !world.getMapper(type).has(entity)) {
            throw new IllegalArgumentException("entity " + entity + " has no " + type.getSimpleName());
        }
        Object owner = world.getMapper(type).get(entity);
        String[] path = field.split("\\.", -1);
        if (path.length > 2) {
            throw new IllegalArgumentException("field path " + field + " is deeper than one level (a.b)");
        }
        try {
            Field f = field(owner.getClass(), path[0], type.getSimpleName());
            if (path.length == 2) {
                Object inner = f.get(owner);
                if (inner == null) {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + path[0] + " is null");
                }
                String where = type.getSimpleName() + "." + path[0];
                Field g = field(inner.getClass(), path[1], where);
                set(inner, g, where + "." + path[1]);
            } else {
                set(owner, f, type.getSimpleName() + "." + path[0]);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot set " + type.getSimpleName() + "." + field + ": "
                    + e.getMessage());
        }
        return type.getName();
    }

    /**
     * Whether {@code entity} is an active entity of {@code world}; safe for any id, unlike Artemis's own check.
     *
     * @param world  the world
     * @param entity any id
     * @return true if the entity is alive
     */
    public static boolean isAlive(World world, int entity) {
        return entity >= 0 && world.getAspectSubscriptionManager().get(Aspect.all()).getActiveEntityIds().get(entity);
    }

    /**
     * The component type of {@code world} named {@code name}: its fully qualified class name, or its simple name
     * if no other type of the world has it.
     *
     * @param world the world
     * @param name  the name
     * @return the type
     * @throws IllegalArgumentException if no type, or more than one by simple name, has that name
     */
    public static Class<? extends Component> componentType(World world, String name) {
        ImmutableBag<ComponentType> types = world.getComponentManager().getComponentTypes();
        Class<? extends Component> found = null;
        for (int i = 0; i < types.size(); i++) {
            Class<? extends Component> c = types.get(i).getType();
            if (c.getName().equals(name)) {
                return c;
            }
            if (c.getSimpleName().equals(name)) {
                if (found != null) {
                    throw new IllegalArgumentException("component name " + name + " is ambiguous: "
                            + found.getName() + " or " + c.getName());
                }
                found = c;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no component type " + Echo.printable(name) + " in this world");
        }
        return found;
    }

    private static Field field(Class<?> type, String name, String where) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    f.setAccessible(true);
                    return f;
                }
            }
        }
        throw new IllegalArgumentException(where + " has no field " + Echo.printable(name));
    }

    /** Parses the value for {@code f}'s type and sets it; parses everything before setting anything. */
    private void set(Object owner, Field f, String where) throws IllegalAccessException {
        Class<?> t = f.getType();
        boolean isFinal = Modifier.isFinal(f.getModifiers());
        if (isVector(t)) {
            Object vector = f.get(owner);
            if (vector == null) {
                throw new IllegalArgumentException(where + " is null");
            }
            setVector(vector, where);
            return;
        }
        if (isFinal) {
            throw new IllegalArgumentException(where + " is final and cannot be set");
        }
        Object parsed = parse(t, value, where);
        f.set(owner, parsed);
    }

    /** Whether {@code t} is set in place from a list of numbers: a JOML vector or quaternion. */
    static boolean isVector(Class<?> t) {
        return t.getName().startsWith("org.joml.") && vectorFields(t).length > 0;
    }

    /** The public components x, y, z, w of a JOML type that it has, in that order (found without exceptions). */
    static Field[] vectorFields(Class<?> t) {
        String[] names = {"x", "y", "z", "w"};
        Field[] publics = t.getFields();
        Field[] out = new Field[names.length];
        int n = 0;
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
            out[n++] = found;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private void setVector(Object vector, String where) throws IllegalAccessException {
        Field[] parts = vectorFields(vector.getClass());
        String[] texts = value.split(",", -1);
        if (texts.length != parts.length) {
            throw new IllegalArgumentException(where + " needs " + parts.length + " numbers separated by commas, got "
                    + Echo.printable(value));
        }
        Object[] parsed = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            parsed[i] = parse(parts[i].getType(), texts[i].strip(), where + "." + parts[i].getName());
        }
        for (int i = 0; i < parts.length; i++) {
            parts[i].set(vector, parsed[i]);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // Enum.valueOf on a class known to be an enum
    private static Object parse(Class<?> t, String text, String where) {
        try {
            if (t == int.class || t == Integer.class) {
                return Integer.parseInt(text);
            } else if (t == long.class || t == Long.class) {
                return Long.parseLong(text);
            } else if (t == short.class || t == Short.class) {
                return Short.parseShort(text);
            } else if (t == byte.class || t == Byte.class) {
                return Byte.parseByte(text);
            } else if (t == float.class || t == Float.class) {
                return finite(Float.parseFloat(text), where);
            } else if (t == double.class || t == Double.class) {
                return finite(Double.parseDouble(text), where);
            } else if (t == boolean.class || t == Boolean.class) {
                if (!text.equals("true") && !text.equals("false")) {
                    throw new NumberFormatException();
                }
                return Boolean.parseBoolean(text);
            } else if (t == char.class || t == Character.class) {
                if (text.length() != 1) {
                    throw new NumberFormatException();
                }
                return text.charAt(0);
            } else if (t == String.class) {
                return text;
            } else if (t.isEnum()) {
                return Enum.valueOf((Class<? extends Enum>) t, text);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + " is " + t.getSimpleName() + ": cannot set it to "
                    + Echo.printable(text));
        }
        throw new IllegalArgumentException(where + " is " + t.getSimpleName()
                + ", which cannot be set (only numbers, booleans, text, enums and JOML vectors can)");
    }

    private static <T extends Number> T finite(T n, String where) {
        if (!Double.isFinite(n.doubleValue())) {
            throw new IllegalArgumentException(where + " must be a finite number, not " + n);
        }
        return n;
    }

    @Override
    public String toString() {
        return "entity " + entity + " " + component + "." + field + " = " + value;
    }

    /** Keeps names and values echoed in messages to one short printable line. */
    private static final class Echo {
        private Echo() {
        }

        static String printable(String text) {
            StringBuilder sb = new StringBuilder(Math.min(text.length(), 64) + 2).append('"');
            for (int i = 0; i < text.length() && i < 60; i++) {
                char c = text.charAt(i);
                sb.append(c < 0x20 || c == 0x7f ? '?' : c);
            }
            if (text.length() > 60) {
                sb.append("...");
            }
            return sb.append('"').toString();
        }
    }
}
