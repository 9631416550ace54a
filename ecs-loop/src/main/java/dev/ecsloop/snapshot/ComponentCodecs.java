package dev.ecsloop.snapshot;

import com.artemis.Component;

import java.util.HashMap;
import java.util.Map;

/**
 * Which codec writes and reads each component type: the one the game registered through
 * {@link Snapshots.Builder#codec}, else the field-by-field {@link AutoCodec}. One lookup shared by the writer and
 * the reader, so a type is always encoded and decoded by the same codec.
 */
final class ComponentCodecs {

    private final Map<Class<?>, ComponentCodec<?>> registered;

    /** @param registered the game's codecs by type, copied */
    ComponentCodecs(Map<Class<?>, ComponentCodec<?>> registered) {
        this.registered = new HashMap<>(registered);
    }

    /**
     * @param type a component type
     * @return its registered codec, or the automatic one
     * @throws SnapshotException if the type has no codec and is not plain (the message names the field)
     */
    @SuppressWarnings("unchecked") // registered per type by Builder.codec, which checks the pairing
    ComponentCodec<Component> codecFor(Class<? extends Component> type) {
        ComponentCodec<?> explicit = registered.get(type);
        return explicit != null ? (ComponentCodec<Component>) explicit : AutoCodec.of(type);
    }

    /**
     * @param n the length
     * @return an array of {@code n} empty codec slots
     */
    @SuppressWarnings("unchecked") // generic array creation
    static ComponentCodec<Component>[] newArray(int n) {
        return (ComponentCodec<Component>[]) new ComponentCodec<?>[n];
    }
}
