package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.ComponentManager;
import com.artemis.AspectSubscriptionManager;
import com.artemis.EntityManager;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.ImmutableBag;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.SimulatedTime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
 * <p>A {@code GameLoop} is confined to one thread: call everything from the thread that calls {@link #frame()}.
 */
public final class GameLoop {

    private final Clock clock;
    private final World world;
    private final MultiRateStrategy strategy;
    private final SimulatedTime time;
    private final SystemSlot[] slots;
    private final LoopStats stats;
    private DebtPolicy debtPolicy;
    private long lastReal;
    private FrameListener[] frameListeners = new FrameListener[0];
    private ControlListener[] controlListeners = new ControlListener[0];

    private GameLoop(Builder b, World world, MultiRateStrategy strategy, SystemSlot[] slots) {
        this.clock = b.clock;
        this.world = world;
        this.strategy = strategy;
        this.slots = slots;
        this.debtPolicy = b.debtPolicy;
        this.time = new SimulatedTime(b.maxCatchUp.toNanos(), b.debtPolicy == DebtPolicy.KEEP);
        this.lastReal = clock.nanoTime();
        this.stats = new LoopStats(slots, lastReal);
        strategy.configure(slots, stats);
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
     * Runs one frame: reads the clock once, advances simulated time, runs the due fixed ticks in simulated-time
     * order and then the every-frame systems.
     *
     * @throws TickFailedException if a system throws; the loop stays usable
     */
    public void frame() {
        long now = clock.nanoTime();
        long real = now - lastReal;
        lastReal = now;
        long advance = time.advance(real);
        stats.beginFrame(now);
        for (FrameListener listener : frameListeners) {
            listener.beforeSystems(now - real, now, time.lastWantedStart(), time.lastWantedEnd(), time.nowNanos());
        }
        strategy.prepare(time.nowNanos(), advance, false);
        try {
            world.process();
        } finally {
            stats.endFrame(time.lastAdvanceCapped());
        }
    }

    /**
     * Owns the calling thread until {@code runner} is stopped: per iteration it pumps platform events, runs one
     * {@link #frame()} (whose every-frame systems draw, once, however many ticks caught up), ends the frame and
     * waits for the next one at the runner's frame cap. {@link dev.ecsloop.pace.LoopRunner#stop()} from any
     * thread ends it after the current frame.
     *
     * @param runner the runner that paces the frames
     * @throws TickFailedException if a system throws; the runner and the loop stay usable
     */
    public void run(dev.ecsloop.pace.LoopRunner runner) {
        runner.run(this::frame);
    }

    /**
     * Single-steps while paused: advances simulated time to the next instant at which any fixed-step system is
     * due, runs every tick due then (no every-frame system), and stays paused. If the loop is running, it is
     * paused first. With no fixed-step system, nothing happens.
     *
     * @throws TickFailedException if a system throws
     */
    public void step() {
        pause();
        long next = strategy.nextDueNanos();
        if (next < 0) {
            return;
        }
        time.skip(Math.max(0, next - time.nowNanos()));
        strategy.prepare(time.nowNanos(), 0, true);
        world.process();
        for (ControlListener l : controlListeners) {
            l.stepped(time.nowNanos());
        }
    }

    /** Stops simulated time. Every-frame systems keep running with delta 0; paused real time is never caught up. */
    public void pause() {
        if (!time.isPaused()) {
            time.setPaused(true);
            for (ControlListener l : controlListeners) {
                l.pausedChanged(true, time.nowNanos());
            }
        }
    }

    /** Restarts simulated time from where it stopped. */
    public void resume() {
        if (time.isPaused()) {
            time.setPaused(false);
            for (ControlListener l : controlListeners) {
                l.pausedChanged(false, time.nowNanos());
            }
        }
    }

    /**
     * Whether simulated time is stopped.
     *
     * @return true while paused
     */
    public boolean isPaused() {
        return time.isPaused();
    }

    /**
     * Sets simulated seconds per real second: 0.5 halves the ticks per real second, the step stays the same.
     *
     * @param scale from 0 to 1000, rounded to a millionth
     * @throws IllegalArgumentException if {@code scale} is out of range, NaN or infinite
     */
    public void setTimeScale(double scale) {
        time.setScale(scale);
        for (ControlListener l : controlListeners) {
            l.timeScaleChanged(time.scale(), time.nowNanos());
        }
    }

    /**
     * The time scale.
     *
     * @return simulated seconds per real second, as rounded by {@link #setTimeScale(double)}
     */
    public double timeScale() {
        return time.scale();
    }

    /**
     * Changes a system's rate at once. A fixed-step system is re-anchored at its last tick (its next tick falls
     * one new step after it); an every-frame system becomes fixed-step, anchored now. A system declared
     * {@code @TickRate(catchUp = false)} stays throttled, also after a detour through {@link #setEveryFrame}.
     *
     * @param system a system of this loop
     * @param hz     the new rate in ticks per simulated second
     * @throws IllegalArgumentException if the system is not in this loop or the rate is bad; nothing changes
     */
    public void setRate(Class<? extends BaseSystem> system, double hz) {
        SystemSlot slot = slot(system);
        Rate rate = Rate.of(hz, slot.name());
        if (slot.isFixedStep()) {
            slot.schedule.reanchor(rate, slot.schedule.lastCeilNanos());
        } else {
            slot.kind = slot.fixedKind();
            slot.schedule = new TickSchedule(rate, time.nowNanos());
            slot.lastRunNanos = time.nowNanos();
        }
        strategy.rebuildHeap();
        for (ControlListener l : controlListeners) {
            l.rateChanged(system, rate.hz(), time.nowNanos());
        }
    }

    /**
     * Makes a system run once per frame from the next frame on.
     *
     * @param system a system of this loop
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public void setEveryFrame(Class<? extends BaseSystem> system) {
        SystemSlot slot = slot(system);
        slot.kind = SystemSlot.Kind.EVERY_FRAME;
        slot.schedule = null;
        strategy.rebuildHeap();
        for (ControlListener l : controlListeners) {
            l.rateChanged(system, 0.0, time.nowNanos());
        }
    }

    /**
     * The rate a fixed-step system ticks at, in Hz (rounded to a millihertz as used), or 0 for an every-frame
     * system.
     *
     * @param system a system of this loop
     * @return ticks per simulated second, or 0
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public double rate(Class<? extends BaseSystem> system) {
        SystemSlot slot = slot(system);
        return slot.isFixedStep() ? slot.schedule.rate.hz() : 0.0;
    }

    /**
     * Whether a system runs once per frame rather than at a fixed rate.
     *
     * @param system a system of this loop
     * @return true for an every-frame system
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public boolean isEveryFrame(Class<? extends BaseSystem> system) {
        return !slot(system).isFixedStep();
    }

    /**
     * Whether a fixed-rate system is throttled ({@code @TickRate(catchUp = false)}).
     *
     * @param system a system of this loop
     * @return true if it runs at most once per frame, dropping missed ticks
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public boolean isThrottled(Class<? extends BaseSystem> system) {
        return slot(system).kind == SystemSlot.Kind.THROTTLED;
    }

    /**
     * How far simulated time lies between the system's last tick and its next: (now - last tick) / step, in
     * [0, 1]. Renderers blend the previous and current state by it. Every-frame systems are always current: 1.
     *
     * @param system a system of this loop
     * @return the alpha, in [0, 1]
     * @throws IllegalArgumentException if the system is not in this loop
     */
    public float alpha(Class<? extends BaseSystem> system) {
        SystemSlot slot = slot(system);
        return slot.isFixedStep() ? slot.schedule.alpha(time.nowNanos()) : 1f;
    }

    /**
     * Simulated time now.
     *
     * @return nanoseconds of simulated time since {@link Builder#build()}
     */
    public long simulatedNanos() {
        return time.nowNanos();
    }

    /**
     * Inside a fixed tick: that tick's simulated time. Elsewhere (every-frame systems, between frames): the
     * frame's simulated time.
     *
     * @return simulated nanoseconds
     */
    public long tickNanos() {
        return strategy.tickNanos();
    }

    /**
     * The debt: simulated time owed to later frames under {@link DebtPolicy#KEEP}.
     *
     * @return nanoseconds owed
     */
    public long debtNanos() {
        return time.debtNanos();
    }

    /**
     * Simulated time dropped at the catch-up bound under {@link DebtPolicy#DISCARD}, in total.
     *
     * @return nanoseconds dropped since the start
     */
    public long droppedNanos() {
        return time.droppedNanos();
    }

    /**
     * The catch-up bound.
     *
     * @return the most simulated time one frame may cover
     */
    public Duration maxCatchUp() {
        return Duration.ofNanos(time.maxAdvanceNanos());
    }

    /**
     * Sets the catch-up bound from the next frame on.
     *
     * @param bound the most simulated time one frame may cover
     * @throws IllegalArgumentException if {@code bound} is null, zero or negative
     */
    public void setMaxCatchUp(Duration bound) {
        if (bound == null) {
            throw new IllegalArgumentException("catch-up bound must not be null");
        }
        time.setMaxAdvance(bound.toNanos());
        for (ControlListener l : controlListeners) {
            l.catchUpChanged(bound.toNanos(), time.nowNanos());
        }
    }

    /**
     * What happens to time past the catch-up bound.
     *
     * @return the debt policy
     */
    public DebtPolicy debtPolicy() {
        return debtPolicy;
    }

    /**
     * Switches the debt policy; switching to DISCARD drops the current debt.
     *
     * @param policy the new policy
     * @throws NullPointerException if {@code policy} is null
     */
    public void setDebtPolicy(DebtPolicy policy) {
        time.setKeepDebt(Objects.requireNonNull(policy, "policy") == DebtPolicy.KEEP);
        this.debtPolicy = policy;
        for (ControlListener l : controlListeners) {
            l.debtPolicyChanged(policy, time.nowNanos());
        }
    }

    /**
     * Registers a listener called before every fixed tick. Not for use during a frame.
     *
     * @param listener the listener
     */
    public void addTickListener(TickListener listener) {
        strategy.addListener(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Registers a listener called at the start of every frame, before any system runs.
     *
     * @param listener the listener
     */
    public void addFrameListener(FrameListener listener) {
        FrameListener[] grown = java.util.Arrays.copyOf(frameListeners, frameListeners.length + 1);
        grown[frameListeners.length] = Objects.requireNonNull(listener, "listener");
        frameListeners = grown;
    }

    /**
     * Registers a listener told of every control change (rate, scale, pause, step, catch-up bound, debt policy).
     *
     * @param listener the listener
     */
    public void addControlListener(ControlListener listener) {
        ControlListener[] grown = java.util.Arrays.copyOf(controlListeners, controlListeners.length + 1);
        grown[controlListeners.length] = Objects.requireNonNull(listener, "listener");
        controlListeners = grown;
    }

    /**
     * Unregisters a control listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeControlListener(ControlListener listener) {
        controlListeners = without(controlListeners, listener);
    }

    /**
     * Unregisters a frame listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeFrameListener(FrameListener listener) {
        frameListeners = without(frameListeners, listener);
    }

    /**
     * Unregisters a tick listener; unknown listeners are ignored.
     *
     * @param listener the listener
     */
    public void removeTickListener(TickListener listener) {
        strategy.removeListener(listener);
    }

    static <T> T[] without(T[] listeners, T listener) {
        for (int i = 0; i < listeners.length; i++) {
            if (listeners[i] == listener) {
                T[] out = java.util.Arrays.copyOf(listeners, listeners.length - 1);
                System.arraycopy(listeners, i + 1, out, i, listeners.length - i - 1);
                return out;
            }
        }
        return listeners;
    }

    /**
     * The scheduled systems in registration order (Artemis's internal managers excluded).
     *
     * @return an unmodifiable list
     */
    public List<Class<? extends BaseSystem>> systems() {
        List<Class<? extends BaseSystem>> out = new ArrayList<>(slots.length);
        for (SystemSlot slot : slots) {
            out.add(slot.type);
        }
        return List.copyOf(out);
    }

    /**
     * The Artemis world this loop runs.
     *
     * @return the world
     */
    public World world() {
        return world;
    }

    /**
     * The real-time source.
     *
     * @return the clock read once per frame
     */
    public Clock clock() {
        return clock;
    }

    /**
     * Counters of frames and ticks, and the cost of each system.
     *
     * @return the live statistics
     */
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

    /** Configures and builds a {@link GameLoop}. */
    public static final class Builder {

        private WorldConfigurationBuilder worldConfig;
        private Clock clock = Clock.system();
        private Clock profiler = Clock.system();
        private Duration maxCatchUp = Duration.ofMillis(250);
        private DebtPolicy debtPolicy = DebtPolicy.DISCARD;

        private Builder() {
        }

        /**
         * The world's configuration; the builder registers its own invocation strategy on it. Required.
         *
         * @param config the systems and managers of the world
         * @return this builder
         */
        public Builder world(WorldConfigurationBuilder config) {
            this.worldConfig = Objects.requireNonNull(config, "world");
            return this;
        }

        /**
         * The real-time source, read once at {@link #build()} (time zero) and once per frame.
         *
         * @param clock the clock; {@link Clock#system()} by default
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
         * <p>Timing costs one clock read per system run (about 25 ns with the system clock: with trivial systems
         * that is most of the loop's own cost, see the README's benchmarks). A build that never shows costs can
         * pass a constant clock, {@code () -> 0L}: the reads vanish and the cost figures read 0.
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
         * @param bound the bound
         * @return this builder
         * @throws IllegalArgumentException if {@code bound} is null, zero or negative
         */
        public Builder maxCatchUp(Duration bound) {
            if (bound == null || bound.isZero() || bound.isNegative()) {
                throw new IllegalArgumentException("maxCatchUp must be positive, was " + bound);
            }
            this.maxCatchUp = bound;
            return this;
        }

        /**
         * What happens to time past the catch-up bound; {@link DebtPolicy#DISCARD} by default.
         *
         * @param policy the debt policy
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
         * @throws IllegalArgumentException if no world was given, or a system has a bad rate or both
         *                                  {@link TickRate} and {@link EveryFrame}; the message names it
         */
        public GameLoop build() {
            if (worldConfig == null) {
                throw new IllegalArgumentException("GameLoop.builder() needs world(...)");
            }
            MultiRateStrategy strategy = new MultiRateStrategy(profiler);
            World world = new World(worldConfig.register(strategy).build());
            SystemSlot[] slots;
            try {
                slots = slotsOf(world);
            } catch (IllegalArgumentException e) {
                world.dispose();
                throw e;
            }
            return new GameLoop(this, world, strategy, slots);
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
                TickRate tickRate = system.getClass().getAnnotation(TickRate.class);
                boolean everyFrame = system.getClass().isAnnotationPresent(EveryFrame.class);
                if (tickRate != null && everyFrame) {
                    throw new IllegalArgumentException("system " + system.getClass().getName()
                            + " carries both @TickRate and @EveryFrame");
                }
                SystemSlot slot = new SystemSlot(system, i, out.size(), tickRate == null || tickRate.catchUp());
                if (tickRate != null) {
                    Rate rate = Rate.of(tickRate.value(), system.getClass().getName());
                    slot.kind = slot.fixedKind();
                    slot.schedule = new TickSchedule(rate, 0L);
                } else {
                    slot.kind = SystemSlot.Kind.EVERY_FRAME;
                }
                out.add(slot);
            }
            return out.toArray(new SystemSlot[0]);
        }
    }
}
