package dev.ecsloop.bench;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import dev.ecsloop.trace.Trace;
import dev.ecsloop.trace.TraceBenchAccess;
import jdk.jfr.Recording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Scheduler overhead: one 60 FPS frame of N trivial systems at mixed rates (60, 30, 20, 15 Hz in turn) through
 * ecs-loop, against plain Artemis {@code world.process()} driven by a hand-written single long accumulator at
 * 60 Hz, where each system skips the base ticks not its own through {@code checkProcessing()}, the usual
 * hand-rolled way. Both run exactly the same system runs per simulated second.
 *
 * <p>{@code ecsLoopUnprofiled} passes a constant profiler clock, removing the clock read per run that feeds
 * the per-system cost figures, to show what profiling costs.
 *
 * <p>Tracing ({@code dev.ecsloop.trace}), against {@code ecsLoop}, which is "trace off" (no probe attached):
 * {@code ecsLoopTraced} with a trace window open (the buffer rewound every {@value #REWIND_FRAMES} frames, so it
 * measures storing events, never the cheaper dropping of a full buffer), {@code ecsLoopFlightOff} with the JDK
 * Flight Recorder events attached but no recording, {@code ecsLoopFlightOn} with an in-memory recording that
 * enables them.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@State(Scope.Thread)
public class FrameBenchmark {

    static final long FRAME_NANOS = 16_666_667L;
    static final long SECOND = 1_000_000_000L;
    static final int BASE_HZ = 60;
    static final int[] DIVISORS = {1, 2, 3, 4};

    /** Base-rate tick counter of the plain loop; the plain systems gate on it. */
    static long plainTick;

    public abstract static class Trivial extends BaseSystem {
        boolean plain;
        int divisor;
        long sum;

        @Override
        protected boolean checkProcessing() {
            return !plain || plainTick % divisor == 0;
        }

        @Override
        protected void processSystem() {
            sum += (long) (world.getDelta() * 1000);
        }
    }


    /** Distinct classes per slot: Artemis keys systems by class. */
    static Trivial[] systems(int n, boolean plain) throws ReflectiveOperationException {
        Trivial[] out = new Trivial[n];
        for (int i = 0; i < n; i++) {
            int d = DIVISORS[i % DIVISORS.length];
            Class<? extends Trivial> type = SystemClasses.of(i);
            Trivial t = type.getDeclaredConstructor().newInstance();
            t.plain = plain;
            t.divisor = d;
            out[i] = t;
        }
        return out;
    }

    /**
     * System runs in one 60 FPS frame with {@code n} systems, on average: each system runs 60/divisor times a
     * second. Turns ns per frame into ns per tick.
     */
    public static double runsPerFrame(int n) {
        double perSecond = 0;
        for (int i = 0; i < n; i++) {
            perSecond += (double) BASE_HZ / DIVISORS[i % DIVISORS.length];
        }
        return perSecond / BASE_HZ;
    }

    /** Frames between rewinds of the traced loop's buffer: 8192 frames of 50 systems fill 221k of its 262k. */
    static final int REWIND_FRAMES = 8192;

    @Param({"10", "50"})
    public int systems;

    ManualClock clock;
    GameLoop loop;
    GameLoop unprofiled;
    ManualClock unprofiledClock;
    World plainWorld;
    World emptyWorld;
    long accumulator;

    @Setup(Level.Trial)
    public void setUp() throws ReflectiveOperationException {
        clock = new ManualClock();
        loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(systems(systems, false)))
                .build();
        unprofiledClock = new ManualClock();
        Clock constant = () -> 0L;
        unprofiled = GameLoop.builder().clock(unprofiledClock).profiler(constant)
                .world(new WorldConfigurationBuilder().with(systems(systems, false))).build();
        plainWorld = new World(new WorldConfigurationBuilder().with(systems(systems, true)).build());
        emptyWorld = new World(new WorldConfigurationBuilder().build());
    }

    /**
     * One Artemis processing step with no system in it: what the loop pays for each tick instant beyond the
     * systems themselves, since every instant is its own {@code world.process()}.
     */
    @Benchmark
    public void processStep() {
        emptyWorld.process();
    }

    @Benchmark
    public void ecsLoop() {
        clock.advance(FRAME_NANOS);
        loop.frame();
    }

    @Benchmark
    public void ecsLoopUnprofiled() {
        unprofiledClock.advance(FRAME_NANOS);
        unprofiled.frame();
    }

    /** A profiled loop like {@code ecsLoop}, and what watches it. */
    @State(Scope.Thread)
    public static class Watched {
        ManualClock clock;
        GameLoop loop;
        Trace trace;
        Path dir;
        Recording recording;
        int frames;

        GameLoop build(int systems) throws ReflectiveOperationException {
            clock = new ManualClock();
            loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(systems(systems, false)))
                    .build();
            return loop;
        }

        void frame() {
            clock.advance(FRAME_NANOS);
            loop.frame();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            if (trace != null) {
                // Not written: JMH's GC profiler counts every thread's allocation, and the writer thread's would
                // be charged to the last measured iteration's frames. The open file is only deleted.
                Files.deleteIfExists(trace.file().resolveSibling(trace.file().getFileName() + ".part"));
                Files.deleteIfExists(dir);
            }
            if (recording != null) {
                recording.close();
            }
        }
    }

    @State(Scope.Thread)
    public static class Traced extends Watched {
        @Setup(Level.Trial)
        public void setUp(FrameBenchmark bench) throws ReflectiveOperationException, IOException {
            build(bench.systems);
            dir = Files.createTempDirectory("frame-benchmark");
            trace = Trace.start(loop, Trace.MAX_WINDOW, dir.resolve("trace.json"));
        }
    }

    @State(Scope.Thread)
    public static class FlightOff extends Watched {
        @Setup(Level.Trial)
        public void setUp(FrameBenchmark bench) throws ReflectiveOperationException {
            Trace.flightRecorder(build(bench.systems), true);
        }
    }

    @State(Scope.Thread)
    public static class FlightOn extends Watched {
        @Setup(Level.Trial)
        public void setUp(FrameBenchmark bench) throws ReflectiveOperationException {
            Trace.flightRecorder(build(bench.systems), true);
            recording = new Recording();
            recording.setToDisk(false);
            recording.enable("dev.ecsloop.Tick");
            recording.enable("dev.ecsloop.Frame");
            recording.enable("dev.ecsloop.CatchUpBoundHit");
            recording.start();
        }
    }

    /** Trace on: a window open, every frame and run stored. */
    @Benchmark
    public void ecsLoopTraced(Traced t) {
        t.frame();
        if (++t.frames == REWIND_FRAMES) {
            t.frames = 0;
            TraceBenchAccess.rewind(t.trace);
        }
    }

    /** JDK Flight Recorder events attached, no recording: a flag check per hook point. */
    @Benchmark
    public void ecsLoopFlightOff(FlightOff f) {
        f.frame();
    }

    /** JDK Flight Recorder events recorded (in memory). */
    @Benchmark
    public void ecsLoopFlightOn(FlightOn f) {
        f.frame();
    }

    /** The hand-written loop: integer accumulator (acc += frame * hz; while acc >= 1 s) and world.process(). */
    @Benchmark
    public void plainArtemis() {
        accumulator += FRAME_NANOS * BASE_HZ;
        while (accumulator >= SECOND) {
            accumulator -= SECOND;
            plainTick++;
            plainWorld.setDelta(1f / BASE_HZ);
            plainWorld.process();
        }
    }
}
