package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.World;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.time.Clock;

import java.time.Duration;
import java.util.List;

/**
 * A multi-rate fixed-step game loop over an Artemis-odb world.
 *
 * <p>Each {@link #frame()} reads the clock once, turns the real time since the previous frame into simulated time
 * (scaled, paused, and bounded by the catch-up bound), runs every fixed-step tick that became due in exact
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
 * <p>This class is a facade: it checks arguments and the calling thread, then delegates. {@code FrameDriver} runs
 * frames, {@code Scheduler} owns when each system runs, {@code SimulatedTime} owns simulated time, debt and the
 * catch-up bound, {@code Listeners} the listeners.
 *
 * <p>A {@code GameLoop} is confined to one thread: call everything from the thread that calls {@link #frame()}.
 */
public final class GameLoop implements AutoCloseable {

    private final Clock clock;
    private final World world;
    private final Scheduler scheduler;
    private final SimulatedTime time;
    private final LoopStats stats;
    private final Listeners listeners;
    private final FrameDriver driver;
    private final ThreadConfinement confinement;
    private final Parallel parallel;
    private final SystemHandles handles;
    private final Features features = new Features();

    GameLoop(Clock clock, World world, Scheduler scheduler, SimulatedTime time, LoopStats stats, Listeners listeners,
             FrameDriver driver, SystemHandles handles, Parallel parallel) {
        this.confinement = new ThreadConfinement(parallel);
        this.parallel = parallel;
        this.clock = clock;
        this.world = world;
        this.scheduler = scheduler;
        this.time = time;
        this.stats = stats;
        this.listeners = listeners;
        this.driver = driver;
        this.handles = handles;
    }

    /** @return a new builder with the defaults: system clock, 250 ms catch-up bound, {@link DebtPolicy#DISCARD} */
    public static LoopBuilder builder() {
        return new LoopBuilder();
    }

    /**
     * Runs one frame: reads the clock once, advances simulated time, runs each due tick instant in simulated-time
     * order (each instant as its own Artemis pass) and then the every-frame systems. Real time only moves
     * forward: a clock reading earlier than the latest one advances nothing.
     *
     * @throws TickFailedException if a system or tick listener throws; the frame ends at that tick's instant, the
     *                             loop stays usable (an {@link Error} escapes unwrapped, the same way)
     * @throws RuntimeException    what a frame listener throws; the frame then ends before any tick
     * @throws LoopMisuseException if called from inside this loop's systems or listeners, or from another thread
     */
    public void frame() {
        enter("frame()");
        driver.frame();
    }

    /**
     * Owns the calling thread, running {@link #frame()} at the runner's frame cap until {@link LoopRunner#stop()}.
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
     * @throws TickFailedException if a system throws
     * @throws LoopMisuseException if called from inside this loop's systems or listeners, or from another thread
     */
    public void step() {
        enter("step()");
        pause();
        if (driver.singleStep()) {
            long at = time.nowNanos();
            listeners.tell(l -> l.stepped(at));
        }
    }

    /**
     * Stops simulated time. Every-frame systems keep running with delta 0; paused real time is never caught up.
     * Called from inside a tick, the frame ends at that tick's instant; from a frame listener, before any tick.
     */
    public void pause() {
        setPaused(true, "pause()");
    }

    /** Restarts simulated time from where it stopped. */
    public void resume() {
        setPaused(false, "resume()");
    }

    private void setPaused(boolean paused, String what) {
        confinement.check(what);
        if (time.isPaused() != paused) {
            time.setPaused(paused);
            long at = driver.controlInstant();
            listeners.tell(l -> l.pausedChanged(paused, at));
        }
    }

    /** @return whether simulated time is stopped */
    public boolean isPaused() {
        confinement.check("isPaused()");
        return time.isPaused();
    }

