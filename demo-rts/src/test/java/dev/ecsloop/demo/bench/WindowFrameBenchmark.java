package dev.ecsloop.demo.bench;

import dev.ecsloop.FrameListener;
import dev.ecsloop.demo.GlWindowLauncher;
import dev.ecsloop.demo.StartingClock;
import dev.ecsloop.demo.WindowRequest;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.Clock;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether the default worker count starves rendering (issue 22): the demo's window at a 60 FPS cap, the same
 * seed and units at 1 worker and at the default (the number of cores), rounds interleaved 1, default, 1, ... so
 * that load drifting on a shared machine hits both alike. Measured: every frame interval as the loop's clock
 * sees it (a frame's real span, from {@link FrameListener}), after a warm-up; printed per round p50, p99 and the
 * worst interval, then the medians over rounds side by side. Needs a display: run it under
 * {@code xvfb-run -a -s "-screen 0 1280x720x24"}.
 *
 * <p>{@code WindowFrameBenchmark [seconds] [rounds] [units] [workers]}, defaults 20 s, 3 rounds, 5,000 units,
 * the number of cores.
 */
public final class WindowFrameBenchmark {

    private static final long WARM_UP = 3_000_000_000L;

    private WindowFrameBenchmark() {
    }

    /** Frame intervals after the warm-up, in a preallocated array (no allocation per frame). */
    private static final class Intervals implements FrameListener {
        final long[] nanos = new long[1 << 16];
        int count;

        @Override
        public void beforeSystems(long realStart, long realEnd, long wantedStart, long wantedEnd, long simEnd) {
            if (simEnd > WARM_UP && count < nanos.length && realEnd > realStart) {
                nanos[count++] = realEnd - realStart;
            }
        }

        double percentileMs(double p) {
            long[] sorted = Arrays.copyOf(nanos, count);
            Arrays.sort(sorted);
            return count == 0 ? Double.NaN : sorted[(int) Math.min(count - 1, Math.ceil(p * count) - 1)] / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int units = args.length > 2 ? Integer.parseInt(args[2]) : 5_000;
        int workers = args.length > 3 ? Integer.parseInt(args[3]) : Runtime.getRuntime().availableProcessors();
        System.out.println(String.format(Locale.ROOT, "window at 60 FPS, %,d units, seed 1, %d s per run (first %d s"
                + " not counted), 1 worker against %d, %d rounds interleaved; frame intervals in ms; load %s",
                units, seconds, WARM_UP / 1_000_000_000L, workers, rounds, load()));
        System.out.println("| round | 1w frames | 1w p50 | 1w p99 | 1w worst | " + workers + "w frames | " + workers
                + "w p50 | " + workers + "w p99 | " + workers + "w worst | load |");
        System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        double[] p99One = new double[rounds];
        double[] p99Many = new double[rounds];
        double[] p50One = new double[rounds];
        double[] p50Many = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            Intervals one = run(units, 1, seconds);
            Intervals many = run(units, workers, seconds);
            p99One[r] = one.percentileMs(0.99);
            p99Many[r] = many.percentileMs(0.99);
            p50One[r] = one.percentileMs(0.5);
            p50Many[r] = many.percentileMs(0.5);
            System.out.println(String.format(Locale.ROOT, "| %d | %d | %.2f | %.2f | %.2f | %d | %.2f | %.2f | %.2f |"
                    + " %s |", r + 1, one.count, p50One[r], p99One[r], one.percentileMs(1), many.count, p50Many[r],
                    p99Many[r], many.percentileMs(1), load()));
        }
        System.out.println(String.format(Locale.ROOT, "| median | | %.2f | %.2f | | | %.2f | %.2f | | |",
                median(p50One), median(p99One), median(p50Many), median(p99Many)));
        System.out.println(String.format(Locale.ROOT, "p99 at %d workers / p99 at 1 worker: %.2f (median over"
                + " rounds; 1.00 or less: rendering is not starved)", workers, median(p99Many) / median(p99One)));
    }

    private static Intervals run(int units, int workers, int seconds) throws Exception {
        StartingClock clock = new StartingClock(Clock.system());
        RtsGame game = RtsGame.create(MatchSetup.defaults(1).withUnits(units).withEndless(true), clock, false,
                Clock.system(), workers);
        Intervals intervals = new Intervals();
        game.loop().addFrameListener(intervals);
        new GlWindowLauncher().run(game, new WindowRequest(60, seconds * 1_000_000_000L, false, List.of()),
                clock::start);
        return intervals;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
