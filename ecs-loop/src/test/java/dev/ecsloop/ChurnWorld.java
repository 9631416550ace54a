package dev.ecsloop;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A small deterministic game for the scheduler's contract: entities die and spawn every tick (so Artemis
 * recycles ids), a low-rate system retunes the others from inside its ticks, and a flaky system fails on a
 * schedule. Everything it does depends on simulated time and its own state only; what frame timing would
 * change shows up in {@link #log} and {@link #hash()}.
 */
final class ChurnWorld {

    /** Simulation state that the hash covers; ids matter, since the hash mixes each entity's id. */
    public static final class Body extends Component {
        public long value;
        public long born;
    }

    final List<String> log = new ArrayList<>();
    final GameLoop loop;
    final ManualClock clock;
    private final StateHash hasher;
    private long lastTick;
    private long frameStart;
    /** Set while single-stepping, which reaches the next instant however far it lies. */
    private boolean stepping;
    /** Frames whose tick failed. */
    int failures;

    /**
     * @param seed        varies what the director does
     * @param failEvery   the flaky system throws on every n-th of its ticks (0: never)
     * @param policy      debt policy
     */
    ChurnWorld(long seed, int failEvery, DebtPolicy policy, Duration bound) {
        clock = new ManualClock();
        loop = GameLoop.builder().clock(clock).profiler(() -> 0L).debtPolicy(policy).catchUpBound(bound)
                .world(new WorldConfigurationBuilder().with(new Spawner(), new Mixer(), new Director(seed),
                        new Flaky(failEvery), new Sampler(), new Metronome(), new Viewer()))
                .build();
        loop.addTickListener((system, at) -> {
            if (at < lastTick) {
                throw new AssertionError("tick log went back: " + system.getClass().getSimpleName() + "@" + at
                        + " after " + lastTick);
            }
            if (!stepping && (at < frameStart || at > frameStart + loop.catchUpBound().toNanos())) {
                throw new AssertionError("tick at " + at + " outside its frame's reach [" + frameStart + ", "
                        + frameStart + " + bound]");
            }
            lastTick = at;
            log.add(system.getClass().getSimpleName() + "@" + at);
        });
        hasher = new StateHash(loop.world());
    }

    long hash() {
        return hasher.hash();
    }

    /** Runs one frame of {@code realNanos}; a failing tick is part of the game and is swallowed. */
    void frame(long realNanos) {
        clock.advance(realNanos);
        frameStart = loop.simulatedNanos();
        try {
            loop.frame();
        } catch (TickFailedException expected) {
            failures++;   // the flaky system's scheduled failure: the loop stays usable
        }
    }

    /** Single-steps; a failing tick is swallowed as in {@link #frame}. */
    void step() {
        stepping = true;
        try {
            loop.step();
        } catch (TickFailedException expected) {
            failures++;
        } finally {
            stepping = false;
            frameStart = loop.simulatedNanos();
        }
    }

    /** Runs empty frames until no debt is owed, so that simulated time has caught up with real time. */
    void drain() {
        for (int i = 0; loop.debtNanos() > 0; i++) {
            if (i > 1_000_000) {
                throw new AssertionError("debt never paid: " + loop.debtNanos());
            }
            frame(0);
        }
        frame(0);   // the instant a failure left behind, if the last frame failed
    }

    /** How many ticks a never-retuned system at {@code hz} and {@code phase} has run by simulated time T. */
    static long expectedTicks(double hz, double phase, long t) {
        java.math.BigInteger m = java.math.BigInteger.valueOf(Math.round(hz * 1000));
        long ppm = Math.round(phase * 1_000_000);
        // ticks at (k + phase) * 10^12 / m ns for k >= 0, strictly after 0
        java.math.BigInteger span = java.math.BigInteger.valueOf(t).multiply(m)
                .subtract(java.math.BigInteger.valueOf(ppm * 1_000_000L));
        if (span.signum() < 0) {
            return 0;
        }
        long k = span.divide(java.math.BigInteger.valueOf(1_000_000_000_000L)).longValueExact();
        return ppm == 0 ? k : k + 1;
    }

    /** Deletes the oldest body and spawns one whose value depends on the ids it sees. */
    @TickRate(60)
    static final class Spawner extends BaseSystem {
        ComponentMapper<Body> bodies;
        private EntitySubscription all;
        private long ticks;

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Body.class));
        }

        @Override
        protected void processSystem() {
            ticks++;
            IntBag ids = all.getEntities();
            long sum = 0;
            for (int i = 0; i < ids.size(); i++) {
                sum = sum * 31 + ids.get(i) + bodies.get(ids.get(i)).value;
            }
            if (ids.size() > 5) {
                world.delete(ids.get((int) (ticks % ids.size())));
            }
            int e = world.create();
            Body b = bodies.create(e);
            b.value = sum + e * 1_000_003L;
            b.born = ticks;
        }
    }

    /** Mixes every body at 15 Hz; sees only bodies alive at its instant. */
    @TickRate(15)
    static final class Mixer extends BaseSystem {
        ComponentMapper<Body> bodies;
        private EntitySubscription all;

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Body.class));
        }

        @Override
        protected void processSystem() {
            IntBag ids = all.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                Body b = bodies.get(ids.get(i));
                b.value = b.value * 6364136223846793005L + ids.get(i);
            }
        }
    }

    /** Retunes the others from inside its ticks, by a seeded script of its own tick count. */
    @TickRate(7)
    static final class Director extends BaseSystem {
        private final long seed;
        private long ticks;
        GameLoop loop;

        Director(long seed) {
            this.seed = seed;
        }

        @Override
        protected void processSystem() {
            ticks++;
            long r = mix(seed + ticks);
            switch ((int) Math.floorMod(r, 7L)) {
                case 0 -> loop.setRate(Mixer.class, 5 + Math.floorMod(r >>> 8, 60L));
                case 1 -> loop.setRate(Spawner.class, 20 + Math.floorMod(r >>> 8, 100L));
                case 2 -> loop.setPhase(Mixer.class, Math.floorMod(r >>> 8, 1000L) / 1000.0);
                case 3 -> loop.setEveryFrame(Sampler.class);
                case 5 -> loop.setRate(Sampler.class, 2 + Math.floorMod(r >>> 8, 30L));
                case 4 -> loop.setRate(Flaky.class, 1 + Math.floorMod(r >>> 8, 40L));
                default -> { }
            }
        }
    }

    /** Fails on every n-th tick, after changing state, as buggy game code does. */
    @TickRate(20)
    static final class Flaky extends BaseSystem {
        private final int failEvery;
        private long ticks;
        ComponentMapper<Body> bodies;

        Flaky(int failEvery) {
            this.failEvery = failEvery;
        }

        @Override
        protected void processSystem() {
            ticks++;
            int e = world.create();
            bodies.create(e).value = ticks;
            if (failEvery > 0 && ticks % failEvery == 0) {
                throw new IllegalStateException("flaky tick " + ticks);
            }
        }
    }

    /** Reads only; the director moves it between fixed-step and every-frame. */
    @TickRate(11)
    static final class Sampler extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** Never retuned: its tick count must follow simulated time exactly. */
    @TickRate(value = 29.97, phase = 0.3)
    static final class Metronome extends BaseSystem {
        long ticks;

        @Override
        protected void processSystem() {
            ticks++;
        }
    }

    /**
     * Every frame, reads only: rendering must not change what the hash covers. It notes where the frame ended, so
     * the bound check also holds for frames that a replayer drives.
     */
    @EveryFrame
    static final class Viewer extends BaseSystem {
        ChurnWorld owner;

        @Override
        protected void processSystem() {
            owner.frameStart = owner.loop.simulatedNanos();
        }
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Binds the director to the loop (systems are built before the loop exists). */
    ChurnWorld bind() {
        loop.world().getSystem(Director.class).loop = loop;
        loop.world().getSystem(Viewer.class).owner = this;
        return this;
    }
}