    /**
     * Sets simulated seconds per real second: 0.5 halves the ticks per real second, the step stays the same.
     * Takes effect from the next frame.
     *
     * @param scale 0, or from 0.000001 to 1000, rounded to a millionth
     * @throws IllegalArgumentException if {@code scale} is out of range, NaN or infinite; nothing changes
     */
    public void setTimeScale(double scale) {
        confinement.check("setTimeScale()");
        time.setScale(scale);
        long at = driver.controlInstant();
        listeners.tell(l -> l.timeScaleChanged(time.scale(), at));
    }

    /** @return simulated seconds per real second */
    public double timeScale() {
        confinement.check("timeScale()");
        return time.scale();
    }

    /**
     * Changes a system's rate at the current instant (inside a tick, that tick's simulated time; otherwise the
     * frame's). A fixed-step system keeps its phase: its new grid passes through its previous tick, and its next
     * tick is the first point of that grid strictly after the current instant, so nothing runs in the past. An
     * every-frame system becomes fixed-step, its grid anchored at the current instant and offset by its phase.
     * A throttled system stays throttled, also after a detour through {@link #setEveryFrame}. The rate a
     * fixed-step system already has (to the millihertz) changes nothing, and no listener is told: restating it
     * must not move a tick that is due now.
     *
     * @param system a system of this loop
     * @param hz     ticks per simulated second, from 0.001 to 1,000,000 (exact to a millihertz)
     * @throws IllegalArgumentException if the system is not in this loop or the rate is bad; nothing changes
     */
    public void setRate(Class<? extends BaseSystem> system, double hz) {
        confinement.check("setRate()");
        SystemSlot slot = system(system).slot();
        Rate rate = Rate.of(hz, slot.name());
        long at = driver.controlInstant();
        if (scheduler.setRate(slot, rate, at)) {
            listeners.tell(l -> l.rateChanged(system, rate.hz(), at));
        }
    }

    /**
     * Changes where a system's ticks fall within its step, at the current instant: its grid moves by the
     * difference from the old phase, and its next tick is the first point of the moved grid strictly after the
     * current instant. For an every-frame system the phase applies when it becomes fixed-step. The phase the system
     * already has (to the millionth) changes nothing, and no listener is told.
     *
     * @param system a system of this loop
     * @param phase  a fraction of the step from 0 to 0.999999, exact to a millionth
     * @throws IllegalArgumentException if the system is not in this loop or the phase is bad; nothing changes
     */
    public void setPhase(Class<? extends BaseSystem> system, double phase) {
        confinement.check("setPhase()");
        SystemSlot slot = system(system).slot();
        long ppm = TickSchedule.phasePpm(phase, slot.name());
        long at = driver.controlInstant();
        if (scheduler.setPhase(slot, ppm, at)) {
            listeners.tell(l -> l.phaseChanged(system, ppm / (double) TickSchedule.PHASE_ONE, at));
        }
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
        confinement.check("setEveryFrame()");
        SystemSlot slot = system(system).slot();
        if (slot.isFixedStep()) {
            long at = driver.controlInstant();
            scheduler.setEveryFrame(slot, driver.frames() + 1);
            listeners.tell(l -> l.everyFrameSet(system, at));
        }
    }

    /**
     * The handle of one of this loop's systems: its alpha, rate and phase, and its counters in {@link #stats()},
     * each in constant time. Resolve it once (when a renderer is built) and keep it.
     *
     * @param system a system of this loop
     * @return its handle, the same object on every call
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public SystemHandle system(Class<? extends BaseSystem> system) {
        return handles.of(system);
    }

    /** @return the scheduled systems in registration order (Artemis's internal managers excluded) */
    public List<Class<? extends BaseSystem>> systems() {
        return handles.types();
    }

    /** @return simulated time now, in nanoseconds since {@link LoopBuilder#build()} */
    public long simulatedNanos() {
        confinement.check("simulatedNanos()");
        return time.nowNanos();
    }

    /** @return inside a fixed tick, that tick's simulated time; elsewhere the frame's simulated time */
    public long tickNanos() {
        confinement.check("tickNanos()");
        return driver.tickNanos();
    }

