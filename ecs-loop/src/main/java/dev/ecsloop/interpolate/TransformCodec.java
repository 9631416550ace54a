package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import dev.ecsloop.snapshot.ComponentCodec;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Snapshot codecs of {@link Transform2} and {@link Transform3}: the current state, the previous state the blend
 * starts from, the teleport marker and the owner. The owner index captures
 * current into previous when it adopts a component, so the codec asks to be read again once the restored
 * entity entered the world: the first frame after a restore draws what the captured loop would have drawn.
 *
 * <p>Layout: int owner (its index among the loop's systems, -1 for none, or -2 and its class name for a class
 * that is not a system of the loop), boolean teleported, then Transform2: position x y, angle, scale x y, previous
 * position x y, previous angle, previous scale x y; Transform3: position xyz, rotation xyzw, scale xyz and the
 * same three previous. Floats by raw bits.
 */
abstract class TransformCodec<T extends OwnedState> implements ComponentCodec<T> {

    private static final int NONE = -1;
    private static final int OTHER = -2;

    /** The loop's systems: an owner is written as its index here, -1 for none. */
    private final List<Class<? extends BaseSystem>> systems;
    private final Map<String, Class<? extends BaseSystem>> others = new HashMap<>();

    TransformCodec(List<Class<? extends BaseSystem>> systems) {
        this.systems = systems;
    }

    @Override
    public final boolean readAgainAfterInsert() {
        return true;
    }

    @Override
    public final void write(T t, SnapshotOut out) {
        int index = t.owner == null ? NONE : systems.indexOf(t.owner);
        if (index == -1 && t.owner != null) {
            out.writeInt(OTHER);
            out.writeString(t.owner.getName());   // not a system of the loop: a query reports it, as before
        } else {
            out.writeInt(index);
        }
        out.writeBoolean(t.teleported);
        writeState(t, out);
    }

    @Override
    public final void read(T t, SnapshotIn in) {
        int index = in.readInt();
        Class<? extends BaseSystem> owner;
        if (index == NONE) {
            owner = null;
        } else if (index == OTHER) {
            owner = other(in.readString(), in);
        } else if (index >= 0 && index < systems.size()) {
            owner = systems.get(index);
        } else {
            throw in.fail("bad owner index " + index + " (the loop has " + systems.size() + " systems)");
        }
        boolean teleported = in.readBoolean();
        readState(t, in);
        if (t.index == null || t.owner == owner) {
            t.owner = owner;
        } else {
            t.changeOwner(owner);
        }
        t.teleported = teleported;
    }

    abstract void writeState(T t, SnapshotOut out);

    abstract void readState(T t, SnapshotIn in);

    private Class<? extends BaseSystem> other(String name, SnapshotIn in) {
        Class<? extends BaseSystem> cached = others.get(name);
        if (cached != null) {
            return cached;
        }
        Class<?> c;
        try {
            c = Class.forName(name, false, TransformCodec.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw in.fail("unknown owner system " + (name.length() > 120 ? name.substring(0, 120) : name));
        }
        if (!BaseSystem.class.isAssignableFrom(c)) {
            throw in.fail("owner " + name + " is not a system");
        }
        Class<? extends BaseSystem> owner = c.asSubclass(BaseSystem.class);
        others.put(name, owner);
        return owner;
    }

    /** {@link Transform2}'s codec. */
    static final class Flat extends TransformCodec<Transform2> {
        Flat(List<Class<? extends BaseSystem>> systems) {
            super(systems);
        }

        @Override
        void writeState(Transform2 t, SnapshotOut out) {
            out.writeFloat(t.position.x);
            out.writeFloat(t.position.y);
            out.writeFloat(t.angle);
            out.writeFloat(t.scale.x);
            out.writeFloat(t.scale.y);
            out.writeFloat(t.previousPosition.x);
            out.writeFloat(t.previousPosition.y);
            out.writeFloat(t.previousAngle);
            out.writeFloat(t.previousScale.x);
            out.writeFloat(t.previousScale.y);
        }

        @Override
        void readState(Transform2 t, SnapshotIn in) {
            t.position.set(in.readFloat(), in.readFloat());
            t.angle = in.readFloat();
            t.scale.set(in.readFloat(), in.readFloat());
            t.previousPosition.set(in.readFloat(), in.readFloat());
            t.previousAngle = in.readFloat();
            t.previousScale.set(in.readFloat(), in.readFloat());
        }
    }

    /** {@link Transform3}'s codec. */
    static final class Solid extends TransformCodec<Transform3> {
        Solid(List<Class<? extends BaseSystem>> systems) {
            super(systems);
        }

        @Override
        void writeState(Transform3 t, SnapshotOut out) {
            vec(out, t.position.x, t.position.y, t.position.z);
            out.writeFloat(t.rotation.x);
            vec(out, t.rotation.y, t.rotation.z, t.rotation.w);
            vec(out, t.scale.x, t.scale.y, t.scale.z);
            vec(out, t.previousPosition.x, t.previousPosition.y, t.previousPosition.z);
            out.writeFloat(t.previousRotation.x);
            vec(out, t.previousRotation.y, t.previousRotation.z, t.previousRotation.w);
            vec(out, t.previousScale.x, t.previousScale.y, t.previousScale.z);
        }

        private static void vec(SnapshotOut out, float x, float y, float z) {
            out.writeFloat(x);
            out.writeFloat(y);
            out.writeFloat(z);
        }

        @Override
        void readState(Transform3 t, SnapshotIn in) {
            t.position.set(in.readFloat(), in.readFloat(), in.readFloat());
            t.rotation.set(in.readFloat(), in.readFloat(), in.readFloat(), in.readFloat());
            t.scale.set(in.readFloat(), in.readFloat(), in.readFloat());
            t.previousPosition.set(in.readFloat(), in.readFloat(), in.readFloat());
            t.previousRotation.set(in.readFloat(), in.readFloat(), in.readFloat(), in.readFloat());
            t.previousScale.set(in.readFloat(), in.readFloat(), in.readFloat());
        }
    }
}
