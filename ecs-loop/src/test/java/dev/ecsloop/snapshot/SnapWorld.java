package dev.ecsloop.snapshot;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickFailedException;
import dev.ecsloop.TickRate;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.joml.Vector2f;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A small deterministic game whose future depends on everything a snapshot must hold: entities die and spawn
 * every tick (ids are recycled in Artemis's order), systems keep private counters and a random generator they
 * declare, a director retunes rates and phases from inside its ticks, a flaky system fails on a schedule, input
 * events spawn entities, and movers carry interpolated transforms. Every tick is logged with its instant. Public
 * for the replay tests, which seek through recordings of it.
 */
public final class SnapWorld {

    /** A plain component: primitives and a final JOML vector, captured field by field. */
    public static final class Body extends Component {
        public long value;
        public long born;
        public float heat;
        public final Vector2f velocity = new Vector2f();
        public transient int scratch;
    }

    /** A tag: no fields at all. */
    public static final class Marked extends Component {
    }

    /** Not plain (an array): needs the codec {@link #CARGO}. */
    public static final class Cargo extends Component {
        public int[] items = new int[0];
    }

    static final ComponentCodec<Cargo> CARGO = new ComponentCodec<>() {
        @Override
        public void write(Cargo c, SnapshotOut out) {
            out.writeInt(c.items.length);
            for (int i : c.items) {
                out.writeInt(i);
            }
        }

        @Override
        public void read(Cargo c, SnapshotIn in) {
            int n = in.readCount(4, "cargo item");
            c.items = new int[n];
            for (int i = 0; i < n; i++) {
                c.items[i] = in.readInt();
            }
        }
    };

    final List<String> log = new ArrayList<>();
    public final GameLoop loop;
    public final ManualClock clock;
    public final InputQueue input;
    final Interpolation interpolation;
    public final Snapshots snapshots;
    private final StateHash hasher;
    int failures;

    public SnapWorld(long seed, int failEvery) {
        clock = new ManualClock();
        input = new InputQueue(Spawner.class);
        interpolation = new Interpolation();
        loop = GameLoop.builder().clock(clock).profiler(() -> 0L).debtPolicy(DebtPolicy.KEEP)
                .catchUpBound(Duration.ofMillis(100))
                .world(new WorldConfigurationBuilder().with(new Spawner(seed, input), new Mixer(), new Director(seed),
                        new Flaky(failEvery), new Mover(), new Sampler(), new Metronome(), new Viewer()))
                .build();
        input.attach(loop);
        interpolation.attach(loop);
        loop.world().getSystem(Director.class).loop = loop;
        loop.addTickListener((system, at) -> log.add(system.getClass().getSimpleName() + "@" + at));
        hasher = new StateHash(loop.world());
        snapshots = Snapshots.builder(loop).setup("snapworld seed=" + seed).codec(Cargo.class, CARGO).input(input)
                .build();
    }

    /** @return every tick so far, as "System@simNanos", in order */
    public List<String> log() {
        return log;
    }

    public long hash() {
        return hasher.hash();
    }

    public void frame(long realNanos) {
        clock.advance(realNanos);
        try {
            loop.frame();
        } catch (TickFailedException expected) {
            failures++;
        }
    }

    /** Runs empty frames until no debt is owed (the horizon may hold some back forever: then it stops). */
    void drain() {
        for (int i = 0; i < 100_000 && loop.debtNanos() > 0 && !loop.isHeldAtHorizon(); i++) {
            frame(0);
        }
        frame(0);
    }

    /** Posts an input event now, by the loop's clock. */
    public void post(int code) {
        input.post().set(1, code, code * 0.5f, -code);
    }

    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Deletes and spawns bodies by its declared random generator; input events spawn more. */
    @TickRate(60)
    static final class Spawner extends BaseSystem implements SnapshotState {
        ComponentMapper<Body> bodies;
        ComponentMapper<Marked> marks;
        ComponentMapper<Cargo> cargo;
        ComponentMapper<Transform2> transforms;
        private final InputQueue input;
        private EntitySubscription all;
        private long rng;
        private long ticks;

        Spawner(long seed, InputQueue input) {
            this.rng = seed;
            this.input = input;
        }

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Body.class));
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(rng);
            out.writeLong(ticks);
        }

        @Override
        public void load(SnapshotIn in) {
            rng = in.readLong();
            ticks = in.readLong();
        }

        private long next() {
            rng = mix(rng + 0x9e3779b97f4a7c15L);
            return rng;
        }

        @Override
        protected void processSystem() {
            ticks++;
            IntBag ids = all.getEntities();
            long sum = 0;
            for (int i = 0; i < ids.size(); i++) {
                sum = sum * 31 + ids.get(i) + bodies.get(ids.get(i)).value;
            }
            long r = next();
            int deaths = (int) Math.floorMod(r, 3L);
            for (int k = 0; k < deaths && ids.size() > 4; k++) {
                world.delete(ids.get((int) Math.floorMod(next(), (long) ids.size())));
            }
            spawn(sum);
            for (int i = 0; i < input.tickEvents().size(); i++) {
                InputEvent e = input.tickEvents().get(i);
                spawn(sum + e.code() * 7919L + e.sequence());
            }
        }

        private void spawn(long value) {
            int e = world.create();
            Body b = bodies.create(e);
            b.value = value + e * 1_000_003L;
            b.born = ticks;
            b.heat = (float) (value % 1000) / 7f;
            b.velocity.set(b.heat, -b.heat / 3f);
            long r = next();
            if ((r & 3) == 0) {
                marks.create(e);
            }
            if ((r & 12) == 4) {
                cargo.create(e).items = new int[] {(int) r, (int) (r >>> 32), e};
            }
            if ((r & 48) != 0) {
                transforms.create(e).owner(Mover.class).set(b.heat, b.born, 0.1f * e);
            }
        }
    }

    /** Mixes every body at 15 Hz, with no state of its own. */
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
                b.heat = b.heat * 0.75f + 1f;
            }
        }
    }

    /** Moves transforms at 30 Hz; the interpolation captures before each of its ticks. */
    @TickRate(30)
    static final class Mover extends BaseSystem {
        ComponentMapper<Transform2> transforms;
        ComponentMapper<Body> bodies;
        private EntitySubscription all;

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Transform2.class, Body.class));
        }

        @Override
        protected void processSystem() {
            IntBag ids = all.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                Transform2 t = transforms.get(ids.get(i));
                Vector2f v = bodies.get(ids.get(i)).velocity;
                t.position.add(v.x * world.getDelta(), v.y * world.getDelta());
                t.angle += 0.25f;
            }
        }
    }

    /** Retunes the others from inside its ticks, by a seeded script of its declared tick count. */
    @TickRate(7)
    static final class Director extends BaseSystem implements SnapshotState {
        private final long seed;
        private long ticks;
        GameLoop loop;

        Director(long seed) {
            this.seed = seed;
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(ticks);
        }

        @Override
        public void load(SnapshotIn in) {
            ticks = in.readLong();
        }

        @Override
        protected void processSystem() {
            ticks++;
            long r = mix(seed + ticks);
            switch ((int) Math.floorMod(r, 8L)) {
                case 0 -> loop.setRate(Mixer.class, 5 + Math.floorMod(r >>> 8, 60L));
                case 1 -> loop.setRate(Spawner.class, 20 + Math.floorMod(r >>> 8, 100L));
                case 2 -> loop.setPhase(Mixer.class, Math.floorMod(r >>> 8, 1000L) / 1000.0);
                case 3 -> loop.setEveryFrame(Sampler.class);
                case 4 -> loop.setRate(Flaky.class, 1 + Math.floorMod(r >>> 8, 40L));
                case 5 -> loop.setRate(Sampler.class, 2 + Math.floorMod(r >>> 8, 30L));
                case 6 -> world.getSystem(Mixer.class).setEnabled(!world.getSystem(Mixer.class).isEnabled());
                default -> { }
            }
        }
    }

    /** Fails on every n-th tick, after changing state. */
    @TickRate(20)
    static final class Flaky extends BaseSystem implements SnapshotState {
        private final int failEvery;
        private long ticks;
        ComponentMapper<Body> bodies;

        Flaky(int failEvery) {
            this.failEvery = failEvery;
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(ticks);
        }

        @Override
        public void load(SnapshotIn in) {
            ticks = in.readLong();
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

    /** Never retuned by the director, at an odd rate and phase. */
    @TickRate(value = 29.97, phase = 0.3)
    static final class Metronome extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** Every frame, reads only. */
    @EveryFrame
    static final class Viewer extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }
}
