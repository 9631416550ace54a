package dev.ecsloop.snapshot;

import com.artemis.Component;
import dev.ecsloop.state.Presentation;
import org.joml.Quaternionf;
import org.joml.Vector2f;
import org.joml.Vector2i;
import org.joml.Vector3f;
import org.joml.Vector4f;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The codec of a plain component, one made of primitives and {@code final} JOML vectors and quaternions only:
 * its fields (inherited ones included, static and {@code transient} ones left out) in order of name, primitives
 * by value and floats by raw bits, so a component comes back bit for bit. A field of any other type makes the
 * component not plain, and capturing it fails with a message naming the field, unless the field is
 * {@link Presentation} (then it is left as the constructor made it). Such components need a
 * {@link ComponentCodec}: serializing arbitrary object graphs by reflection is not the design.
 */
final class AutoCodec implements ComponentCodec<Component> {

    private static final Map<Class<?>, Object> CACHE = new ConcurrentHashMap<>();

    private static final int BOOLEAN = 0;
    private static final int BYTE = 1;
    private static final int SHORT = 2;
    private static final int CHAR = 3;
    private static final int INT = 4;
    private static final int LONG = 5;
    private static final int FLOAT = 6;
    private static final int DOUBLE = 7;
    private static final int VEC2 = 8;
    private static final int VEC3 = 9;
    private static final int VEC4 = 10;
    private static final int QUAT = 11;
    private static final int VEC2I = 12;

    private final Field[] fields;
    private final int[] kinds;

    private AutoCodec(Field[] fields, int[] kinds) {
        this.fields = fields;
        this.kinds = kinds;
    }

    /**
     * The codec of a plain component type.
     *
     * @throws SnapshotException if the type is not plain; the message names the field and what to do
     */
    static AutoCodec of(Class<? extends Component> type) {
        Object cached = CACHE.computeIfAbsent(type, AutoCodec::build);
        if (cached instanceof String problem) {
            throw new SnapshotException(problem);
        }
        return (AutoCodec) cached;
    }

    private static Object build(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Component.class && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                    continue;
                }
                int kind = kindOf(f);
                if (kind < 0) {
                    if (f.isAnnotationPresent(Presentation.class)) {
                        continue;
                    }
                    return "component " + type.getName() + " is not plain: field " + f.getName() + " of type "
                            + f.getType().getSimpleName() + " (register a ComponentCodec for it, or make the field"
                            + " transient if it is scratch)";
                }
                try {
                    f.setAccessible(true);
                } catch (RuntimeException e) {
                    return "component " + type.getName() + ": field " + f.getName() + " is not accessible: " + e;
                }
                out.add(f);
            }
        }
        out.sort(Comparator.comparing(Field::getName).thenComparing(f -> f.getDeclaringClass().getName()));
        Field[] fields = out.toArray(new Field[0]);
        int[] kinds = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
            kinds[i] = kindOf(fields[i]);
        }
        return new AutoCodec(fields, kinds);
    }

    private static int kindOf(Field f) {
        Class<?> t = f.getType();
        if (t.isPrimitive()) {
            return t == boolean.class ? BOOLEAN : t == byte.class ? BYTE : t == short.class ? SHORT
                    : t == char.class ? CHAR : t == int.class ? INT : t == long.class ? LONG
                    : t == float.class ? FLOAT : DOUBLE;
        }
        if (!Modifier.isFinal(f.getModifiers())) {
            return -1;   // a replaceable reference may be null or shared: not plain
        }
        return t == Vector2f.class ? VEC2 : t == Vector3f.class ? VEC3 : t == Vector4f.class ? VEC4
                : t == Quaternionf.class ? QUAT : t == Vector2i.class ? VEC2I : -1;
    }

    @Override
    public void write(Component c, SnapshotOut out) {
        try {
            for (int i = 0; i < fields.length; i++) {
                Field f = fields[i];
                switch (kinds[i]) {
                    case BOOLEAN -> out.writeBoolean(f.getBoolean(c));
                    case BYTE -> out.writeByte(f.getByte(c));
                    case SHORT -> out.writeShort(f.getShort(c));
                    case CHAR -> out.writeShort(f.getChar(c));
                    case INT -> out.writeInt(f.getInt(c));
                    case LONG -> out.writeLong(f.getLong(c));
                    case FLOAT -> out.writeFloat(f.getFloat(c));
                    case DOUBLE -> out.writeDouble(f.getDouble(c));
                    case VEC2 -> {
                        Vector2f v = (Vector2f) f.get(c);
                        out.writeFloat(v.x);
                        out.writeFloat(v.y);
                    }
                    case VEC3 -> {
                        Vector3f v = (Vector3f) f.get(c);
                        out.writeFloat(v.x);
                        out.writeFloat(v.y);
                        out.writeFloat(v.z);
                    }
                    case VEC4 -> {
                        Vector4f v = (Vector4f) f.get(c);
                        out.writeFloat(v.x);
                        out.writeFloat(v.y);
                        out.writeFloat(v.z);
                        out.writeFloat(v.w);
                    }
                    case QUAT -> {
                        Quaternionf q = (Quaternionf) f.get(c);
                        out.writeFloat(q.x);
                        out.writeFloat(q.y);
                        out.writeFloat(q.z);
                        out.writeFloat(q.w);
                    }
                    default -> {
                        Vector2i v = (Vector2i) f.get(c);
                        out.writeInt(v.x);
                        out.writeInt(v.y);
                    }
                }
            }
        } catch (IllegalAccessException e) {
            throw new SnapshotException("cannot read " + c.getClass().getName() + ": " + e, e);
        }
    }

    @Override
    public void read(Component c, SnapshotIn in) {
        try {
            for (int i = 0; i < fields.length; i++) {
                Field f = fields[i];
                switch (kinds[i]) {
                    case BOOLEAN -> f.setBoolean(c, in.readBoolean());
                    case BYTE -> f.setByte(c, in.readByte());
                    case SHORT -> f.setShort(c, in.readShort());
                    case CHAR -> f.setChar(c, (char) in.readShort());
                    case INT -> f.setInt(c, in.readInt());
                    case LONG -> f.setLong(c, in.readLong());
                    case FLOAT -> f.setFloat(c, in.readFloat());
                    case DOUBLE -> f.setDouble(c, in.readDouble());
                    case VEC2 -> ((Vector2f) f.get(c)).set(in.readFloat(), in.readFloat());
                    case VEC3 -> ((Vector3f) f.get(c)).set(in.readFloat(), in.readFloat(), in.readFloat());
                    case VEC4 -> ((Vector4f) f.get(c)).set(in.readFloat(), in.readFloat(), in.readFloat(),
                            in.readFloat());
                    case QUAT -> ((Quaternionf) f.get(c)).set(in.readFloat(), in.readFloat(), in.readFloat(),
                            in.readFloat());
                    default -> ((Vector2i) f.get(c)).set(in.readInt(), in.readInt());
                }
            }
        } catch (IllegalAccessException e) {
            throw new SnapshotException("cannot write " + c.getClass().getName() + ": " + e, e);
        }
    }

    /** The fields, in the order they are written: for the check mode, which names the one that differs. */
    Field[] fields() {
        return fields.clone();
    }
}
