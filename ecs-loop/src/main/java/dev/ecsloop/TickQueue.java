package dev.ecsloop;

import java.util.ArrayList;
import java.util.List;

/**
 * The fixed-step systems, gathered into {@link TickGroup}s, in a binary min-heap keyed by each group's exact next
 * tick time (ties by registration order). Popping and pushing allocate nothing; {@link #rebuild} allocates, and
 * runs only when a schedule changes other than by ticking.
 */
final class TickQueue {

    private TickGroup[] heap = new TickGroup[0];
    private int size;

    /**
     * Regroups the fixed-step slots (systems with the same kind and identical schedules share a group) and
     * heapifies the groups. Any group popped and not yet pushed back is forgotten: the slots' schedules are the
     * truth, and the new groups reflect them as they are now.
     */
    void rebuild(SystemSlot[] slots) {
        List<List<SystemSlot>> groups = new ArrayList<>();
        for (SystemSlot slot : slots) {
            if (slot.isFixedStep()) {
                groupOf(groups, slot).add(slot);
            }
        }
        heap = new TickGroup[groups.size()];
        size = 0;
        for (List<SystemSlot> members : groups) {
            heap[size++] = new TickGroup(members.toArray(new SystemSlot[0]), slots.length);
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    private static List<SystemSlot> groupOf(List<List<SystemSlot>> groups, SystemSlot slot) {
        for (List<SystemSlot> group : groups) {
            if (TickGroup.ticksWith(group.get(0), slot)) {
                return group;
            }
        }
        List<SystemSlot> group = new ArrayList<>();
        groups.add(group);
        return group;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The group that ticks first; only when not empty. */
    TickGroup peek() {
        return heap[0];
    }

    TickGroup pop() {
        TickGroup top = heap[0];
        heap[0] = heap[--size];
        heap[size] = null;
        if (size > 0) {
            siftDown(0);
        }
        return top;
    }

    /** Puts back a popped group, after its schedule moved. */
    void push(TickGroup group) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!TickGroup.runsBefore(group, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = group;
    }

    /**
     * Restores the heap order after schedules moved in place (throttled systems skipping missed runs).
     */
    void reorder() {
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    private void siftDown(int i) {
        TickGroup moving = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && TickGroup.runsBefore(heap[right], heap[child])) {
                child = right;
            }
            if (!TickGroup.runsBefore(heap[child], moving)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = moving;
    }
}
