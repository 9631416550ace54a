package dev.ecsloop;

import com.artemis.AspectSubscriptionManager;
import com.artemis.BaseSystem;
import com.artemis.ComponentManager;
import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.utils.ImmutableBag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decides which system runs when: the one creator and writer of the slots (their kinds, schedules and phases),
 * the owner of the tick queue built from them and of the instant being run. Every change to when a system runs
 * goes through here, so the three never disagree; {@link GameLoop} only validates arguments and delegates.
 *
 * <p>An <em>instant</em> is a whole-nanosecond simulated time at which one or more fixed-step ticks are due.
 * {@link #beginInstant()} pops every group due then, {@link #nextDue()} hands out their members in registration
 * order, and {@link #endInstant()} advances each group's one shared schedule and pushes the groups back. A member
 * handed out counts as advanced from then on: a control or an alpha read inside the instant sees it one step on,
 * exactly as if its own schedule had moved just before it ran. A control change made from inside a tick regroups
 * at once and the instant goes on from the regrouped queue: systems that have not run yet at the instant, and
 * are still due then, run in it; the others do not.
 *
 * <p>Control changes take effect at an instant {@code at}: the running tick's time, or the frame's simulated
 * time between ticks. A regridded system's next tick is the first point of its new grid strictly after
 * {@code at}, so the tick log never goes back in time and nothing runs twice at one instant.
 *
 * <p>Not thread-safe: the loop thread owns it. Ticking allocates nothing; control changes do.
 */
final class Scheduler {

    private static final SystemSlot[] NONE = new SystemSlot[0];

    private final SystemSlot[] slots;
    private final TickQueue queue = new TickQueue();
    private SystemSlot[] everyFrame = NONE;
    private SystemSlot[] throttled = NONE;
    /** The ids of the groups popped for the running instant, and the bit set (by registration order) of members due. */
    private final int[] popped;
    private int poppedCount;
    private final long[] due;
    /** The running instant, or -1 between instants. */
    private long instant = -1;
    /** The latest instant begun: after a failure, the instant the frame ends at. */
    private long lastInstant;
    /** Set when the queue was rebuilt during the running instant: {@link #popped} is stale. */
    private boolean regrouped;

    /**
     * Creates a slot for each of the world's systems (Artemis's own managers excluded), as its class declares.
     *
     * @throws IllegalArgumentException if a system declares a bad rate or phase, or both kinds; the message
     *                                  names it
     */
    static Scheduler of(World world) {
        ImmutableBag<BaseSystem> systems = world.getSystems();
        List<SystemSlot> out = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            BaseSystem system = systems.get(i);
            if (!(system instanceof ComponentManager || system instanceof EntityManager
                    || system instanceof AspectSubscriptionManager)) {
                out.add(new SystemSlot(system, i, out.size(), Declaration.of(system.getClass())));
            }
        }
        return new Scheduler(out.toArray(new SystemSlot[0]));
    }

    private Scheduler(SystemSlot[] slots) {
        this.slots = slots;
        this.popped = new int[slots.length];
        this.due = new long[TickGroup.words(slots.length)];
        regroup();
    }

    SystemSlot[] slots() {
        return slots;
    }

    /** Every-frame systems, in registration order. */
    SystemSlot[] everyFrame() {
        return everyFrame;
    }

    // ---- running ticks ----

    /**
     * A throttled system runs at most once per frame, at its latest occurrence due by the target: move each due
     * one to that occurrence before the instants are taken. Members of one group skip alike, so groups hold.
     * The probe, if any, is told of each skip; each slot counts its skipped runs.
     */
    void skipMissedThrottledRuns(long target, LoopProbe probe) {
        boolean moved = false;
        for (SystemSlot slot : throttled) {
            TickGroup group = slot.group;
            if (group.order == slot.order) {
                // The first member skips the group's shared schedule; the later ones (after it in registration
                // order) take its answer.
                group.firstSkipped = group.instant;
                group.skipMoved = group.skipToLatestDueBy(target);
            }
            if (group.skipMoved) {
                moved = true;
                long total = slot.skippedRuns + group.key.skippedRuns;
                slot.skippedRuns = total < 0 ? Long.MAX_VALUE : total;
                if (probe != null) {
                    probe.skipped(slot.order, group.key.skippedRuns, group.firstSkipped, group.instant);
                }
            }
        }
        if (moved) {
            queue.reorder();
        }
    }

    /** Whether some fixed-step tick is due at or before {@code target}. */
    boolean hasDueBy(long target) {
        return !queue.isEmpty() && queue.peekInstant() <= target;
    }

    /** The earliest instant at which some fixed-step tick is due, or -1 if there is no fixed-step system. */
    long nextInstant() {
        return queue.isEmpty() ? -1 : queue.peekInstant();
    }

    /**
     * Starts the earliest pending instant: takes every group due at it out of the queue.
     *
     * @return the instant, in simulated nanoseconds
     */
    long beginInstant() {
        instant = queue.peekInstant();
        lastInstant = instant;
        regrouped = false;
        popDueAtInstant();
        return instant;
    }

    private void popDueAtInstant() {
        while (!queue.isEmpty() && queue.peekInstant() == instant) {
            int id = queue.pop();
            TickGroup group = queue.group(id);
            group.markDue(due);
            group.popped = true;
            popped[poppedCount++] = id;
        }
    }

    /**
     * The next system to tick at the running instant, in registration order; from now on it counts as advanced
     * past the instant (see {@link #ranInInstant}). -1 when the instant is done.
     */
    int nextDue() {
        if (regrouped) {
            // The queue was rebuilt from the schedules: whatever is still due now is in it.
            regrouped = false;
            popDueAtInstant();
        }
        for (int w = 0; w < due.length; w++) {
            long bits = due[w];
            if (bits != 0) {
                due[w] = bits & (bits - 1);
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return -1;
    }

    /** Whether an instant is running: a tick, its listeners, or the entity updates between its ticks. */
    boolean inInstant() {
        return instant >= 0;
    }

    /**
     * Whether {@code slot} was handed out at the running instant: its group's shared schedule still says the
     * instant is due, but for this member it is one step on.
     */
    private boolean ranInInstant(SystemSlot slot) {
        return instant >= 0 && slot.schedule != null && slot.group.popped
                && (due[slot.order >>> 6] & (1L << slot.order)) == 0;
    }

    /**
     * A system's alpha at simulated time {@code now} (1 for an every-frame system), as its own schedule stands:
     * see {@link SystemHandle#alpha()}.
     */
    float alpha(SystemSlot slot, long now) {
        TickSchedule schedule = slot.schedule;
        if (schedule == null) {
            return 1f;
        }
        return ranInInstant(slot) ? schedule.alphaAfterAdvance(now) : schedule.alpha(now);
    }

    /** The running instant, or after it the latest one begun (where a failed instant ends its frame). */
    long lastInstant() {
        return lastInstant;
    }

    /**
     * The delta a system's run at {@code at} gets: a fixed system's step; for a throttled one, the simulated time
     * since its previous run, which becomes {@code at}.
     */
    float deltaAt(SystemSlot slot, long at) {
        if (slot.kind != SystemSlot.Kind.THROTTLED) {
            return slot.schedule.stepSeconds();
        }
        float delta = (float) ((at - slot.lastRunNanos) / 1e9);
        slot.lastRunNanos = at;
        return delta;
    }

    /** Whether an every-frame system runs in frame {@code frame}: not before the frame it was switched for. */
    static boolean runsInFrame(SystemSlot slot, long frame) {
        return slot.everyFrameFrom <= frame;
    }

    /** Ends the running instant normally: the groups go back into the queue at their next tick. */
    void endInstant() {
        for (int i = 0; i < poppedCount; i++) {
            int id = popped[i];
            TickGroup group = queue.group(id);
            group.advance();
            group.popped = false;
            queue.push(id);
        }
        poppedCount = 0;
        instant = -1;
    }

    /**
     * Ends the running instant after a failure: the systems that did not run yet stay due at it and run first
     * in the next frame.
     */
    void abortInstant() {
        if (instant >= 0) {
            unshare();
            regroup();
            regrouped = false;
            instant = -1;
        }
    }

    private void forgetPopped() {
        for (int i = 0; i < poppedCount; i++) {
            queue.group(popped[i]).popped = false;
        }
        Arrays.fill(due, 0);
        poppedCount = 0;
    }

    /**
     * Sets a slot as a snapshot holds it (checked by the caller against the schedule's invariants); call
     * {@link #restored()} once every slot is set. An every-frame system runs from the next frame on.
     */
    void restoreSlot(SystemSlot slot, SystemSlot.Kind kind, TickSchedule schedule, long phasePpm, long lastRunNanos) {
        slot.kind = kind;
        slot.schedule = schedule;
        slot.phasePpm = phasePpm;
        slot.lastRunNanos = lastRunNanos;
        slot.everyFrameFrom = 0;
    }

    /** Rebuilds the queue after a snapshot restored the slots' kinds and schedules, between instants. */
    void restored() {
        instant = -1;
        regroup();
        regrouped = false;
    }

    // ---- control changes ----

    /**
     * Sets a system's rate at instant {@code at}. A fixed-step system keeps its phase: its new grid goes through
     * its previous tick and its next tick is the first point of that grid strictly after {@code at}. An
     * every-frame system becomes fixed-step with its grid anchored at {@code at}, offset by its phase. The rate
     * a fixed-step system already has is no change: a system due at {@code at} that has not run yet keeps that
     * tick.
     *
     * @return whether anything changed
     */
    boolean setRate(SystemSlot slot, Rate rate, long at) {
        if (slot.isFixedStep() && slot.schedule.rate.equals(rate)) {
            return false;
        }
        unshare();
        if (slot.isFixedStep()) {
            slot.schedule.regridThroughLast(rate, 0, at);
        } else {
            slot.kind = slot.fixedKind();
            slot.schedule = TickSchedule.anchoredAt(rate, at, slot.phasePpm);
            slot.lastRunNanos = at;
        }
        regroup();
        return true;
    }

    /**
     * Sets a fixed-step system's phase at instant {@code at}: its grid moves by the difference from the old
     * phase, and its next tick is the first point of the moved grid strictly after {@code at}. For an
     * every-frame system the phase is kept for when it becomes fixed-step. The phase it already has is no change.
     *
     * @return whether anything changed
     */
    boolean setPhase(SystemSlot slot, long phasePpm, long at) {
        if (phasePpm == slot.phasePpm) {
            return false;
        }
        long shift = Math.floorMod(phasePpm - slot.phasePpm, TickSchedule.PHASE_ONE);
        slot.phasePpm = phasePpm;
        if (slot.isFixedStep()) {
            unshare();
            slot.schedule.regridThroughLast(slot.schedule.rate, shift, at);
            regroup();
        }
        return true;
    }

    /** Makes a system run once per frame from frame {@code fromFrame} on; it stops ticking at once. */
    void setEveryFrame(SystemSlot slot, long fromFrame) {
        unshare();
        slot.kind = SystemSlot.Kind.EVERY_FRAME;
        slot.schedule = null;
        slot.everyFrameFrom = fromFrame;
        regroup();
    }

    /**
     * Gives every fixed-step slot a schedule of its own, as it stands for that slot (a member already handed out
     * at the running instant one step on), so that a control can move one slot's schedule in place without moving
     * its group's; {@link #regroup()} then shares them again. Call it before any regroup inside an instant.
     */
    private void unshare() {
        for (SystemSlot slot : slots) {
            if (slot.schedule != null) {
                TickSchedule own = slot.schedule.copy();
                if (ranInInstant(slot)) {
                    own.advance();
                }
                slot.schedule = own;
            }
        }
    }

    /**
     * Rebuilds the groups from the slots' schedules, forgetting the groups popped for a running instant (their
     * members' schedules must have been {@link #unshare() unshared} first).
     */
    private void regroup() {
        forgetPopped();
        queue.rebuild(slots);
        everyFrame = slotsOfKind(SystemSlot.Kind.EVERY_FRAME);
        throttled = slotsOfKind(SystemSlot.Kind.THROTTLED);
        regrouped = instant >= 0;
    }

    private SystemSlot[] slotsOfKind(SystemSlot.Kind kind) {
        return Arrays.stream(slots).filter(slot -> slot.kind == kind).toArray(SystemSlot[]::new);
    }
}
