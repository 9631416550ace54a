package dev.ecsloop.snapshot;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.time.ManualClock;
import org.joml.Vector2f;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Capture and restore cost against world size: N units, each with an interpolated {@link Transform2} (codec),
 * three plain components (captured field by field) and, for one in four, a component with an array (a game
 * codec); 5% of ids recycled. Prints a Markdown table: median and worst of the runs, snapshot size, bytes per
 * unit, bytes allocated by one capture against the snapshot's own size, and restore against capture.
 *
 * <p>Not part of the build's tests (timings depend on the machine). Run it with
 * {@code java -cp <test classpath> dev.ecsloop.snapshot.SnapshotBenchmark [N ...]}.
 */
public final class SnapshotBenchmark {

    /** Plain: a unit's simulation state. */
    public static final class Unit extends Component {
        public int team;
        public int hp;
        public float speed;
        public final Vector2f velocity = new Vector2f();
        public long orderSeq;
    }

    /** Plain: a target and cooldown. */
    public static final class Weapon extends Component {
        public int target = -1;
        public float cooldown;
        public float range;
    }

    /** Plain tag-like state. */
    public static final class Selected extends Component {
        public boolean byPlayer;
    }

    /** Not plain: a path, through a codec. */
    public static final class Path extends Component {
        public int[] cells = new int[0];
    }

    static final ComponentCodec<Path> PATH = new ComponentCodec<>() {
        @Override
        public void write(Path c, SnapshotOut out) {
            out.writeInt(c.cells.length);
            for (int x : c.cells) {
                out.writeInt(x);
            }
        }

        @Override
        public void read(Path c, SnapshotIn in) {
            int n = in.readCount(4, "path cell");
            if (c.cells.length != n) {
                c.cells = new int[n];
            }
            for (int i = 0; i < n; i++) {
                c.cells[i] = in.readInt();
            }
        }
    };

    @TickRate(60)
    static final class Move extends BaseSystem implements SnapshotState {
        ComponentMapper<Transform2> transforms;
        ComponentMapper<Unit> units;
        private EntitySubscription all;
        private long rng = 1;

        @Override
        protected void initialize() {
            all = world.getAspectSubscriptionManager().get(Aspect.all(Transform2.class, Unit.class));
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(rng);
        }

        @Override
        public void load(SnapshotIn in) {
            rng = in.readLong();
        }

        @Override
        protected void processSystem() {
            IntBag ids = all.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                Vector2f v = units.get(ids.get(i)).velocity;
                transforms.get(ids.get(i)).position.add(v.x * world.getDelta(), v.y * world.getDelta());
            }
        }
    }

    private static final dev.ecsloop.time.Clock CLOCK = dev.ecsloop.time.Clock.system();

    private SnapshotBenchmark() {
    }

    static Snapshots world(int units) {
        ManualClock clock = new ManualClock();
        GameLoop loop = GameLoop.builder().clock(clock).profiler(() -> 0L)
                .world(new WorldConfigurationBuilder().with(new Move())).build();
        Interpolation.install(loop);
        var w = loop.world();
        ComponentMapper<Unit> u = w.getMapper(Unit.class);
        ComponentMapper<Weapon> wp = w.getMapper(Weapon.class);
        ComponentMapper<Selected> sel = w.getMapper(Selected.class);
        ComponentMapper<Path> path = w.getMapper(Path.class);
        ComponentMapper<Transform2> tr = w.getMapper(Transform2.class);
        int total = units + units / 20;
        for (int i = 0; i < total; i++) {
            int e = w.create();
            Unit unit = u.create(e);
            unit.team = i & 1;
            unit.hp = 100 + i % 17;
            unit.speed = 1.5f + i % 5;
            unit.velocity.set(i % 7 - 3, i % 5 - 2);
            wp.create(e).range = 4 + i % 3;
            tr.create(e).owner(Move.class).set(i % 300, i / 300f, i * 0.01f);
            if (i % 4 == 0) {
                path.create(e).cells = new int[] {i, i + 1, i + 2, i + 3, i + 4, i + 5};
            }
            if (i % 10 == 0) {
                sel.create(e).byPlayer = true;
            }
        }
        for (int i = 0; i < 3; i++) {
            clock.advance(16_666_667L);
            loop.frame();
        }
        for (int i = 0; i < units / 20; i++) {
            w.delete(i * 20 + 3);
        }
        clock.advance(16_666_667L);
        loop.frame();
        return Snapshots.builder(loop).setup("bench units=" + units).codec(Path.class, PATH).build();
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {1000, 5000, 20000}
                : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        int runs = 40;
        System.out.println("| units | capture median ms | capture worst ms | restore median ms | restore worst ms "
                + "| restore / capture | size KiB | B / unit | capture alloc / size |");
        System.out.println("| ----: | ----: | ----: | ----: | ----: | ----: | ----: | ----: | ----: |");
        for (int n : sizes) {
            Snapshots source = world(n);
            Snapshots target = world(n);
            byte[] snap = null;
            for (int i = 0; i < 20; i++) {   // warm-up
                snap = source.capture();
                target.restore(snap);
            }
            long[] cap = new long[runs];
            long[] res = new long[runs];
            long alloc = Long.MAX_VALUE;
            for (int i = 0; i < runs; i++) {
                long a0 = allocated();
                long t0 = CLOCK.nanoTime();
                snap = source.capture();
                long t1 = CLOCK.nanoTime();
                alloc = Math.min(alloc, allocated() - a0);
                target.restore(snap);
                long t2 = CLOCK.nanoTime();
                cap[i] = t1 - t0;
                res[i] = t2 - t1;
            }
            if (!Arrays.equals(snap, target.capture())) {
                throw new AssertionError("restored world captures differently");
            }
            Arrays.sort(cap);
            Arrays.sort(res);
            double capMed = cap[runs / 2] / 1e6;
            double resMed = res[runs / 2] / 1e6;
            System.out.printf("| %d | %.2f | %.2f | %.2f | %.2f | %.1f | %.0f | %.0f | %.2f |%n", n, capMed,
                    cap[runs - 1] / 1e6, resMed, res[runs - 1] / 1e6, resMed / capMed, snap.length / 1024.0,
                    snap.length / (double) n, alloc / (double) snap.length);
        }
    }
}
