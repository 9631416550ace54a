package dev.ecsloop;

import com.artemis.BaseSystem;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A loop's systems by class: each resolved once into its {@link SystemHandle}, so that a lookup by class costs a
 * hash probe rather than a scan of the systems, and the registration order as a list.
 */
final class SystemHandles {

    private final Map<Class<?>, SystemHandle> byType = new IdentityHashMap<>();
    private final List<Class<? extends BaseSystem>> types;

    SystemHandles(Scheduler scheduler, SimulatedTime time, MultiRateStrategy strategy) {
        SystemSlot[] slots = scheduler.slots();
        List<Class<? extends BaseSystem>> inOrder = new ArrayList<>(slots.length);
        for (SystemSlot slot : slots) {
            byType.put(slot.type, new SystemHandle(slot, time, scheduler, strategy));
            inOrder.add(slot.type);
        }
        this.types = List.copyOf(inOrder);
    }

    /**
     * @throws IllegalArgumentException if the system is not in the loop
     */
    SystemHandle of(Class<? extends BaseSystem> system) {
        SystemHandle handle = byType.get(system);
        if (handle == null) {
            throw new IllegalArgumentException("no system " + (system == null ? "null" : system.getName())
                    + " in this loop");
        }
        return handle;
    }

    /** The systems' classes in registration order, unmodifiable. */
    List<Class<? extends BaseSystem>> types() {
        return types;
    }
}