    /** @return simulated time owed to later frames under {@link DebtPolicy#KEEP} */
    public long debtNanos() {
        confinement.check("debtNanos()");
        return time.debtNanos();
    }

    /** @return simulated time dropped at the catch-up bound or the horizon under {@link DebtPolicy#DISCARD} */
    public long droppedNanos() {
        confinement.check("droppedNanos()");
        return time.droppedNanos();
    }

    /**
     * Gives back {@link #droppedNanos() dropped} time, as for a stop that was a formality (lockstep's at a turn's
     * instant): the next frame covers it beyond real time, within the bound and horizon (their cut is dropped again).
     *
     * @param nanos the most to give back
     * @return how much was given back, at most what was dropped
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    public long regainDropped(long nanos) {
        confinement.check("regainDropped()");
        return time.regain(nanos);
    }

    /** @return the catch-up bound: the most simulated time one frame may cover */
    public Duration catchUpBound() {
        confinement.check("catchUpBound()");
        return Duration.ofNanos(time.catchUpBoundNanos());
    }

    /**
     * @param bound the catch-up bound from the next frame on: the most simulated time one frame may cover
     * @throws IllegalArgumentException if {@code bound} is null, not positive or longer than 200 years
     */
    public void setCatchUpBound(Duration bound) {
        confinement.check("setCatchUpBound()");
        long nanos = SimulatedTime.catchUpBoundNanos(bound);
        time.setCatchUpBound(nanos);
        long at = driver.controlInstant();
        listeners.tell(l -> l.catchUpBoundChanged(nanos, at));
    }

    /** @return what happens to time past the catch-up bound */
    public DebtPolicy debtPolicy() {
        confinement.check("debtPolicy()");
        return time.debtPolicy();
    }

    /** @param policy the new debt policy; switching to DISCARD drops the current debt */
    public void setDebtPolicy(DebtPolicy policy) {
        confinement.check("setDebtPolicy()");
        time.setDebtPolicy(policy);
        long at = driver.controlInstant();
        listeners.tell(l -> l.debtPolicyChanged(policy, at));
    }

    /**
     * Sets the simulation horizon: simulated time never advances past it, while frames (and every-frame systems)
     * go on. Lockstep networking sets it to the last instant for which every peer's input is known. Real time
     * held back at the horizon is handled like time past the catch-up bound (the debt policy decides). Takes
     * effect from the next frame.
     *
     * @param simulatedNanos the latest simulated time the loop may reach
     * @throws IllegalArgumentException if {@code simulatedNanos} is negative
     */
    public void setHorizon(long simulatedNanos) {
        confinement.check("setHorizon()");
        time.setHorizon(simulatedNanos);
    }

    /** Removes the horizon: simulated time follows real time again. */
    public void clearHorizon() {
        confinement.check("clearHorizon()");
        time.setHorizon(SimulatedTime.NO_HORIZON);
    }

    /** @return the simulation horizon, or {@link Long#MAX_VALUE} when there is none */
    public long horizonNanos() {
        confinement.check("horizonNanos()");
        return time.horizonNanos();
    }

    /**
     * Where a frame started now would take simulated time were the horizon out of the way: simulated time plus the
     * debt, the dropped time given back and the real time since the last frame at the time scale, within the
     * catch-up bound; simulated time itself while paused. Lets a caller see before the frame whether the horizon
     * would stop it short (lockstep waits for a late batch within the frame's spare time rather than drawing a frame
     * that stopped short). Reads the clock; changes nothing.
     *
     * @return the simulated time, in nanoseconds
     */
    public long frameTargetNanos() {
        confinement.check("frameTargetNanos()");
        return driver.frameTargetNanos();
    }

    /** @return whether the last frame was held back by the horizon */
    public boolean isHeldAtHorizon() {
        confinement.check("isHeldAtHorizon()");
        return time.lastFrameHeld();
    }

