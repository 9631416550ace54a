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
 * order, each with its schedule advanced just before it runs, and {@link #endInstant()} pushes the groups back.
 * A control change made from inside a tick regroups at once and the instant goes on from the regrouped queue:
 * systems that have not run yet at the instant, and are still due then, run in it; the others do not.
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
    /** The groups popped for the running instant, and the bit set (by registration order) of members due. */
    private final TickGroup[] popped;
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
        this.popped = new TickGroup[slots.length];
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
            long firstSkipped = slot.schedule.dueCeilNanos();
            if (slot.schedule.skipToLatestDueBy(target)) {
                moved = true;
                long total = slot.skippedRuns + slot.schedule.skippedRuns;
                slot.skippedRuns = total < 0 ? Long.MAX_VALUE : total;
                if (probe != null) {
                    probe.skipped(slot.order, slot.schedule.skippedRuns, firstSkipped, slot.schedule.dueCeilNanos());
                }
            }
        }
        if (moved) {
            queue.reorder();
        }
    }

    /** Whether some fixed-step tick is due at or before {@code target}. */
    boolean hasDueBy(long target) {
        return !queue.isEmpty() && queue.peek().key.isDueBy(target);
    }

    /** The earliest instant at which some fixed-step tick is due, or -1 if there is no fixed-step system. */
    long nextInstant() {
        return queue.isEmpty() ? -1 : queue.peek().key.dueCeilNanos();
    }

    /**
     * Starts the earliest pending instant: takes every group due at it out of the queue.
     *
     * @return the instant, in simulated nanoseconds
     */
    long beginInstant() {
        instant = queue.peek().key.dueCeilNanos();
        lastInstant = instant;
        regrouped = false;
        popDueAtInstant();
        return instant;
    }

    private void popDueAtInstant() {
        while (!queue.isEmpty() && queue.peek().key.dueCeilNanos() == instant) {
            TickGroup group = queue.pop();
            group.markDue(due);
            popped[poppedCount++] = group;
        }
    }

    /**
     * The next system to tick at the running instant, in registration order, with its schedule already advanced
     * past it; -1 when the instant is done.
     */
    int nextDue() {
        if (regrouped) {
            // The queue was rebuilt from the schedules: whatever is still due now is in it.
            regrouped = false;
            forgetPopped();
            popDueAtInstant();
        }
        for (int w = 0; w < due.length; w++) {
            long bits = due[w];
            if (bits != 0) {
                int order = (w << 6) + Long.numberOfTrailingZeros(bits);
                due[w] = bits & (bits - 1);
                slots[order].schedule.advance();
                return order;
            }
        }
        return -1;
    }

    /** Whether an instant is running: a tick, its listeners, or the entity updates between its ticks. */
    boolean inInstant() {
        return instant >= 0;
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
            queue.push(popped[i]);
            popped[i] = null;
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
            forgetPopped();
            regroup();
            regrouped = false;
            instant = -1;
        }
    }

    private void forgetPopped() {
        Arrays.fill(due, 0);
        Arrays.fill(popped, 0, poppedCount, null);
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
        forgetPopped();
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
            slot.schedule.regridThroughLast(slot.schedule.rate, shift, at);
            regroup();
        }
        return true;
    }

    /** Makes a system run once per frame from frame {@code fromFrame} on; it stops ticking at once. */
    void setEveryFrame(SystemSlot slot, long fromFrame) {
        slot.kind = SystemSlot.Kind.EVERY_FRAME;
        slot.schedule = null;
        slot.everyFrameFrom = fromFrame;
        regroup();
    }

    private void regroup() {
        queue.rebuild(slots);
        everyFrame = slotsOfKind(SystemSlot.Kind.EVERY_FRAME);
        throttled = slotsOfKind(SystemSlot.Kind.THROTTLED);
        regrouped = instant >= 0;
    }

    private SystemSlot[] slotsOfKind(SystemSlot.Kind kind) {
        return Arrays.stream(slots).filter(slot -> slot.kind == kind).toArray(SystemSlot[]::new);
    }
}
