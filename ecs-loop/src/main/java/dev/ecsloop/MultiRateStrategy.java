package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.SystemInvocationStrategy;
import dev.ecsloop.time.Clock;

/**
 * The Artemis extension point that makes ecs-loop work with plain Artemis systems: {@code World.process()}
 * calls {@link #process()}, which runs every fixed-step tick due by the frame's simulated time in exact time
 * order (ties in registration order), then the every-frame systems.
 *
 * <p>As Artemis's own strategy does, it applies pending entity changes before each system and once at the end,
 * so what one system creates or changes is visible to the next, and it honours {@code setEnabled(false)}.
 * A disabled fixed-step system's ticks are consumed without running, so enabling it later causes no burst.
 *
 * <p>The due fixed-step systems sit in a binary min-heap keyed by their exact next tick time, so a frame costs
 * O(ticks * log systems) and allocates nothing.
 */
final class MultiRateStrategy extends SystemInvocationStrategy {

    private final Clock profiler;
    private LoopStats stats;
    private SystemSlot[] slots = new SystemSlot[0];
    private SystemSlot[] heap = new SystemSlot[0];
    private int heapSize;
    private TickListener[] listeners = new TickListener[0];

    // Set by prepare() for the next process() call.
    private long target;
    private float frameDelta;
    private boolean fixedOnly;
    private long tickNanos;
    /** Profiler reading at the end of the previous run (or the start of this process() call). */
    private long mark;

    MultiRateStrategy(Clock profiler) {
        this.profiler = profiler;
    }

    void configure(SystemSlot[] scheduled, LoopStats stats) {
        this.slots = scheduled;
        this.stats = stats;
        this.heap = new SystemSlot[scheduled.length];
        rebuildHeap();
    }

    /** Call after any change of a slot's kind or schedule. */
    void rebuildHeap() {
        heapSize = 0;
        for (SystemSlot slot : slots) {
            if (slot.isFixedStep()) {
                heap[heapSize++] = slot;
            }
        }
        for (int i = heapSize / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    void addListener(TickListener listener) {
        TickListener[] grown = java.util.Arrays.copyOf(listeners, listeners.length + 1);
        grown[listeners.length] = listener;
        listeners = grown;
    }

    void removeListener(TickListener listener) {
        listeners = GameLoop.without(listeners, listener);
    }

    /**
     * Sets what the next {@code world.process()} does: run the ticks due by {@code targetNanos}, then (unless
     * {@code onlyFixed}) the every-frame systems with {@code frameDeltaNanos} as their delta.
     */
    void prepare(long targetNanos, long frameDeltaNanos, boolean onlyFixed) {
        this.target = targetNanos;
        this.frameDelta = (float) (frameDeltaNanos / 1e9);
        this.fixedOnly = onlyFixed;
    }

    /** The earliest whole nanosecond at which some fixed-step system is due, or -1 if there is none. */
    long nextDueNanos() {
        return heapSize == 0 ? -1 : heap[0].schedule.dueCeilNanos();
    }

    /** Simulated time of the tick running now (valid inside a fixed tick). */
    long tickNanos() {
        return tickNanos;
    }

    @Override
    protected void process() {
        mark = profiler.nanoTime();
        skipMissedThrottledRuns();
        while (heapSize > 0 && heap[0].schedule.isDueBy(target)) {
            SystemSlot slot = heap[0];
            TickSchedule schedule = slot.schedule;
            long at = schedule.dueCeilNanos();
            schedule.advance();
            siftDown(0);
            if (disabled.get(slot.bagIndex)) {
                continue;
            }
            float delta;
            if (slot.kind == SystemSlot.Kind.THROTTLED) {
                delta = (float) ((at - slot.lastRunNanos) / 1e9);
                slot.lastRunNanos = at;
            } else {
                delta = schedule.rate.stepSeconds();
            }
            tickNanos = at;
            updateEntityStates();
            for (TickListener listener : listeners) {
                listener.beforeTick(slot.system, at);
            }
            run(slot, delta, at);
        }
        tickNanos = target;
        if (!fixedOnly) {
            for (SystemSlot slot : slots) {
                if (slot.kind == SystemSlot.Kind.EVERY_FRAME && !disabled.get(slot.bagIndex)) {
                    updateEntityStates();
                    run(slot, frameDelta, target);
                }
            }
        }
        updateEntityStates();
    }

    /**
     * Runs one system. Its cost is measured from the end of the previous run, so it includes the entity-state
     * update and listeners just before it: one profiler read per run instead of two, which halves the profiling
     * overhead (about 20 ns per run with the system clock).
     */
    private void run(SystemSlot slot, float delta, long at) {
        world.delta = delta;
        try {
            slot.system.process();
        } catch (RuntimeException e) {
            updateEntityStates();
            throw new TickFailedException(slot.type, at, e);
        } finally {
            long end = profiler.nanoTime();
            stats.recordRun(slot.order, end - mark);
            mark = end;
        }
    }

    /**
     * A throttled system runs at most once per frame, at its latest occurrence due by the target: move each due
     * one to that occurrence before the ticks are ordered.
     */
    private void skipMissedThrottledRuns() {
        boolean moved = false;
        for (int i = 0; i < heapSize; i++) {
            SystemSlot slot = heap[i];
            if (slot.kind == SystemSlot.Kind.THROTTLED && slot.schedule.skipToLatestDueBy(target)) {
                moved = true;
            }
        }
        if (moved) {
            for (int i = heapSize / 2 - 1; i >= 0; i--) {
                siftDown(i);
            }
        }
    }

    private void siftDown(int i) {
        SystemSlot moving = heap[i];
        int half = heapSize >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < heapSize && SystemSlot.runsBefore(heap[right], heap[child])) {
                child = right;
            }
            if (!SystemSlot.runsBefore(heap[child], moving)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = moving;
    }
}
