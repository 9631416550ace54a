package dev.ecsloop;

import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.snapshot.LoopHooks;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.StagedState;

/**
 * The one place that reads and writes a loop's internal state for snapshots: every system's kind, enabled flag,
 * phase, throttle time and exact tick grid, and simulated time with its scale carry, pause, debt, catch-up bound
 * and horizon. What depends on how real time fell into frames (frame counts, real-time marks, stats) is not
 * state: a restored loop continues under any frame split.
 *
 * <p>Layout (big-endian): int n systems, then per system in registration order: string class name, byte kind
 * (0 fixed, 1 throttled, 2 every frame), boolean enabled, long phase ppm, long last run ns (throttled), and for
 * fixed-step kinds long millihertz, long due ns, long due remainder, long last ns, long last remainder. Then
 * long now, long scale ppm, long scale carry, long catch-up bound, boolean keep debt, boolean paused, long debt,
 * long dropped, long horizon.
 *
 *
 * <p>Restoring is staged: everything is read and checked against this loop (same systems in the same order,
 * values within the invariants of {@link TickSchedule} and {@link SimulatedTime}) before anything changes.
 */
final class LoopState implements LoopHooks {

    private static final SystemSlot.Kind[] KINDS = SystemSlot.Kind.values();

    private final SimulatedTime time;
    private final Scheduler scheduler;
    private final FrameDriver driver;
    private final Parallel parallel;

    LoopState(SimulatedTime time, Scheduler scheduler, FrameDriver driver, Parallel parallel) {
        this.parallel = parallel;
        this.time = time;
        this.scheduler = scheduler;
        this.driver = driver;
    }

    @Override
    public void requireBetweenFrames() {
        if (driver.isRunning()) {
            throw new SnapshotException("snapshots are taken and restored between frames, not from inside one of"
                    + " the loop's systems or listeners");
        }
    }

    @Override
    public void flushEntities() {
        requireBetweenFrames();
        driver.flushEntities();
    }

    @Override
    public StagedState jobs() {
        return parallel.jobsState();
    }

    @Override
    public long realNanos() {
        return driver.realHighWater();
    }

    @Override
    public void save(SnapshotOut out) {
        requireBetweenFrames();
        SystemSlot[] slots = scheduler.slots();
        out.writeInt(slots.length);
        for (SystemSlot slot : slots) {
            out.writeString(slot.type.getName());
            out.writeByte(slot.kind.ordinal());
            out.writeBoolean(slot.system.isEnabled());
            out.writeLong(slot.phasePpm);
            out.writeLong(slot.lastRunNanos);
            if (slot.isFixedStep()) {
                TickSchedule s = slot.schedule;
                out.writeLong(s.rate.millihertz);
                out.writeLong(s.dueNanos);
                out.writeLong(s.dueRemainder);
                out.writeLong(s.lastNanos);
                out.writeLong(s.lastRemainder);
            }
        }
        SimulatedTime t = time;
        out.writeLong(t.nowNanos());
        out.writeLong(t.scalePpm());
        out.writeLong(t.scaleCarry());
        out.writeLong(t.catchUpBoundNanos());
        out.writeBoolean(t.debtPolicy() == DebtPolicy.KEEP);
        out.writeBoolean(t.isPaused());
        out.writeLong(t.debtNanos());
        out.writeLong(t.droppedNanos());
        out.writeLong(t.horizonNanos());
    }

    /** One system's staged state. */
    private record Staged(SystemSlot.Kind kind, boolean enabled, long phasePpm, long lastRunNanos,
                          TickSchedule schedule) {
    }

