package dev.ecsloop;

/**
 * Fixed-step systems that tick at the same instants: same kind and an identical tick grid (rate, next and
 * previous tick). One heap entry and one {@link TickSchedule} stand for all of them, so a tick instant costs one
 * heap operation and one schedule advance per group rather than per system; with the usual handful of rates, the
 * heap holds a handful of entries.
 *
 * <p>Invariant: between tick instants, every member's {@code schedule} is this group's {@link #key}, the same
 * object. While the group's instant runs the key still says the instant is due; {@link Scheduler} advances it
 * once when the instant ends, and until then counts a member it has handed out as one step on (for controls and
 * alpha read inside the instant). Anything that moves one member's schedule alone ({@code setRate},
 * {@code setPhase}, {@code setEveryFrame}, a failing tick) first gives every slot its own copy, then rebuilds the
 * groups.
 */
final class TickGroup {

    /** Bit {@code order} set for each member: merges groups due at the same instant in registration order. */
    final long[] mask;
    /** The members' one schedule: every member's {@code schedule} between instants. */
    final TickSchedule key;
    /**
     * The instant of the group's next tick, {@code key.dueCeilNanos()}, kept here for the heap: ticks whose exact
     * times round up to one whole nanosecond run in one instant in registration order, so whole nanoseconds and
     * the registration order are all the heap needs to compare. Moves only through {@link #advance()} and
     * {@link #skipToLatestDueBy(long)}, and only while the group is out of the heap or before a reorder.
     */
    long instant;
    /** Registration order of the first member. */
    final int order;
    /** Index in its {@link TickQueue}, in the registration order of first members: orders tied groups. */
    final int id;
    /** Whether the group is out of the heap for the running instant. */
    boolean popped;
    /** Set by the first member's skip in {@link Scheduler#skipMissedThrottledRuns}: the later members' answer. */
    boolean skipMoved;
    /** The first occurrence the last skip passed over, for the probe. */
    long firstSkipped;

    TickGroup(int id, SystemSlot[] members, int slotCount) {
        this.id = id;
        this.mask = new long[words(slotCount)];
        for (SystemSlot member : members) {
            mask[member.order >>> 6] |= 1L << member.order;
        }
        this.key = members[0].schedule;
        this.instant = key.dueCeilNanos();
        this.order = members[0].order;
        for (SystemSlot member : members) {
            member.schedule = key;
            member.group = this;
        }
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

    /** Consumes the group's tick at {@link #instant}: every member has run there. */
    void advance() {
        key.advance();
        instant = key.dueCeilNanos();
    }

    /** Throttled groups: see {@link TickSchedule#skipToLatestDueBy(long)}. */
    boolean skipToLatestDueBy(long now) {
        boolean moved = key.skipToLatestDueBy(now);
        instant = key.dueCeilNanos();
        return moved;
    }
}