    /** @param listener called before every fixed tick; it must not allocate */
    public void addTickListener(TickListener listener) {
        confinement.check("addTickListener()");
        listeners.tick = Listeners.with(listeners.tick, listener);
    }

    /** @param listener called at the start of every frame, before any system runs; it must not allocate */
    public void addFrameListener(FrameListener listener) {
        confinement.check("addFrameListener()");
        listeners.frame = Listeners.with(listeners.frame, listener);
    }

    /** @param listener told of every control change (rate, phase, scale, pause, single-step, bound, debt) */
    public void addControlListener(ControlListener listener) {
        confinement.check("addControlListener()");
        listeners.control = Listeners.with(listeners.control, listener);
    }

    /** @param listener a tick listener to unregister; unknown listeners are ignored */
    public void removeTickListener(TickListener listener) {
        confinement.check("removeTickListener()");
        listeners.tick = Listeners.without(listeners.tick, listener);
    }

    /** @param listener a frame listener to unregister; unknown listeners are ignored */
    public void removeFrameListener(FrameListener listener) {
        confinement.check("removeFrameListener()");
        listeners.frame = Listeners.without(listeners.frame, listener);
    }

    /** @param listener a control listener to unregister; unknown listeners are ignored */
    public void removeControlListener(ControlListener listener) {
        confinement.check("removeControlListener()");
        listeners.control = Listeners.without(listeners.control, listener);
    }

    /**
     * Claims a feature that must exist at most once per loop, such as an interpolation that takes every
     * transform in the world: a second would silently fight the first for them.
     *
     * @param feature the feature's class
     * @throws IllegalStateException if the feature was already claimed for this loop
     */
    public void claimFeature(Class<?> feature) {
        confinement.check("claimFeature()");
        features.claim(feature);
    }

    /** @return the Artemis world; do not call its {@code process()}: the loop does */
    public World world() {
        return world;
    }

    /** @return the parallel-for and async jobs of this loop's systems, on {@link LoopBuilder#workers} threads */
    public Parallel parallel() {
        return parallel;
    }

    /**
     * Stops the worker threads (none with one worker) and waits for them to end; idempotent. The loop stays
     * usable on its own thread: a parallel-for then throws, due jobs run on the loop thread.
     */
    @Override
    public void close() {
        confinement.check("close()");
        parallel.close();
    }

    /** @return the real-time source */
    public Clock clock() {
        return clock;
    }

    /**
     * Attaches a probe that watches frames and system runs (trace-event export, JDK Flight Recorder events), or
     * detaches the current one with null. One probe at a time (tools that share the loop combine behind one); from
     * inside a frame (a probe that ends its own window) the change applies to the next hook point.
     *
     * @param probe the probe, or null for none
     * @throws IllegalStateException if called from a thread other than the loop's
     */
    public void setProbe(LoopProbe probe) {
        confinement.check("setProbe()");
        driver.setProbe(probe);
    }

    /** @return the attached probe, or null */
    public LoopProbe probe() {
        confinement.check("probe()");
        return driver.probe();
    }

    /** @return the loop's counters; readable from any thread, with figures possibly a frame apart */
    public LoopStats stats() {
        return stats;
    }

    /**
     * The loop's schedules, simulated time and pending jobs as snapshot state, and an entity flush: the hook
     * through which {@link dev.ecsloop.snapshot.Snapshots} captures and restores a loop. Games use {@code Snapshots}.
     *
     * @return the hook, bound to this loop
     * @throws LoopMisuseException if called from a thread other than the loop's
     */
    public dev.ecsloop.snapshot.LoopHooks snapshotState() {
        confinement.check("snapshotState()");
        return new LoopState(time, scheduler, driver, parallel);
    }

    /** Guards frame() and step(): confined to the loop's thread and never re-entered from a pass. */
    private void enter(String what) {
        confinement.claim();
        confinement.check(what);
        driver.checkNotRunning(what);
    }
}
