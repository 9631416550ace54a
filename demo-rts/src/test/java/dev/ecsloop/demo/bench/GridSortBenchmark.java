package dev.ecsloop.demo.bench;

import com.artemis.World;
import dev.ecsloop.demo.spatial.GridSort;
import dev.ecsloop.demo.spatial.SpatialGrid;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.time.Clock;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A spatial grid's rebuild: the serial counting sort against {@link GridSort}'s parallel steps at 1 and 2 workers
 * (forced with {@link GridSort#inParallelFrom}), for movement's grid (one grid of 1-cell buckets) and combat's (two
 * team grids of 4-cell buckets in one sort), units spread over a 256 x 256 map; for the team grids also the sort per
 * grid, side by side, that {@link GridSort} runs under {@link GridSort#PARALLEL_FROM} workers. Rounds alternate
 * the variants so that load drifting on a shared machine hits them alike; the figures are medians over rounds of
 * the mean wall microseconds per rebuild, with the load average printed.
 *
 * <p>{@code GridSortBenchmark [units] [rounds]}, defaults 20,000 units and 7 rounds of 1,000 rebuilds each.
 */
public final class GridSortBenchmark {
    private static final int REBUILDS = 1_000;

    private GridSortBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        SplittableRandom rnd = new SplittableRandom(1);
        float[] xs = new float[n];
        float[] ys = new float[n];
        int[] teams = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (float) (rnd.nextDouble() * 256);
            ys[i] = (float) (rnd.nextDouble() * 256);
            teams[i] = i < n / 2 ? 0 : 1;
        }
        Clock wall = Clock.system();
        System.out.println(String.format(Locale.ROOT, "%,d units, %d rounds of %,d rebuilds per variant,"
                + " interleaved; load average %s at start", n, rounds, REBUILDS, load()));
        Parallel one = Parallel.forLoop(1, () -> "bench", World::new);
        Parallel two = Parallel.forLoop(2, () -> "bench", World::new);
        try {
            for (float cell : new float[] {1f, 4f}) {
                SpatialGrid serial = new SpatialGrid(256, 256, cell, n);
                SpatialGrid[] teamSerial = {new SpatialGrid(256, 256, cell, n), new SpatialGrid(256, 256, cell, n)};
                // The parallel sort's steps at 1 and 2 workers, and the sort per grid it runs under
                // GridSort.PARALLEL_FROM workers.
                GridSort single = new GridSort(new SpatialGrid(256, 256, cell, n)).inParallelFrom(1);
                GridSort both = new GridSort(new SpatialGrid(256, 256, cell, n), new SpatialGrid(256, 256, cell, n))
                        .inParallelFrom(1);
                GridSort byGrid = new GridSort(new SpatialGrid(256, 256, cell, n),
                        new SpatialGrid(256, 256, cell, n));
                float[][] teamXs = split(xs, teams, n);
                float[][] teamYs = split(ys, teams, n);
                double[][] us = new double[8][rounds];
                for (int r = 0; r < rounds; r++) {
                    us[0][r] = time(wall, () -> serial.rebuild(n, xs, ys));
                    us[1][r] = time(wall, () -> single.rebuild(n, xs, ys, null, one));
                    us[2][r] = time(wall, () -> single.rebuild(n, xs, ys, null, two));
                    us[3][r] = time(wall, () -> {
                        teamSerial[0].rebuild(teamXs[0].length, teamXs[0], teamYs[0]);
                        teamSerial[1].rebuild(teamXs[1].length, teamXs[1], teamYs[1]);
                    });
                    us[4][r] = time(wall, () -> both.rebuild(n, xs, ys, teams, one));
                    us[5][r] = time(wall, () -> both.rebuild(n, xs, ys, teams, two));
                    us[6][r] = time(wall, () -> byGrid.rebuild(n, xs, ys, teams, one));
                    us[7][r] = time(wall, () -> byGrid.rebuild(n, xs, ys, teams, two));
                }
                System.out.println();
                System.out.println(String.format(Locale.ROOT, "cell %.0f (%s), wall us per rebuild, medians:",
                        cell, cell == 1f ? "movement's grid" : "combat's team grids"));
                System.out.println("| grids | serial | parallel steps 1w | parallel steps 2w | 1w / 2w | serial / 2w"
                        + " | a sort per grid 1w | a sort per grid 2w |");
                System.out.println("| ----- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
                row("one", us[0], us[1], us[2], null, null);
                row("two by team", us[3], us[4], us[5], us[6], us[7]);
            }
        } finally {
            one.close();
            two.close();
        }
        System.out.println("load average " + load() + " at end");
    }

    private static void row(String name, double[] serial, double[] one, double[] two, double[] byGrid1,
                            double[] byGrid2) {
        double s = median(serial);
        double a = median(one);
        double b = median(two);
        System.out.println(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.2fx | %.2fx | %s | %s |", name,
                s, a, b, a / b, s / b, cell(byGrid1), cell(byGrid2)));
    }

    private static String cell(double[] us) {
        return us == null ? "" : String.format(Locale.ROOT, "%.1f", median(us));
    }

    /** Each team's coordinates in index order, as a serial pass per team would take them. */
    private static float[][] split(float[] v, int[] teams, int n) {
        float[][] out = new float[2][];
        for (int t = 0; t < 2; t++) {
            int k = 0;
            float[] mine = new float[n];
            for (int i = 0; i < n; i++) {
                if (teams[i] == t) {
                    mine[k++] = v[i];
                }
            }
            out[t] = Arrays.copyOf(mine, k);
        }
        return out;
    }

    private static double time(Clock wall, Runnable rebuild) {
        rebuild.run();
        long start = wall.nanoTime();
        for (int k = 0; k < REBUILDS; k++) {
            rebuild.run();
        }
        return (wall.nanoTime() - start) / 1e3 / REBUILDS;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
