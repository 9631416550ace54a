package dev.ecsloop.snapshot;

import com.artemis.Component;

/**
 * Writes and reads one component type for snapshots, field by field. Register one with
 * {@link Snapshots.Builder#codec(Class, ComponentCodec)} for a component that holds more than primitives and JOML
 * vectors (lists, references to other objects, enums); plain components need none (see {@link Snapshots}).
 *
 * @param <T> the component type
 */
public interface ComponentCodec<T extends Component> {

    /**
     * Writes a component's state.
     *
     * @param component the component, of an entity of the world
     * @param out       where to write; the same state must give the same bytes
     */
    void write(T component, SnapshotOut out);

    /**
     * Sets every field {@link #write} wrote, on a component fresh from its public constructor (or from Artemis's
     * pool). It must read exactly what was written.
     *
     * @param component the component to fill
     * @param in        the bytes of this one component, bounds-checked
     * @throws SnapshotException if the bytes are invalid or run out
     */
    void read(T component, SnapshotIn in);

    /**
     * Whether {@link #read} must run again once the component entered the world: for a component that a
     * subscription listener resets when it is inserted (interpolation's previous state, say). False by default.
     *
     * @return true to be read a second time after Artemis reported the entity
     */
    default boolean readAgainAfterInsert() {
        return false;
    }
}
