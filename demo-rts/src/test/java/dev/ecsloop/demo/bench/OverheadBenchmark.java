package dev.ecsloop.demo.bench;

import dev.ecsloop.bench.FrameBenchmark;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Scheduler overhead through JMH with its GC profiler: ecs-loop's {@link FrameBenchmark} (one 60 FPS frame of
 * 10 and of 50 trivial systems at 60/30/20/15 Hz) against plain Artemis {@code world.process()} behind a
 * hand-written accumulator, in one JMH run, so the ratios compare like with like on the same machine state.
 */
final class OverheadBenchmark {

    /** One benchmark method at one system count: mean ns per frame and bytes allocated per frame. */
    record Measure(double nsPerFrame, double nsError, double bytesPerFrame) {
    }

    /**
     * The three loops at one system count, one empty Artemis processing step (the cost of an instant), and the
     * profiled loop watched by a trace window and by JDK Flight Recorder events without and with a recording.
     */
    record Row(int systems, Measure ecsLoop, Measure unprofiled, Measure plain, Measure processStep,
               Measure traced, Measure flightOff, Measure flightOn) {

        /** Average system runs per frame (the same in all three loops). */
        double runsPerFrame() {
            return FrameBenchmark.runsPerFrame(systems);
        }
    }

    private OverheadBenchmark() {
    }

    /**
     * Runs the JMH benchmark in a forked JVM (the classpath of this one) and collects the rows by system count.
     *
     * @param quick shorter warm-up and measurement (a look, not a figure to quote)
     */
    static List<Row> measure(boolean quick) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(FrameBenchmark.class.getName() + "\\.")
                .addProfiler(GCProfiler.class)
                .verbosity(VerboseMode.SILENT)
                .forks(1);
        if (quick) {
            options.warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(500));
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        Map<Integer, Map<String, Measure>> bySystems = new TreeMap<>();
        for (RunResult run : results) {
            BenchmarkParams params = run.getParams();
            String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            int systems = Integer.parseInt(params.getParam("systems"));
            Result<?> primary = run.getPrimaryResult();
            bySystems.computeIfAbsent(systems, k -> new TreeMap<>())
                    .put(method, new Measure(primary.getScore(), primary.getScoreError(), allocated(run)));
        }
        List<Row> rows = new ArrayList<>();
        bySystems.forEach((systems, byMethod) -> rows.add(new Row(systems, require(byMethod, "ecsLoop"),
                require(byMethod, "ecsLoopUnprofiled"), require(byMethod, "plainArtemis"),
                require(byMethod, "processStep"), require(byMethod, "ecsLoopTraced"),
                require(byMethod, "ecsLoopFlightOff"), require(byMethod, "ecsLoopFlightOn"))));
        return rows;
    }

    /**
     * The GC profiler's normalised allocation rate (bytes per operation; "gc.alloc.rate.norm" in JMH 1.37).
     * JMH's {@code getSecondaryResults()} returns a map of raw {@code Result}s; only the score is read.
     */
    @SuppressWarnings("rawtypes")
    private static double allocated(RunResult run) {
        for (var e : run.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("alloc.rate.norm")) {
                return e.getValue().getScore();
            }
        }
        throw new IllegalStateException("JMH's GC profiler reported no gc.alloc.rate.norm for "
                + run.getParams().getBenchmark());
    }

    private static Measure require(Map<String, Measure> byMethod, String method) {
        Measure m = byMethod.get(method);
        if (m == null) {
            throw new IllegalStateException("JMH returned no result for FrameBenchmark." + method);
        }
        return m;
    }
}
