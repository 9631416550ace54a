package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.ComponentManager;
import com.artemis.AspectSubscriptionManager;
import com.artemis.EntityManager;
import com.artemis.SystemInvocationStrategy;
import com.artemis.World;
import com.artemis.WorldConfiguration;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.ImmutableBag;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.time.Clock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A multi-rate fixed-step game loop over an Artemis-odb world.
 *
 * <p>Each {@link #frame()} reads the clock once, turns the real time since the previous frame into simulated time
 * (scaled, paused, and bounded by the catch-up limit), runs every fixed-step tick that became due in exact
 * simulated-time order, then runs the every-frame systems once. The simulation therefore depends only on
 * simulated time and inputs, never on how real time was split into frames, as long as no frame hits the bound.
 *
 * <pre>{@code
 * GameLoop loop = GameLoop.builder()
 *         .world(new WorldConfigurationBuilder().with(new AiSystem(), new PhysicsSystem(), new RenderSystem()))
 *         .build();
 * while (running) loop.frame();
 * }</pre>
 *
 * <p>A {@code GameLoop} is confined to one thread: call everything from the thread that calls {@link #frame()}.
 */
public final class GameLoop {

    private final Clock clock;
    private final World world;
    private final MultiRateStrategy strategy;
    private final Scheduler scheduler;
    private final SystemSlot[] slots;
    private final SimulatedTime time;
    private final LoopStats stats;
    private final Listeners listeners = new Listeners();
    private DebtPolicy debtPolicy;
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
    /** The loop's thread: the first that ran a frame or a step; null before. */
    private volatile Thread owner;

    private GameLoop(Builder b, World world, MultiRateStrategy strategy, SystemSlot[] slots) {
        this.clock = b.clock;
        this.world = world;
        this.strategy = strategy;
        this.slots = slots;
        this.scheduler = new Scheduler(slots);
        this.debtPolicy = b.debtPolicy;
        this.time = new SimulatedTime(b.maxCatchUp.toNanos(), b.debtPolicy == DebtPolicy.KEEP);
        this.realHighWater = clock.nanoTime();
        this.stats = new LoopStats(slots, realHighWater);
        strategy.configure(scheduler, stats, listeners);
    }

    /**
     * A builder with the defaults: system clock, 250 ms catch-up bound, {@link DebtPolicy#DISCARD}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs one frame: reads the clock once, advances simulated time, runs each due tick instant in simulated-time
     * order (each instant as its own Artemis processing step) and then the every-frame systems.
     *
     * <p>Real time only moves forward: a clock reading earlier than the latest one advances nothing.
     *
     * @throws TickFailedException   if a system or tick listener throws; the frame ends at that tick's instant
     *                               and the loop stays usable
     * @throws RuntimeException      what a frame listener throws; the frame then ends before any tick
     * @throws Error                 what a system or listener throws as an {@link Error}, unwrapped; the frame ends
     *                               as for an exception (at the tick's instant, or before any tick) and the loop
     *                               stays usable
     * @throws IllegalStateException if called from inside one of this loop's systems or listeners, or from a
     *                               thread other than the loop's
     */
    public void frame() {
        enter("frame()");
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
            strategy.setFrameNanos(target);
            beforeTicksNanos = start;
            try {
                for (FrameListener listener : listeners.frame) {
                    listener.beforeSystems(realStart, realHighWater, time.lastWantedStart(), time.lastWantedEnd(),
                            target);
                }
            } catch (Throwable e) {
                // No tick ran: the frame ends where it began, its time handled like time past the bound.
                time.endFrameAt(start);
                strategy.setFrameNanos(start);
                throw e;
            } finally {
                beforeTicksNanos = -1;
            }
            boolean ranAnInstant = false;
            if (time.isPaused()) {
                // Paused by a frame listener, before any tick: the frame's advance is paused time.
                time.pauseAt(start);
                strategy.setFrameNanos(start);
            } else {
                ranAnInstant = runInstantsUpTo(target);
            }
            if (ranAnInstant && scheduler.everyFrame().length == 0) {
                // Nothing to run, and nothing pending: the last instant's processing step applied and purged
                // every entity change, and no game code ran since. Spare Artemis an empty step.
                strategy.setFrameNanos(time.nowNanos());
            } else {
                strategy.runEveryFrame(frames, time.nowNanos(), time.nowNanos() - start);
            }
        } finally {
            stats.endFrame(time.lastAdvanceCapped());
            inFrame = false;
        }
    }

    /**
     * Runs every instant due by {@code target}, ending the frame early where a tick fails or pauses the game.
     *
     * @return whether at least one instant ran
     */
    private boolean runInstantsUpTo(long target) {
        scheduler.skipMissedThrottledRuns(target);
        boolean ran = false;
        while (scheduler.hasDueBy(target)) {
            ran = true;
            long at;
            try {
                at = strategy.runInstant();
            } catch (Throwable e) {
                // An Error too: it escapes as it is, but the frame still ends at the failed tick's instant.
                long failedAt = strategy.tickNanos();
                time.endFrameAt(failedAt);
                strategy.setFrameNanos(failedAt);
                throw e;
            }
            if (time.isPaused()) {
                // Paused by a tick: simulated time stops at that tick's instant, whatever the frame's length.
                time.pauseAt(at);
                strategy.setFrameNanos(at);
                return true;
            }
        }
        return ran;
    }

    private static long saturatedSubtract(long a, long b) {
        long diff = a - b;
        return ((a ^ b) & (a ^ diff)) < 0 ? Long.MAX_VALUE : diff;
    }

    /**
     * Owns the calling thread until {@code runner} is stopped: per iteration it pumps platform events, runs one
     * {@link #frame()} (whose every-frame systems draw, once, however many ticks caught up), ends the frame and
     * waits for the next one at the runner's frame cap. {@link LoopRunner#stop()} from any
     * thread ends it after the current frame.
     *
     * @param runner paces the frames
     * @throws TickFailedException if a system throws; the runner and the loop stay usable
     */
    public void run(LoopRunner runner) {
        runner.run(this::frame);
    }

    /**
     * Single-steps while paused: advances simulated time to the next instant at which any fixed-step system is
     * due, runs that instant's ticks (no every-frame system), and stays paused. If the loop is running, it is
     * paused first. With no fixed-step system, or the next instant past the horizon, nothing runs.
     *
     * @throws TickFailedException   if a system throws
     * @throws IllegalStateException if called from inside one of this loop's systems or listeners, or from a
     *                               thread other than the loop's
     */
    public void step() {
        enter("step()");
        pause();
        long next = scheduler.nextInstant();
        if (next < 0 || !time.mayReach(next)) {
            return;
        }
        time.skip(Math.max(0, next - time.nowNanos()));
        strategy.setFrameNanos(time.nowNanos());
        strategy.runInstant();
        tell(l -> l.stepped(time.nowNanos()));
    }

    /**
     * Stops simulated time. Every-frame systems keep running with delta 0; paused real time is never caught up.
     * Called from inside a tick, the frame ends at that tick's instant; from a frame listener, before any tick.
     */
    public void pause() {
        checkThread("pause()");
        if (!time.isPaused()) {
            time.setPaused(true);
            long at = instant();
            tell(l -> l.pausedChanged(true, at));
        }
    }

    /** Restarts simulated time from where it stopped. */
    public void resume() {
        checkThread("resume()");
        if (time.isPaused()) {
            time.setPaused(false);
            long at = instant();
            tell(l -> l.pausedChanged(false, at));
        }
    }

    /** @return whether simulated time is stopped */
    public boolean isPaused() {
        checkThread("isPaused()");
        return time.isPaused();
    }

    /**
     * Sets simulated seconds per real second: 0.5 halves the ticks per real second, the step stays the same.
     * Takes effect from the next frame.
     *
     * @param scale from 0 to 1000, rounded to a millionth
     * @throws IllegalArgumentException if {@code scale} is out of range, NaN or infinite
     */
    public void setTimeScale(double scale) {
        checkThread("setTimeScale()");
        time.setScale(scale);
        long at = instant();
        tell(l -> l.timeScaleChanged(time.scale(), at));
    }

    /** @return simulated seconds per real second */
    public double timeScale() {
        checkThread("timeScale()");
        return time.scale();
    }

    /**
     * Changes a system's rate at the current instant (inside a tick, that tick's simulated time; otherwise the
     * frame's). A fixed-step system keeps its phase: its new grid passes through its previous tick, and its next
     * tick is the first point of that grid strictly after the current instant, so nothing runs in the past. An
     * every-frame system becomes fixed-step, its grid anchored at the current instant and offset by its phase.
     * A system declared {@code @TickRate(catchUp = false)} stays throttled, also after a detour through
     * {@link #setEveryFrame}. The rate a fixed-step system already has (to the millihertz) changes nothing, and no
     * listener is told: restating it must not move a tick that is due now.
     *
     * @param system a system of this loop
     * @param hz     ticks per simulated second, from 0.001 to 1,000,000 (exact to a millihertz)
     * @throws IllegalArgumentException if the system is not in this loop or the rate is bad; nothing changes
     */
    public void setRate(Class<? extends BaseSystem> system, double hz) {
        checkThread("setRate()");
        SystemSlot slot = slot(system);
        Rate rate = Rate.of(hz, slot.name());
        long at = instant();
        if (!scheduler.setRate(slot, rate, at)) {
            return;
        }
        tell(l -> l.rateChanged(system, rate.hz(), at));
    }

    /**
     * Changes where a system's ticks fall within its step, at the current instant: its grid moves by the
     * difference from the old phase, and its next tick is the first point of the moved grid strictly after the
     * current instant. For an every-frame system the phase applies when it becomes fixed-step. The phase the system
     * already has (to the millionth) changes nothing, and no listener is told.
     *
     * @param system a system of this loop
     * @param phase  a fraction of the step in [0, 1), exact to a millionth
     * @throws IllegalArgumentException if the system is not in this loop or the phase is bad; nothing changes
     */
    public void setPhase(Class<? extends BaseSystem> system, double phase) {
        checkThread("setPhase()");
        SystemSlot slot = slot(system);
        long ppm = phasePpm(phase, slot.name());
        long at = instant();
        if (!scheduler.setPhase(slot, ppm, at)) {
            return;
        }
        tell(l -> l.phaseChanged(system, ppm / (double) TickSchedule.PHASE_ONE, at));
    }

    /**
     * @param system a system of this loop
     * @return the system's phase, a fraction of its step in [0, 1)
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public double phase(Class<? extends BaseSystem> system) {
        checkThread("phase()");
        return slot(system).phasePpm / (double) TickSchedule.PHASE_ONE;
    }

    static long phasePpm(double phase, String what) {
        if (!Double.isFinite(phase) || phase < 0 || phase >= 1) {
            throw new IllegalArgumentException("bad phase for " + what + ": " + phase
                    + " (a phase is a fraction of the step, from 0 to less than 1)");
        }
        return Math.floorMod(Math.round(phase * TickSchedule.PHASE_ONE), TickSchedule.PHASE_ONE);
    }

    /**
     * Makes a system run once per frame. It stops ticking at once and runs as an every-frame system from the
     * next frame on, so it never runs twice in one frame. For a system that already runs every frame, nothing
     * changes and no listener is told.
     *
     * @param system a system of this loop
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public void setEveryFrame(Class<? extends BaseSystem> system) {
        checkThread("setEveryFrame()");
        SystemSlot slot = slot(system);
        if (!slot.isFixedStep()) {
            return;     // already every-frame: restarting it from the next frame would skip this one
        }
        long at = instant();
        scheduler.setEveryFrame(slot, frames + 1);
        tell(l -> l.rateChanged(system, 0.0, at));
    }

    /**
     * @param system a system of this loop
     * @return the rate a fixed-step system ticks at, in Hz (rounded to a millihertz as used), or 0 for an
     *         every-frame system
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public double rate(Class<? extends BaseSystem> system) {
        checkThread("rate()");
        SystemSlot slot = slot(system);
        return slot.isFixedStep() ? slot.schedule.rate.hz() : 0.0;
    }

    /**
     * @param system a system of this loop
     * @return whether the system runs once per frame rather than at a fixed rate
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public boolean isEveryFrame(Class<? extends BaseSystem> system) {
        checkThread("isEveryFrame()");
        return !slot(system).isFixedStep();
    }

    /**
     * @param system a system of this loop
     * @return whether a fixed-rate system is throttled ({@code @TickRate(catchUp = false)})
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public boolean isThrottled(Class<? extends BaseSystem> system) {
        checkThread("isThrottled()");
        return slot(system).kind == SystemSlot.Kind.THROTTLED;
    }

    /**
     * How far simulated time lies between the system's last tick and its next: (now - last tick) / step, in
     * [0, 1]. Renderers blend the previous and current state by it. Every-frame systems are always current: 1.
     *
     * @param system a system of this loop
     * @return the system's alpha
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public float alpha(Class<? extends BaseSystem> system) {
        checkThread("alpha()");
        SystemSlot slot = slot(system);
        return slot.isFixedStep() ? slot.schedule.alpha(time.nowNanos()) : 1f;
    }

    /** @return simulated time now, in nanoseconds since {@link Builder#build()} */
    public long simulatedNanos() {
        checkThread("simulatedNanos()");
        return time.nowNanos();
    }

    /**
     * @return inside a fixed tick, that tick's simulated time; elsewhere (every-frame systems, between frames),
     *         the frame's simulated time
     */
    public long tickNanos() {
        checkThread("tickNanos()");
        return strategy.tickNanos();
    }

    /**
     * Tells every control listener of a change. One listener that throws does not keep the change from the
     * others (a recorder registered after a failing display still journals it); the first failure is rethrown
     * once all were told, later ones suppressed in it.
     */
    private void tell(java.util.function.Consumer<ControlListener> change) {
        Throwable failure = null;
        for (ControlListener l : listeners.control) {
            try {
                change.accept(l);
            } catch (RuntimeException | Error e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    /** The instant at which a control change made now takes effect. */
    private long instant() {
        if (strategy.inTick()) {
            return strategy.tickNanos();
        }
        return beforeTicksNanos >= 0 ? beforeTicksNanos : time.nowNanos();
    }

    /** @return simulated time owed to later frames under {@link DebtPolicy#KEEP} */
    public long debtNanos() {
        checkThread("debtNanos()");
        return time.debtNanos();
    }

    /** @return simulated time dropped at the catch-up bound or the horizon under {@link DebtPolicy#DISCARD} */
    public long droppedNanos() {
        checkThread("droppedNanos()");
        return time.droppedNanos();
    }

    /** @return the catch-up bound: the most simulated time one frame may cover */
    public Duration maxCatchUp() {
        checkThread("maxCatchUp()");
        return Duration.ofNanos(time.maxCatchUpNanos());
    }

    /**
     * Sets the catch-up bound from the next frame on.
     *
     * @param bound the most simulated time one frame may cover
     * @throws IllegalArgumentException if {@code bound} is null, not positive or longer than 200 years
     */
    public void setMaxCatchUp(Duration bound) {
        checkThread("setMaxCatchUp()");
        long nanos = catchUpNanos(bound);
        time.setMaxCatchUp(nanos);
        long at = instant();
        tell(l -> l.catchUpChanged(nanos, at));
    }

    static long catchUpNanos(Duration bound) {
        if (bound == null || bound.isZero() || bound.isNegative()
                || bound.compareTo(Duration.ofNanos(SimulatedTime.END_NANOS)) > 0) {
            throw new IllegalArgumentException("bad catch-up bound: " + bound
                    + " (must be positive and at most 200 years)");
        }
        return bound.toNanos();
    }

    /** @return what happens to time past the catch-up bound */
    public DebtPolicy debtPolicy() {
        checkThread("debtPolicy()");
        return debtPolicy;
    }

    /**
     * Switches the debt policy; switching to DISCARD drops the current debt.
     *
     * @param policy the new policy
     */
    public void setDebtPolicy(DebtPolicy policy) {
        checkThread("setDebtPolicy()");
        time.setKeepDebt(Objects.requireNonNull(policy, "policy") == DebtPolicy.KEEP);
        this.debtPolicy = policy;
        long at = instant();
        tell(l -> l.debtPolicyChanged(policy, at));
    }

    /**
     * Sets the simulation horizon: simulated time never advances past it, while frames (and every-frame systems)
     * go on. Lockstep networking sets it to the last instant for which every peer's input is known. Real time
     * held back at the horizon is handled like time past the catch-up bound: kept as debt under
     * {@link DebtPolicy#KEEP}, so the game catches up once the horizon moves on, dropped under
     * {@link DebtPolicy#DISCARD}. Takes effect from the next frame.
     *
     * @param simulatedNanos the latest simulated time the loop may reach
     * @throws IllegalArgumentException if {@code simulatedNanos} is negative
     */
    public void setHorizon(long simulatedNanos) {
        checkThread("setHorizon()");
        time.setHorizon(simulatedNanos);
    }

    /** Removes the horizon: simulated time follows real time again. */
    public void clearHorizon() {
        checkThread("clearHorizon()");
        time.setHorizon(SimulatedTime.NO_HORIZON);
    }

    /** @return the simulation horizon, or {@link Long#MAX_VALUE} when there is none */
    public long horizonNanos() {
        checkThread("horizonNanos()");
        return time.horizonNanos();
    }

    /** @return whether the last frame was held back by the horizon */
    public boolean isHeldAtHorizon() {
        checkThread("isHeldAtHorizon()");
        return time.lastAdvanceHeld();
    }

    /**
     * Registers a listener called before every fixed tick.
     *
     * @param listener the listener; it must not allocate
     */
    public void addTickListener(TickListener listener) {
        checkThread("addTickListener()");
        listeners.tick = Listeners.with(listeners.tick, listener);
    }

    /**
     * Registers a listener called at the start of every frame, before any system runs.
     *
     * @param listener the listener; it must not allocate
     */
    public void addFrameListener(FrameListener listener) {
        checkThread("addFrameListener()");
        listeners.frame = Listeners.with(listeners.frame, listener);
    }

    /**
     * Registers a listener told of every control change (rate, phase, scale, pause, step, catch-up, debt).
     *
     * @param listener the listener
     */
    public void addControlListener(ControlListener listener) {
        checkThread("addControlListener()");
        listeners.control = Listeners.with(listeners.control, listener);
    }

    /**
     * Unregisters a control listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeControlListener(ControlListener listener) {
        checkThread("removeControlListener()");
        listeners.control = Listeners.without(listeners.control, listener);
    }

    /**
     * Unregisters a frame listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeFrameListener(FrameListener listener) {
        checkThread("removeFrameListener()");
        listeners.frame = Listeners.without(listeners.frame, listener);
    }

    /**
     * Unregisters a tick listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeTickListener(TickListener listener) {
        checkThread("removeTickListener()");
        listeners.tick = Listeners.without(listeners.tick, listener);
    }

    /** @return the scheduled systems in registration order (Artemis's internal managers excluded) */
    public List<Class<? extends BaseSystem>> systems() {
        List<Class<? extends BaseSystem>> out = new ArrayList<>(slots.length);
        for (SystemSlot slot : slots) {
            out.add(slot.type);
        }
        return List.copyOf(out);
    }

    /** @return the Artemis world; do not call its {@code process()}: the loop does */
    public World world() {
        return world;
    }

    /** @return the real-time source */
    public Clock clock() {
        return clock;
    }

    /** @return the loop's counters; readable from any thread, with figures possibly a frame apart */
    public LoopStats stats() {
        return stats;
    }

    private SystemSlot slot(Class<? extends BaseSystem> system) {
        for (SystemSlot slot : slots) {
            if (slot.type == system) {
                return slot;
            }
        }
        throw new IllegalArgumentException("no system " + (system == null ? "null" : system.getName())
                + " in this loop");
    }

    /**
     * The loop's schedules and simulated time as snapshot state, and an entity flush: the hook through which
     * {@link dev.ecsloop.snapshot.Snapshots} captures and restores a loop. Games use {@code Snapshots}.
     *
     * @return the hook, bound to this loop
     * @throws IllegalStateException if called from a thread other than the loop's
     */
    public dev.ecsloop.snapshot.LoopHooks snapshotState() {
        checkThread("snapshotState()");
        return new LoopState(this);
    }

    SimulatedTime time() {
        return time;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    MultiRateStrategy strategy() {
        return strategy;
    }

    long realHighWater() {
        return realHighWater;
    }

    /** Whether a frame, a step or one of the loop's passes is running. */
    boolean busy() {
        return inFrame || strategy.isProcessing();
    }

    /** The debt policy a snapshot restored, set without telling listeners (nothing was changed by a control). */
    void restoredDebtPolicy(DebtPolicy policy) {
        this.debtPolicy = policy;
    }

    /** Guards frame() and step(): confined to the loop's thread and never re-entered from a pass. */
    private void enter(String what) {
        if (owner == null) {
            claim();
        }
        checkThread(what);
        if (inFrame || strategy.isProcessing()) {
            throw new LoopMisuseException("GameLoop." + what + " called from inside one of the loop's own"
                    + " systems or listeners; frames and steps run one at a time, from the loop's thread");
        }
    }

    /** The first thread to run a frame or a step becomes the loop's; two racing for it cannot both win. */
    private synchronized void claim() {
        if (owner == null) {
            owner = Thread.currentThread();
        }
    }

    private void checkThread(String what) {
        Thread current = Thread.currentThread();
        if (owner != null && current != owner) {
            throw new LoopMisuseException("GameLoop." + what + " called from thread \"" + current.getName()
                    + "\"; a loop is confined to its own thread \"" + owner.getName()
                    + "\" (the first to run a frame): hand work to it, e.g. through the console's queue");
        }
    }

    /** Configures and builds a {@link GameLoop}. */
    public static final class Builder {

        private WorldConfigurationBuilder worldBuilder;
        private WorldConfiguration worldConfig;
        private Clock clock = Clock.system();
        private Clock profiler = Clock.system();
        private Duration maxCatchUp = Duration.ofMillis(250);
        private DebtPolicy debtPolicy = DebtPolicy.DISCARD;

        private Builder() {
        }

        /**
         * The world's configuration, as a builder; the loop registers its own invocation strategy on it. This or
         * {@link #world(WorldConfiguration)} is required.
         *
         * @param config the systems and plugins; it must not register an invocation strategy of its own
         * @return this builder
         */
        public Builder world(WorldConfigurationBuilder config) {
            this.worldBuilder = Objects.requireNonNull(config, "world");
            this.worldConfig = null;
            return this;
        }

        /**
         * The world's configuration, for what only {@link WorldConfiguration} carries (named {@code @Wire}
         * objects, a custom injector, the expected entity count); the loop sets its own invocation strategy on it.
         *
         * @param config the configuration; it must not carry an invocation strategy of its own
         * @return this builder
         */
        public Builder world(WorldConfiguration config) {
            this.worldConfig = Objects.requireNonNull(config, "world");
            this.worldBuilder = null;
            return this;
        }

        /**
         * The real-time source, read once at {@link #build()} (time zero) and once per frame.
         *
         * @param clock the clock; tests pass a {@link dev.ecsloop.time.ManualClock}
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * The clock that times each system's run for {@link LoopStats}; the system clock by default. Kept apart
         * from {@link #clock(Clock)} so that measuring cost never touches simulated time.
         *
         * <p>Timing costs one clock read per system run: with trivial systems that is most of the loop's own cost
         * (figures in {@code ecs-loop/docs/BENCHMARKS.md}). A build that never shows costs can pass a constant
         * clock, {@code () -> 0L}: the reads vanish and the cost figures read 0.
         *
         * @param profiler the clock that times system runs
         * @return this builder
         */
        public Builder profiler(Clock profiler) {
            this.profiler = Objects.requireNonNull(profiler, "profiler");
            return this;
        }

        /**
         * The catch-up bound: the most simulated time one frame may cover; 250 ms by default.
         *
         * @param bound positive, at most 200 years
         * @return this builder
         * @throws IllegalArgumentException if {@code bound} is null, not positive or longer than 200 years
         */
        public Builder maxCatchUp(Duration bound) {
            catchUpNanos(bound);
            this.maxCatchUp = bound;
            return this;
        }

        /**
         * What happens to time past the catch-up bound; {@link DebtPolicy#DISCARD} by default.
         *
         * @param policy keep it as debt or drop it
         * @return this builder
         */
        public Builder debtPolicy(DebtPolicy policy) {
            this.debtPolicy = Objects.requireNonNull(policy, "debtPolicy");
            return this;
        }

        /**
         * Builds the world and the loop. The clock is read here: this is time zero.
         *
         * @return the loop, at simulated time 0
         * @throws IllegalArgumentException if no world was given, the configuration carries its own invocation
         *                                  strategy, or a system has a bad rate or phase or both
         *                                  {@link TickRate} and {@link EveryFrame}; the message names it
         */
        public GameLoop build() {
            if (worldConfig == null && worldBuilder == null) {
                throw new IllegalArgumentException("GameLoop.builder() needs world(...)");
            }
            WorldConfiguration config = worldConfig != null ? worldConfig : worldBuilder.build();
            SystemInvocationStrategy theirs = ownStrategyOf(config);
            if (theirs != null) {
                throw new IllegalArgumentException("the world configuration registers its own invocation strategy, "
                        + theirs.getClass().getName() + "; a GameLoop runs the world through its own");
            }
            MultiRateStrategy strategy = new MultiRateStrategy(profiler);
            config.setInvocationStrategy(strategy);
            World world = new World(config);
            SystemSlot[] slots;
            try {
                slots = slotsOf(world);
            } catch (IllegalArgumentException e) {
                world.dispose();
                throw e;
            }
            return new GameLoop(this, world, strategy, slots);
        }

        /** The strategy a configuration carries; Artemis keeps it in a field with no getter. */
        private static SystemInvocationStrategy ownStrategyOf(WorldConfiguration config) {
            try {
                java.lang.reflect.Field field = WorldConfiguration.class.getDeclaredField("invocationStrategy");
                field.setAccessible(true);
                return (SystemInvocationStrategy) field.get(config);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("cannot read the world configuration's invocation strategy"
                        + " (Artemis-odb version other than 2.3?): " + e, e);
            }
        }

        /**
         * The {@link TickRate} that decides how {@code type} runs: the nearest class in its hierarchy that declares
         * {@code @TickRate} or {@code @EveryFrame} decides, so a subclass's own annotation of either kind overrides
         * what it inherits; null for every-frame.
         *
         * @throws IllegalArgumentException if that class declares both
         */
        private static TickRate nearestTickRate(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                TickRate tickRate = c.getDeclaredAnnotation(TickRate.class);
                boolean everyFrame = c.getDeclaredAnnotation(EveryFrame.class) != null;
                if (tickRate != null && everyFrame) {
                    throw new IllegalArgumentException("system " + type.getName()
                            + (c == type ? "" : " inherits from " + c.getName() + ", which")
                            + " carries both @TickRate and @EveryFrame");
                }
                if (tickRate != null || everyFrame) {
                    return tickRate;
                }
            }
            return null;
        }

        private static SystemSlot[] slotsOf(World world) {
            ImmutableBag<BaseSystem> systems = world.getSystems();
            List<SystemSlot> out = new ArrayList<>();
            for (int i = 0; i < systems.size(); i++) {
                BaseSystem system = systems.get(i);
                if (system instanceof ComponentManager || system instanceof EntityManager
                        || system instanceof AspectSubscriptionManager) {
                    continue;
                }
                TickRate tickRate = nearestTickRate(system.getClass());
                SystemSlot slot = new SystemSlot(system, i, out.size(), tickRate == null || tickRate.catchUp());
                if (tickRate != null) {
                    Rate rate = Rate.of(tickRate.value(), system.getClass().getName());
                    slot.phasePpm = phasePpm(tickRate.phase(), system.getClass().getName());
                    slot.kind = slot.fixedKind();
                    slot.schedule = new TickSchedule(rate, slot.phasePpm);
                } else {
                    slot.kind = SystemSlot.Kind.EVERY_FRAME;
                }
                out.add(slot);
            }
            return out.toArray(new SystemSlot[0]);
        }
    }
}
