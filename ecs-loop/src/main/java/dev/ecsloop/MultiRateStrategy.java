package dev.ecsloop;

import com.artemis.SystemInvocationStrategy;
import dev.ecsloop.time.Clock;

/**
 * The Artemis extension point through which {@link GameLoop} runs plain Artemis systems. Each
 * {@code world.process()} the loop makes runs one <em>pass</em>: one tick instant, the every-frame systems, or
 * nothing but the entity flush. Artemis applies deletions, frees entity ids and purges components at the end of
 * every {@code world.process()}, so each instant is its own pass: what a tick deletes is gone before
 * the next instant, exactly as if the game called {@code world.process()} once per instant, and entity ids
 * depend on simulated time only, never on how many instants a frame held.
 *
 * <p>As Artemis's own strategy does, it applies pending entity changes before each system, so what one system
 * creates or changes is visible to the next, and it honours {@code setEnabled(false)}. A disabled fixed-step
 * system's ticks are consumed without running, so enabling it later causes no burst.
 *
 * <p>A {@code world.process()} the loop did not arm is refused with {@link IllegalStateException}: called
 * directly, it would run the every-frame systems again with a stale delta.
 */
final class MultiRateStrategy extends SystemInvocationStrategy {

    private enum Pass { NONE, INSTANT, EVERY_FRAME, FLUSH }

    private final Clock profiler;
    // Set once by bind(): Artemis builds the world (and so the systems the scheduler reads) around this strategy.
    private Scheduler scheduler;
    private SystemSlot[] slots;
    private LoopStats stats;
    private Listeners listeners;
    /** The attached probe, or null: each hook point costs one null check without one. */
    private LoopProbe probe;

    private Pass armed = Pass.NONE;
    /** True while one of the loop's passes is on the stack. */
    private boolean processing;
    private float frameDelta;
    private long frame;
    /** The simulated time of the running every-frame pass. */
    private long frameNanos;
    /** Profiler reading at the end of the previous run (or the start of this pass). */
    private long mark;
    /** The system running, or last run: named by parallel-for messages. */
    private SystemSlot running;

    MultiRateStrategy(Clock profiler) {
        this.profiler = profiler;
    }

    /** Connects the strategy to the loop's machinery once the world, and so its systems, exist. */
    void bind(Scheduler scheduler, LoopStats stats, Listeners listeners) {
        this.scheduler = scheduler;
        this.slots = scheduler.slots();
        this.stats = stats;
        this.listeners = listeners;
    }

    /**
     * Runs the earliest pending instant as one {@code world.process()}.
     *
     * <p>An {@link Error} (a failed assertion, a stack overflow in game code) aborts the instant like an exception
     * does, so the schedules and the tick queue stay whole, and then escapes as it is.
     *
     * @return the instant
     * @throws TickFailedException if a system or tick listener throws; the instant is aborted
     */
    long runInstant() {
        try {
            pass(Pass.INSTANT);
        } catch (Throwable e) {
            // Whatever it is (an Error, a checked exception thrown undeclared), the instant is aborted first.
            scheduler.abortInstant();
            try {
                pass(Pass.FLUSH);
            } catch (Throwable flush) {
                e.addSuppressed(flush);
            }
            throw e;
        }
        return scheduler.lastInstant();
    }

    /** Applies pending entity changes and purges deletions in one pass that runs no system. */
    void flush() {
        pass(Pass.FLUSH);
    }

    /**
     * Runs the every-frame systems of frame {@code frame}, at simulated time {@code simNanos} with delta
     * {@code deltaNanos}, as one pass.
     */
    void runEveryFrame(long frame, long simNanos, long deltaNanos) {
        this.frame = frame;
        this.frameNanos = simNanos;
        this.frameDelta = (float) (deltaNanos / 1e9);
        pass(Pass.EVERY_FRAME);
    }

    /**
     * One {@code world.process()} running {@code pass}. {@link Pass#FLUSH} runs no system: it applies pending
     * entity changes and lets Artemis purge deletions, after a failed instant left them pending.
     */
    private void pass(Pass pass) {
        armed = pass;
        processing = true;
        try {
            world.process();
        } finally {
            armed = Pass.NONE;
            processing = false;
        }
    }

    LoopProbe probe() {
        return probe;
    }

    /** Attaches {@code probe} (or detaches with null), handing it the profiler clock. */
    void setProbe(LoopProbe probe) {
        if (probe != null && probe != this.probe) {
            probe.attached(profiler);
        }
        this.probe = probe;
    }

    /**
     * Whether the system at {@code bagIndex} in Artemis's systems bag is disabled, in constant time: Artemis's own
     * {@code isEnabled} finds a system's bit by scanning the bag for its class.
     */
    boolean isDisabled(int bagIndex) {
        return disabled.get(bagIndex);
    }

    /** The name of the system running (or last run, or "no system"), for parallel-for messages. */
    String runningName() {
        SystemSlot slot = running;
        return slot == null || !processing ? "(no system)" : slot.name();
    }

    /** Whether a pass is running: a system, a tick listener or Artemis is on the stack. */
    boolean isProcessing() {
        return processing;
    }

    @Override
    protected void process() {
        Pass pass = armed;
        armed = Pass.NONE;
        if (pass == Pass.NONE) {
            throw new LoopMisuseException("world.process() called on a GameLoop's world: the loop processes"
                    + " its world itself; call loop.frame() or loop.step()");
        }
        mark = profiler.nanoTime();
        if (pass == Pass.INSTANT) {
            instant();
        } else if (pass == Pass.EVERY_FRAME) {
            everyFrame();
        }
        updateEntityStates();
    }

    private void instant() {
        long at = scheduler.beginInstant();
        int order;
        while ((order = scheduler.nextDue()) >= 0) {
            tick(slots[order], at);
        }
        scheduler.endInstant();
    }

    private void everyFrame() {
        for (SystemSlot slot : scheduler.everyFrame()) {
            if (Scheduler.runsInFrame(slot, frame) && !disabled.get(slot.bagIndex)) {
                updateEntityStates();
                run(slot, frameDelta, frameNanos);
            }
        }
    }

    /** One fixed tick of one system at {@code at}: consumed even when the system is disabled. */
    private void tick(SystemSlot slot, long at) {
        if (disabled.get(slot.bagIndex)) {
            return;
        }
        float delta = scheduler.deltaAt(slot, at);
        updateEntityStates();
        for (TickListener listener : listeners.tick) {
            try {
                listener.beforeTick(slot.system, at);
            } catch (LoopMisuseException e) {
                throw e;
            } catch (Exception e) {
                // Checked ones too: Kotlin or Scala listeners throw them undeclared.
                throw new TickFailedException(slot.type, at, listener, e);
            }
        }
        run(slot, delta, at);
    }

    /**
     * Runs one system. Its cost is measured from the end of the previous run, so it includes the entity-state
     * update and listeners just before it: one profiler read per run instead of two.
     *
     * @param at the tick's instant, or the frame's simulated time for an every-frame run
     */
    private void run(SystemSlot slot, float delta, long at) {
        world.delta = delta;
        running = slot;
        try {
            slot.system.process();
        } catch (LoopMisuseException e) {
            throw e;
        } catch (Exception e) {
            // Checked ones too: systems written in Kotlin or Scala throw them undeclared.
            throw new TickFailedException(slot.type, at, null, e);
        } finally {
            long end = profiler.nanoTime();
            stats.recordRun(slot.order, end - mark);
            LoopProbe p = probe;
            if (p != null) {
                p.ran(slot.order, mark, end, at);
            }
            mark = end;
        }
    }
}
