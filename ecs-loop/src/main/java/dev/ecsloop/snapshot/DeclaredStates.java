package dev.ecsloop.snapshot;

import com.artemis.BaseSystem;
import com.artemis.World;
import dev.ecsloop.GameLoop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The declared states in the order a snapshot saves them: first the loop's systems that implement
 * {@link SnapshotState} (under their class names, in the loop's system order), then the states declared by name.
 * Fixed when the snapshots are built, so writer and reader agree on names and order.
 */
final class DeclaredStates {

    private final String[] names;
    private final SnapshotState[] states;

    /**
     * @param loop  the loop whose systems may declare state
     * @param world its world
     * @param named states declared by name, in declaration order
     * @throws IllegalArgumentException if a declared name is also a system's
     */
    DeclaredStates(GameLoop loop, World world, Map<String, SnapshotState> named) {
        List<String> n = new ArrayList<>();
        List<SnapshotState> declared = new ArrayList<>();
        for (Class<? extends BaseSystem> type : loop.systems()) {
            BaseSystem system = world.getSystem(type);
            if (system instanceof SnapshotState s) {
                n.add(type.getName());
                declared.add(s);
            }
        }
        for (Map.Entry<String, SnapshotState> e : named.entrySet()) {
            if (n.contains(e.getKey())) {
                throw new IllegalArgumentException("state name " + e.getKey() + " is taken by a system");
            }
            n.add(e.getKey());
            declared.add(e.getValue());
        }
        this.names = n.toArray(new String[0]);
        this.states = declared.toArray(new SnapshotState[0]);
    }

    /** @return how many states are declared */
    int size() {
        return states.length;
    }

    /**
     * @param i an index below {@link #size()}
     * @return the name of state {@code i}
     */
    String name(int i) {
        return names[i];
    }

    /**
     * @param i an index below {@link #size()}
     * @return state {@code i}
     */
    SnapshotState state(int i) {
        return states[i];
    }

    /** @return the names in order */
    List<String> names() {
        return List.of(names);
    }

    @Override
    public String toString() {
        return Arrays.toString(names);
    }
}
