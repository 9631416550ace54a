package dev.ecsloop.bench;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.time.ManualClock;
import org.joml.Vector2f;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What a renderer pays per interpolated query: {@code positionOf} and {@code angleOf} for entities owned by the
 * last of {@code systems} registered systems (the worst place for any lookup that scans the systems in
 * registration order). The cost per query must not grow with the number of systems.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class InterpolationQueryBenchmark {

    /** Entities queried per benchmark call: two queries each (position and angle), as the demo draws a unit. */
    public static final int ENTITIES = 1024;

    @Param({"10", "50"})
    public int systems;

    private Interpolation interpolation;
    private final int[] ids = new int[ENTITIES];
    private final Vector2f position = new Vector2f();

    @Setup(Level.Trial)
    public void setUp() throws ReflectiveOperationException {
        ManualClock clock = new ManualClock();
        FrameBenchmark.Trivial[] all = FrameBenchmark.systems(systems, false);
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(all)).build();
        interpolation = Interpolation.install(loop);
        World world = loop.world();
        Class<? extends BaseSystem> owner = all[all.length - 1].getClass();
        for (int i = 0; i < ENTITIES; i++) {
            int id = world.create();
            world.edit(id).create(Transform2.class).owner(owner).position.set(i, i);
            ids[i] = id;
        }
        for (int f = 0; f < 7; f++) {
            clock.advance(FrameBenchmark.FRAME_NANOS * 7 / 10);    // alphas strictly between 0 and 1
            loop.frame();
        }
    }

    @Benchmark
    @OperationsPerInvocation(2 * ENTITIES)
    public float query() {
        float sum = 0;
        for (int id : ids) {
            sum += interpolation.positionOf(id, position).x + interpolation.angleOf(id);
        }
        return sum;
    }
}
