package dev.ecsloop;

import com.artemis.World;
import com.artemis.WorldConfiguration;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.time.Clock;

import java.time.Duration;
import java.util.Objects;

/** Configures and builds a {@link GameLoop}: {@code GameLoop.builder()...build()}. */
public final class LoopBuilder {

    private WorldConfigurationBuilder worldBuilder;
    private WorldConfiguration worldConfig;
    private Clock clock = Clock.system();
    private Clock profiler = Clock.system();
    private Duration catchUpBound = Duration.ofMillis(250);
    private DebtPolicy debtPolicy = DebtPolicy.DISCARD;
    private int workers = 1;

    LoopBuilder() {
    }

    /**
     * The world's configuration, as a builder; the loop registers its own invocation strategy on it. This or
     * {@link #world(WorldConfiguration)} is required.
     *
     * @param config the systems and plugins; it must not register an invocation strategy of its own
     * @return this builder
     */
    public LoopBuilder world(WorldConfigurationBuilder config) {
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
    public LoopBuilder world(WorldConfiguration config) {
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
    public LoopBuilder clock(Clock clock) {
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
    public LoopBuilder profiler(Clock profiler) {
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
    public LoopBuilder catchUpBound(Duration bound) {
        SimulatedTime.catchUpBoundNanos(bound);
        this.catchUpBound = bound;
        return this;
    }

    /**
     * What happens to time past the catch-up bound; {@link DebtPolicy#DISCARD} by default.
     *
     * @param policy keep it as debt or drop it
     * @return this builder
     */
    public LoopBuilder debtPolicy(DebtPolicy policy) {
        this.debtPolicy = Objects.requireNonNull(policy, "debtPolicy");
        return this;
    }

    /**
     * The threads that run parallel-for chunks and async jobs ({@link Parallel}), the loop thread counted; 1 by
     * default: no worker thread, everything on the loop thread. The simulation's result does not depend on it.
     * The worker threads start with the first parallel-for or job and stop at {@link GameLoop#close()}.
     *
     * @param workers from 1 to 256
     * @return this builder
     * @throws IllegalArgumentException if {@code workers} is out of range
     */
    public LoopBuilder workers(int workers) {
        this.workers = Parallel.checkWorkers(workers);
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
        MultiRateStrategy strategy = new MultiRateStrategy(profiler);
        World[] built = new World[1];
        Parallel parallel = Parallel.forLoop(workers, strategy::runningName, () -> built[0]);
        World world;
        Scheduler scheduler;
        try {
            world = WorldFactory.create(worldConfig != null ? worldConfig : worldBuilder.build(), strategy, parallel);
            built[0] = world;
            try {
                scheduler = Scheduler.of(world);
            } catch (IllegalArgumentException e) {
                world.dispose();
                throw e;
            }
        } catch (RuntimeException | Error e) {
            parallel.close();
            throw e;
        }
        SimulatedTime time = new SimulatedTime(catchUpBound, debtPolicy);
        long start = clock.nanoTime();
        LoopStats stats = new LoopStats(scheduler.slots(), start);
        Listeners listeners = new Listeners();
        strategy.bind(scheduler, stats, listeners);
        FrameDriver driver = new FrameDriver(clock, time, scheduler, strategy, stats, listeners, start);
        return new GameLoop(clock, world, scheduler, time, stats, listeners, driver,
                new SystemHandles(scheduler, time, strategy), parallel);
    }
}
