package dev.ecsloop;

import dev.ecsloop.time.Clock;

/**
 * Runs frames and single-steps: reads the clock once per frame, has {@link SimulatedTime} turn the real time
 * into simulated time, runs each instant due by then through the strategy, then the every-frame systems, and
 * ends the frame early where a tick fails or pauses the game.
 *
 * <p>It also knows where in a frame the loop is, and so the instant at which a control change takes effect:
 * inside an instant, that instant; in a frame listener (before any tick), the simulated time the frame began at;
 * elsewhere, simulated time now.
 *
 * <p>Not thread-safe: the loop thread owns it.
 */
final class FrameDriver {

    private final Clock clock;
    private final SimulatedTime time;
    private final Scheduler scheduler;
    private final MultiRateStrategy strategy;
    private final LoopStats stats;
    private final Listeners listeners;
    /** The latest clock reading: real time only ever moves forward from here. */
    private long realHighWater;
    /** Frames started so far; the running frame's number while one runs. */
    private long frames;
    private boolean inFrame;
    /**
     * While the frame listeners run, the simulated time the frame began at, else -1. None of the frame's ticks
     * has run yet then, so a control a listener makes takes effect there, as if made between frames.
     */
    private long beforeTicksNanos = -1;

    FrameDriver(Clock clock, SimulatedTime time, Scheduler scheduler, MultiRateStrategy strategy, LoopStats stats,
                Listeners listeners, long startRealNanos) {
        this.clock = clock;
        this.time = time;
        this.scheduler = scheduler;
        this.strategy = strategy;
        this.stats = stats;
        this.listeners = listeners;
        this.realHighWater = startRealNanos;
    }

    /** One frame; see {@link GameLoop#frame()}. */
    void frame() {
        inFrame = true;
        frames++;
        long start = time.nowNanos();
        try {
            long now = clock.nanoTime();
            long realStart = realHighWater;
            long real = now > realHighWater ? saturatedSubtract(now, realHighWater) : 0;
            realHighWater = Math.max(realHighWater, now);
            time.advance(real);
            stats.beginFrame(realHighWater);
            long target = time.nowNanos();
            LoopProbe probe = strategy.probe();
            if (probe != null) {
                probe.frameBegan(frames, realHighWater, start, target);
            }
            beforeTicks(start, realStart, target);
            boolean ranAnInstant = false;
            if (time.isPaused()) {
                // Paused by a frame listener, before any tick: the frame's advance is paused time.
                time.pauseAt(start);
            } else {
                ranAnInstant = runInstantsUpTo(target);
            }
            if (!ranAnInstant || scheduler.everyFrame().length > 0) {
                // Otherwise nothing to run, and nothing pending: the last instant's pass applied and purged every
                // entity change, and no game code ran since. Spare Artemis an empty pass.
                strategy.runEveryFrame(frames, time.nowNanos(), time.nowNanos() - start);
            }
        } finally {
            stats.endFrame(time.lastFrameHitBound());
            LoopProbe probe = strategy.probe();
            if (probe != null) {
                probe.frameEnded(frames, time.nowNanos(), time.lastFrameHitBound(), time.lastFrameHeld());
            }
            inFrame = false;
        }
    }

    /** Where a frame started now would take simulated time, horizon aside; see {@link GameLoop#frameTargetNanos()}. */
    long frameTargetNanos() {
        long now = clock.nanoTime();
        return time.reachAfter(now > realHighWater ? saturatedSubtract(now, realHighWater) : 0);
    }

    /** Tells the frame listeners; if one throws, no tick ran and the frame ends where it began. */
    private void beforeTicks(long start, long realStart, long target) {
        beforeTicksNanos = start;
        try {
            for (FrameListener listener : listeners.frame) {
                listener.beforeSystems(realStart, realHighWater, time.lastWantedStart(), time.lastWantedEnd(),
                        target);
            }
        } catch (Throwable e) {
            // The frame's time is handled like time past the catch-up bound.
            time.endFrameAt(start);
            throw e;
        } finally {
            beforeTicksNanos = -1;
        }
    }

    /**
     * Runs every instant due by {@code target}, ending the frame early where a tick fails or pauses the game.
     *
     * @return whether at least one instant ran
     */
    private boolean runInstantsUpTo(long target) {
        scheduler.skipMissedThrottledRuns(target, strategy.probe());
        boolean ran = false;
        while (scheduler.hasDueBy(target)) {
            ran = true;
            long at;
            try {
                at = strategy.runInstant();
            } catch (Throwable e) {
                // An Error too: it escapes as it is, but the frame still ends at the failed tick's instant.
                time.endFrameAt(scheduler.lastInstant());
                throw e;
            }
            if (time.isPaused()) {
                // Paused by a tick: simulated time stops at that tick's instant, whatever the frame's length.
                time.pauseAt(at);
                return true;
            }
        }
        return ran;
    }

    /**
     * Moves simulated time to the next instant at which a fixed-step system is due and runs it (no every-frame
     * system); see {@link GameLoop#step()}.
     *
     * @return whether an instant ran: false with no fixed-step system, or the next instant past the horizon
     */
    boolean singleStep() {
        long next = scheduler.nextInstant();
        if (next < 0 || !time.mayReach(next)) {
            return false;
        }
        time.skip(Math.max(0, next - time.nowNanos()));
        strategy.runInstant();
        return true;
    }

    /**
     * Refuses to start a frame or a single-step while one (or one of its passes) is running.
     *
     * @throws LoopMisuseException if called from inside one of the loop's own systems or listeners
     */
    void checkNotRunning(String what) {
        if (isRunning()) {
            throw new LoopMisuseException("GameLoop." + what + " called from inside one of the loop's own"
                    + " systems or listeners; frames and single-steps run one at a time, from the loop's thread");
        }
    }

    /** The instant at which a control change made now takes effect. */
    long controlInstant() {
        if (scheduler.inInstant()) {
            return scheduler.lastInstant();
        }
        return beforeTicksNanos >= 0 ? beforeTicksNanos : time.nowNanos();
    }

    /** Inside an instant, its simulated time; elsewhere simulated time now. */
    long tickNanos() {
        return scheduler.inInstant() ? scheduler.lastInstant() : time.nowNanos();
    }

    /** Attaches a probe to the frames and runs (see {@link GameLoop#setProbe}), or detaches with null. */
    void setProbe(LoopProbe probe) {
        strategy.setProbe(probe);
    }

    LoopProbe probe() {
        return strategy.probe();
    }

    /** Applies pending entity changes in a pass that runs no system (a snapshot is taken of a settled world). */
    void flushEntities() {
        strategy.flush();
    }

    /** The latest clock reading. */
    long realHighWater() {
        return realHighWater;
    }

    /** Whether a frame, a single-step or one of their passes is running. */
    boolean isRunning() {
        return inFrame || strategy.isProcessing();
    }

    /** Frames started so far. */
    long frames() {
        return frames;
    }

    private static long saturatedSubtract(long a, long b) {
        long diff = a - b;
        return ((a ^ b) & (a ^ diff)) < 0 ? Long.MAX_VALUE : diff;
    }
}