    @Override
    public Runnable stage(SnapshotIn in) {
        requireBetweenFrames();
        SystemSlot[] slots = scheduler.slots();
        int n = in.readInt();
        if (n != slots.length) {
            throw in.fail("snapshot of a loop with " + n + " systems, this one has " + slots.length);
        }
        Staged[] staged = new Staged[n];
        for (int i = 0; i < n; i++) {
            SystemSlot slot = slots[i];
            String name = in.readString();
            if (!name.equals(slot.type.getName())) {
                throw in.fail("system #" + i + " is " + name + " in the snapshot but " + slot.type.getName()
                        + " in this loop");
            }
            int k = in.readByte();
            if (k < 0 || k >= KINDS.length) {
                throw in.fail("bad kind " + k + " for system " + slot.name());
            }
            SystemSlot.Kind kind = KINDS[k];
            if (kind != SystemSlot.Kind.EVERY_FRAME && kind != slot.fixedKind()) {
                throw in.fail("system " + slot.name() + " is " + kind + " in the snapshot but declared "
                        + slot.fixedKind());
            }
            boolean enabled = in.readBoolean();
            long phase = in.readLong();
            if (phase < 0 || phase >= TickSchedule.PHASE_ONE) {
                throw in.fail("bad phase " + phase + " ppm for system " + slot.name());
            }
            long lastRun = in.readLong();
            if (lastRun < 0 || lastRun > SimulatedTime.END_NANOS) {
                throw in.fail("bad last run " + lastRun + " ns for system " + slot.name());
            }
            TickSchedule schedule = kind == SystemSlot.Kind.EVERY_FRAME ? null : schedule(in, slot.name());
            staged[i] = new Staged(kind, enabled, phase, lastRun, schedule);
        }
        long now = in.readLong();
        long scalePpm = in.readLong();
        long carry = in.readLong();
        long bound = in.readLong();
        boolean keepDebt = in.readBoolean();
        boolean paused = in.readBoolean();
        long debt = in.readLong();
        long dropped = in.readLong();
        long horizon = in.readLong();
        in.expectEnd();
        if (now < 0 || now > SimulatedTime.END_NANOS) {
            throw in.fail("bad simulated time " + now + " ns");
        }
        if (scalePpm < 0 || scalePpm > Math.round(SimulatedTime.MAX_SCALE * SimulatedTime.SCALE_ONE)
                || carry < 0 || carry >= SimulatedTime.SCALE_ONE) {
            throw in.fail("bad time scale " + scalePpm + " ppm (carry " + carry + ")");
        }
        if (bound <= 0 || bound > SimulatedTime.END_NANOS) {
            throw in.fail("bad catch-up bound " + bound + " ns");
        }
        if (debt < 0 || (!keepDebt && debt != 0) || dropped < 0) {
            throw in.fail("bad debt " + debt + " ns (dropped " + dropped + " ns, keep " + keepDebt + ")");
        }
        if (horizon < 0) {
            throw in.fail("bad horizon " + horizon + " ns");
        }
        return () -> apply(staged, now, scalePpm, carry, bound, keepDebt, paused, debt, dropped, horizon);
    }

    private static TickSchedule schedule(SnapshotIn in, String system) {
        long m = in.readLong();
        long due = in.readLong();
        long dueRem = in.readLong();
        long last = in.readLong();
        long lastRem = in.readLong();
        if (m < Math.round(Rate.MIN_HZ * 1000) || m > Math.round(Rate.MAX_HZ * 1000)) {
            throw in.fail("bad rate " + m + " mHz for system " + system);
        }
        if (dueRem < 0 || dueRem >= m || lastRem < 0 || lastRem >= m) {
            throw in.fail("bad tick remainder for system " + system);
        }
        long bound = SimulatedTime.END_NANOS + Rate.NANOS_PER_MILLIHERTZ_TICK;
        if (due < -bound || due > bound || last < -bound || last > bound) {
            throw in.fail("tick time out of range for system " + system);
        }
        Rate rate = Rate.ofMillihertz(m);
        TickSchedule s = TickSchedule.restored(rate, last, lastRem);
        if (s.dueNanos != due || s.dueRemainder != dueRem) {
            throw in.fail("next tick of system " + system + " is not one step after its previous one");
        }
        return s;
    }

    private void apply(Staged[] staged, long now, long scalePpm, long carry, long bound, boolean keepDebt,
                       boolean paused, long debt, long dropped, long horizon) {
        SystemSlot[] slots = scheduler.slots();
        for (int i = 0; i < slots.length; i++) {
            Staged s = staged[i];
            scheduler.restoreSlot(slots[i], s.kind, s.schedule == null ? null : s.schedule.copy(), s.phasePpm,
                    s.lastRunNanos);
            slots[i].system.setEnabled(s.enabled);
        }
        scheduler.restored();
        time.restore(now, scalePpm, carry, bound, keepDebt ? DebtPolicy.KEEP : DebtPolicy.DISCARD, paused, debt,
                dropped, horizon);
    }
}
