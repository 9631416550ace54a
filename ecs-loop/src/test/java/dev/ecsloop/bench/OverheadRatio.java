package dev.ecsloop.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The scheduler's overhead as a ratio that survives a shared machine: {@link FrameBenchmark}'s three loops (ecs-loop
 * profiled, ecs-loop with the profiler off, plain Artemis behind a hand-written accumulator) timed in the loop
 * thread's CPU time, in short batches interleaved round by round (the order reversed every other round), all in
 * one JVM. Time lost to other processes is not CPU time of this thread, and slow drift (frequency, the other core's
 * load) hits the three loops of one round alike; the median of the per-round ratios is then stable where JMH's wall
 * time on a loaded 2-core machine moved by ±20%.
 *
 * <p>Run: {@code java -cp <ecs-loop test classpath> dev.ecsloop.bench.OverheadRatio [rounds] [frames per batch]
 * [system counts...]}; prints one Markdown table.
 */
public final class OverheadRatio {

    /** The loops, in the order of an even round. */
    private static final String[] LOOPS = {"plain Artemis + accumulator", "ecs-loop (profiler off)",
            "ecs-loop (profiled)"};

    private OverheadRatio() {
    }

    /**
     * One loop at one system count: median CPU ns per frame, and its ratio to the plain loop of the same round
     * (median and quartiles over the rounds).
     */
    public record Row(int systems, String loop, double nsPerFrame, double ratio, double ratioLow, double ratioHigh) {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 41;
        int frames = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        int[] counts = args.length > 2
                ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray() : new int[] {10, 50};
        System.out.printf(Locale.ROOT, "%d rounds of %d frames per loop, loop-thread CPU time%n%n", rounds, frames);
        System.out.println("| systems | loop | median ns / frame | median x plain | x plain, 25th-75th percentile |");
        System.out.println("| ------: | ---- | ----------------: | -------------: | ----------------------------: |");
        for (Row row : measure(rounds, frames, counts)) {
            System.out.printf(Locale.ROOT, "| %d | %s | %.1f | %.3f | %.3f - %.3f |%n", row.systems(), row.loop(),
                    row.nsPerFrame(), row.ratio(), row.ratioLow(), row.ratioHigh());
        }
    }

    /**
     * Measures every loop at each system count.
     *
     * @param rounds interleaved rounds (after two discarded warm-up rounds)
     * @param frames frames per loop per round
     * @param counts system counts
     * @return the rows, by system count, plain loop first
     * @throws ReflectiveOperationException if the benchmark's systems cannot be built
     */
    public static List<Row> measure(int rounds, int frames, int... counts) throws ReflectiveOperationException {
        List<Row> rows = new ArrayList<>();
        for (int systems : counts) {
            double[][] nsPerFrame = measure(systems, rounds, frames);
            for (int loop = 0; loop < LOOPS.length; loop++) {
                double[] ratio = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ratio[r] = nsPerFrame[loop][r] / nsPerFrame[0][r];
                }
                rows.add(new Row(systems, LOOPS[loop], quantile(nsPerFrame[loop], 0.5), quantile(ratio, 0.5),
                        quantile(ratio, 0.25), quantile(ratio, 0.75)));
            }
        }
        return rows;
    }

    /**
     * CPU nanoseconds per frame of each loop in each round, after two discarded warm-up rounds.
     *
     * @return {@code [loop][round]}, loops indexed as {@link #LOOPS}
     */
    private static double[][] measure(int systems, int rounds, int frames) throws ReflectiveOperationException {
        FrameBenchmark bench = new FrameBenchmark();
        bench.systems = systems;
        bench.setUp();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] out = new double[LOOPS.length][rounds];
        for (int r = -2; r < rounds; r++) {
            for (int i = 0; i < LOOPS.length; i++) {
                int loop = (r & 1) == 0 ? i : LOOPS.length - 1 - i;
                long start = threads.getCurrentThreadCpuTime();
                batch(bench, loop, frames);
                long spent = threads.getCurrentThreadCpuTime() - start;
                if (r >= 0) {
                    out[loop][r] = (double) spent / frames;
                }
            }
        }
        return out;
    }

    private static void batch(FrameBenchmark bench, int loop, int frames) {
        switch (loop) {
            case 0 -> {
                for (int f = 0; f < frames; f++) {
                    bench.plainArtemis();
                }
            }
            case 1 -> {
                for (int f = 0; f < frames; f++) {
                    bench.ecsLoopUnprofiled();
                }
            }
            default -> {
                for (int f = 0; f < frames; f++) {
                    bench.ecsLoop();
                }
            }
        }
    }

    private static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }
}
