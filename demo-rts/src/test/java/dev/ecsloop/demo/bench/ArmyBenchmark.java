package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.time.Clock;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * The largest army that keeps real time, at 1 worker against 2: for each army size, a fresh game per worker count
 * driven as fast as possible by 16.667 ms frames of a manual clock ({@link SimBenchmark#measure}, shipped rates),
 * timed on the wall clock, since with 2 workers the loop thread's CPU time leaves out the other worker's share.
 * A game keeps real time when its slowest window of {@value SimBenchmark#WINDOW_SECONDS} simulated seconds ran at
 * least as fast as real time; the largest such army per worker count is estimated from the sizes run
 * ({@link BenchSuite#realTimeEstimate}, a power law through the two sizes on either side of real time).
 *
 * <p>Runs alternate 1, 2 workers and the order flips every round, so that load drifting on a shared machine hits
 * both alike; a size's figure is the median over rounds of the slowest window. Printed: a row per size with every
 * round's slowest windows, their medians and ratio, whether every run of the size ended on one world hash, and
 * the load average; then the estimate per worker count and their ratio. Wall time is only meaningful on an
 * otherwise idle machine: read the load column.
 *
 * <p>{@code ArmyBenchmark [seconds] [rounds] [units...]}, defaults 30 simulated s, 2 rounds, 30,000 to 70,000
 * units in steps of 10,000.
 */
public final class ArmyBenchmark {

    private static final int STEP = 1_000;

    private ArmyBenchmark() {
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int[] units = args.length > 2 ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {30_000, 40_000, 50_000, 60_000, 70_000};
        System.out.printf(Locale.ROOT, "cores %d, load average %s; %d simulated s per run, %d rounds%n",
                Runtime.getRuntime().availableProcessors(), load(), seconds, rounds);
        for (int w = 1; w <= 2; w++) { // the JIT's warm-up, on both paths
            SimBenchmark.measure(2_000, SimBenchmark.Rates.SHIPPED, SimBenchmark.WINDOW_SECONDS * 2, w,
                    Clock.system());
        }
        System.out.println("| units | 1w slowest window per round | 2w slowest window per round | 1w median"
                + " | 2w median | 2w / 1w | hash | load |");
        System.out.println("| --: | --- | --- | --: | --: | --: | --- | --: |");
        double[][] medians = new double[2][units.length];
        for (int u = 0; u < units.length; u++) {
            double[][] worst = new double[2][rounds];
            long hash = 0;
            boolean same = true;
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 2; k++) {
                    int w = (r % 2 == 0) ? k : 1 - k; // 1, 2 then 2, 1: drift hits both alike
                    SimBenchmark.Result result = SimBenchmark.measure(units[u], SimBenchmark.Rates.SHIPPED, seconds,
                            w + 1, Clock.system());
                    worst[w][r] = result.worstWindow();
                    if (r == 0 && k == 0) {
                        hash = result.worldHash();
                    }
                    same &= result.worldHash() == hash;
                }
            }
            for (int w = 0; w < 2; w++) {
                medians[w][u] = median(worst[w]);
            }
            System.out.printf(Locale.ROOT, "| %,d | %s | %s | %.3f | %.3f | %.2fx | %s | %s |%n", units[u],
                    list(worst[0]), list(worst[1]), medians[0][u], medians[1][u], medians[1][u] / medians[0][u],
                    same ? "same" : "DIFF", load());
        }
        int one = BenchSuite.realTimeEstimate(units, medians[0], STEP, MatchSetup.MAX_UNITS);
        int two = BenchSuite.realTimeEstimate(units, medians[1], STEP, MatchSetup.MAX_UNITS);
        System.out.printf(Locale.ROOT, "%nLargest army that keeps real time (slowest %d s window at least 1.0"
                        + " simulated s per wall s), to the %,d below: 1 worker %,d (%s), 2 workers %,d (%s);"
                        + " ratio %.2fx. Load average %s at end.%n", SimBenchmark.WINDOW_SECONDS, STEP, one,
                bracket(medians[0]), two, bracket(medians[1]), two / (double) one, load());
    }

    /** Whether the sizes run bracket real time (the estimate interpolates) or not (it extrapolates). */
    private static String bracket(double[] speeds) {
        return speeds[0] >= 1 && speeds[speeds.length - 1] < 1 ? "interpolated" : "extrapolated";
    }

    private static String list(double[] v) {
        StringBuilder s = new StringBuilder();
        for (double d : v) {
            s.append(s.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", d));
        }
        return s.toString();
    }

    private static double median(double[] v) {
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
