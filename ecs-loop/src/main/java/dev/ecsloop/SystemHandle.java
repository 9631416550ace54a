package dev.ecsloop;

import com.artemis.BaseSystem;

/**
 * One system of a loop, resolved once ({@link GameLoop#system(Class)}) so that per-frame queries cost the same
 * however many systems the loop has: a renderer asks for the alpha of a unit's owner once per unit per frame,
 * and a lookup by class would scan the systems every time.
 *
 * <p>Reads see the loop as of its last change; call them on the loop's thread (they are not checked, so that
 * the render path pays no thread check, and they change nothing).
 */
public final class SystemHandle {

    private final SystemSlot slot;
    private final SimulatedTime time;
    private final Scheduler scheduler;
    private final MultiRateStrategy strategy;

    SystemHandle(SystemSlot slot, SimulatedTime time, Scheduler scheduler, MultiRateStrategy strategy) {
        this.slot = slot;
        this.time = time;
        this.scheduler = scheduler;
        this.strategy = strategy;
    }

    /** @return the system's class */
    public Class<? extends BaseSystem> type() {
        return slot.type;
    }

    /** @return the system's simple class name, as the console and the counters show it */
    public String name() {
        return slot.name();
    }

    /** @return the system's place in registration order among the loop's systems, from 0 */
    public int index() {
        return slot.order;
    }

    /**
     * How far simulated time lies between the system's last tick and its next: (now - last tick) / step, in
     * [0, 1]. Renderers blend the previous and current state by it. Every-frame systems are always current: 1.
     *
     * @return the system's alpha
     */
    public float alpha() {
        return scheduler.alpha(slot, time.nowNanos());
    }

    /**
     * Whether the system runs: Artemis's {@code setEnabled(false)} skips it (a fixed-step system's ticks are then
     * consumed without running). The same answer as {@code system.isEnabled()}, in constant time: Artemis's own
     * check scans the registered systems for the class.
     *
     * @return whether the system is enabled
     */
    public boolean isEnabled() {
        return !strategy.isDisabled(slot.bagIndex);
    }

    /** @return whether the system runs once per frame rather than at a fixed rate */
    public boolean isEveryFrame() {
        return !slot.isFixedStep();
    }

    /** @return whether a fixed-rate system is throttled ({@code @TickRate(catchUp = false)}) */
    public boolean isThrottled() {
        return slot.kind == SystemSlot.Kind.THROTTLED;
    }

    /**
     * @return the rate a fixed-step system ticks at, in Hz (rounded to a millihertz as used)
     * @throws IllegalStateException if the system runs every frame: it has no rate (check {@link #isEveryFrame()})
     */
    public double rate() {
        TickSchedule schedule = slot.schedule;
        if (schedule == null) {
            throw new IllegalStateException(slot.name() + " runs every frame: it has no rate");
        }
        return schedule.rate.hz();
    }

    /** @return the system's phase, a fraction of its step in [0, 1) */
    public double phase() {
        return slot.phasePpm / (double) TickSchedule.PHASE_ONE;
    }

    SystemSlot slot() {
        return slot;
    }

    @Override
    public String toString() {
        return slot.name();
    }
}
