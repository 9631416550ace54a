package dev.ecsloop;

import java.util.ArrayList;
import java.util.List;

/**
 * The fixed-step systems, gathered into {@link TickGroup}s, in a binary min-heap keyed by each group's next
 * instant (ties by registration order). The heap holds each entry as a pair of primitives, the instant and the
 * group's id, so that popping and pushing, a few times per frame, neither chase references nor store them (a
 * reference store into an array pays the collector's write barrier). Popping and pushing allocate nothing;
 * {@link #rebuild} allocates, and runs only when a schedule changes other than by ticking.
 */
final class TickQueue {

    /** The groups by id; ids follow the registration order of their first members, so they break ties. */
    private TickGroup[] groups = new TickGroup[0];
    /** Heap entries: the instant of entry {@code i} and the id of its group. */
    private long[] instants = new long[0];
    private int[] ids = new int[0];
    private int size;

    /**
     * Regroups the fixed-step slots (systems with the same kind and identical schedules share a group) and
     * heapifies the groups. Any group popped and not yet pushed back is forgotten: the slots' schedules are the
     * truth, and the new groups reflect them as they are now.
     */
    void rebuild(SystemSlot[] slots) {
        List<List<SystemSlot>> members = new ArrayList<>();
        for (SystemSlot slot : slots) {
            if (slot.isFixedStep()) {
                groupOf(members, slot).add(slot);
            }
        }
        groups = new TickGroup[members.size()];
        instants = new long[groups.length];
        ids = new int[groups.length];
        for (int id = 0; id < groups.length; id++) {
            groups[id] = new TickGroup(id, members.get(id).toArray(new SystemSlot[0]), slots.length);
            instants[id] = groups[id].instant;
            ids[id] = id;
        }
        size = groups.length;
        heapify();
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

    /** The earliest next instant of any group in the heap; only when not empty. */
    long peekInstant() {
        return instants[0];
    }

    /** The group with id {@code id}. */
    TickGroup group(int id) {
        return groups[id];
    }

    /** Takes out the group that ticks first (only when not empty) and returns its id. */
    int pop() {
        int top = ids[0];
        size--;
        if (size > 0) {
            siftDown(0, instants[size], ids[size]);
        }
        return top;
    }

    /** Puts back a popped group at its {@link TickGroup#instant}, which moved while it was out. */
    void push(int id) {
        long instant = groups[id].instant;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(instant, id, instants[parent], ids[parent])) {
                break;
            }
            instants[i] = instants[parent];
            ids[i] = ids[parent];
            i = parent;
        }
        instants[i] = instant;
        ids[i] = id;
    }

    /** Restores the heap order after groups in it moved in place (throttled systems skipping missed runs). */
    void reorder() {
        for (int i = 0; i < size; i++) {
            instants[i] = groups[ids[i]].instant;
        }
        heapify();
    }

    private void heapify() {
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i, instants[i], ids[i]);
        }
    }

    /** Places the entry ({@code instant}, {@code id}) at {@code i} or below, moving earlier children up. */
    private void siftDown(int i, long instant, int id) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(instants[right], ids[right], instants[child], ids[child])) {
                child = right;
            }
            if (!before(instants[child], ids[child], instant, id)) {
                break;
            }
            instants[i] = instants[child];
            ids[i] = ids[child];
            i = child;
        }
        instants[i] = instant;
        ids[i] = id;
    }

    /** Heap order: next instant, then registration order (which ids follow). */
    private static boolean before(long instantA, int idA, long instantB, int idB) {
        return instantA < instantB || instantA == instantB && idA < idB;
    }
}
