package dev.ecsloop;

/**
 * Fixed-step systems that tick at the same instants: same kind and an identical tick grid (rate, next and
 * previous tick). One heap entry stands for all of them, so a tick instant costs one heap operation per group
 * rather than one per system; with the usual handful of rates, the heap holds a handful of entries.
 *
 * <p>Invariant: between tick instants, every member's {@link TickSchedule} is in exactly the same state. It holds
 * because members are only ever advanced together (each one once per instant, just before it runs) and skipped
 * together (throttled members skip deterministically by the same target); anything else that moves a schedule
 * ({@code setRate}, a failing tick) rebuilds the groups.
 */
final class TickGroup {

    /** Members in registration order. */
    final SystemSlot[] members;
    /** Bit {@code order} set for each member: merges groups due at the same instant in registration order. */
    final long[] mask;
    /**
     * The first member's schedule: the group's next tick time, equal to every member's between instants. It moves
     * while the group's instant runs, which is why the group is out of the heap then.
     */
    final TickSchedule key;
    /** Registration order of the first member; orders tied groups in the heap deterministically. */
    final int order;

    TickGroup(SystemSlot[] members, int slotCount) {
        this.members = members;
        this.mask = new long[words(slotCount)];
        for (SystemSlot member : members) {
            mask[member.order >>> 6] |= 1L << member.order;
        }
        this.key = members[0].schedule;
        this.order = members[0].order;
    }

    /** Words of a bit set over {@code slotCount} registration orders. */
    static int words(int slotCount) {
        return (slotCount + 63) >>> 6;
    }

    /** Whether {@code a} and {@code b} may share a group: same kind and identical schedules. */
    static boolean ticksWith(SystemSlot a, SystemSlot b) {
        return a.kind == b.kind && a.schedule.sameGridAs(b.schedule);
    }

    /** Adds the members to the bit set of systems due at the current instant. */
    void markDue(long[] due) {
        for (int w = 0; w < mask.length; w++) {
            due[w] |= mask[w];
        }
    }

    /** Heap order: exact next tick time, then registration order. */
    static boolean runsBefore(TickGroup a, TickGroup b) {
        int c = TickSchedule.compareDue(a.key, b.key);
        return c < 0 || c == 0 && a.order < b.order;
    }
}
