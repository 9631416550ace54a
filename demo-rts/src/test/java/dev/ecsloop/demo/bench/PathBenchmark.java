package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.map.CellRect;
import dev.ecsloop.demo.map.GridMap;
import dev.ecsloop.demo.map.MapGenerator;
import dev.ecsloop.demo.path.FlowFieldService;
import dev.ecsloop.demo.path.PathService;
import dev.ecsloop.demo.path.SharedPathService;
import dev.ecsloop.time.Clock;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Side-by-side cost of answering 2,000 path requests with plain A*, shared A* paths and flow fields, on the
 * default 256 x 256 map: all units from team 0's spawn, ordered (1) to one cell, (2) to distinct cells in a
 * 16 x 16 area, (3) to scattered cells. Not a unit test: run
 * {@code java -cp demo-rts/target/classes:demo-rts/target/test-classes dev.ecsloop.demo.bench.PathBenchmark}.
 *
 * <p>Work units (requests + expanded/settled nodes) and ticks at the default budget are deterministic; times
 * are medians of several runs after warm-up and vary by machine, so compare ratios within one run.
 */
public final class PathBenchmark {
    private static final int UNITS = 2000;
    private static final int BUDGET = 20_000;

    private PathBenchmark() {
    }

    public static void main(String[] args) {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
        GridMap map = MapGenerator.generate(seed);
        System.out.println(map + ", seed " + seed + ", " + UNITS + " units, budget " + BUDGET + " work units/tick");
        System.out.printf("%-12s %-10s %10s %12s %7s %12s%n", "scenario", "service", "median ms", "work units",
                "ticks", "ns/unit");
        warmUp(map, seed);
        String[] scenarios = {"one cell", "16x16 area", "scattered"};
        for (int s = 0; s < scenarios.length; s++) {
            int[][] requests = requests(map, s, seed);
            Result plain = measure(() -> new SharedPathService(map, BUDGET, 8, 0, 1), requests);
            Result shared = measure(() -> new SharedPathService(map, BUDGET), requests);
            Result flow = measure(() -> new FlowFieldService(map, BUDGET), requests);
            print(scenarios[s], "plain A*", plain);
            print(scenarios[s], "shared", shared);
            print(scenarios[s], "flow", flow);
            if (s == 1) { // cache large enough for the area's distinct goal cells (64 KiB each)
                print(scenarios[s], "flow(512)", measure(() -> new FlowFieldService(map, BUDGET, 512), requests));
            }
            System.out.printf("%-12s time ratios: shared/plain %.3f, flow/plain %.3f, flow/shared %.3f%n%n",
                    scenarios[s], shared.medianNs / (double) plain.medianNs, flow.medianNs / (double) plain.medianNs,
                    flow.medianNs / (double) shared.medianNs);
        }
    }

    private record Result(long medianNs, long work, int ticks) {
    }

    private static void print(String scenario, String service, Result r) {
        System.out.printf("%-12s %-10s %10.2f %12d %7d %12.1f%n", scenario, service, r.medianNs / 1e6, r.work,
                r.ticks, r.medianNs / (double) r.work);
    }

    private static int[][] requests(GridMap map, int scenario, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed * 31 + scenario);
        CellRect from = MapGenerator.spawnArea(0, map.width(), map.height());
        CellRect to = MapGenerator.spawnArea(1, map.width(), map.height());
        int[][] r = new int[UNITS][];
        for (int i = 0; i < UNITS; i++) {
            int sx = from.x() + rnd.nextInt(from.width());
            int sy = from.y() + rnd.nextInt(from.height());
            int goal = switch (scenario) {
                case 0 -> map.index(to.centerX(), to.centerY());
                case 1 -> map.nearestWalkable(to.centerX() - 8 + rnd.nextInt(16), to.centerY() - 8 + rnd.nextInt(16));
                default -> map.nearestWalkable(rnd.nextInt(map.width()), rnd.nextInt(map.height()));
            };
            r[i] = new int[] {sx, sy, map.xOf(goal), map.yOf(goal)};
        }
        return r;
    }

    private static Result measure(Supplier<PathService> factory, int[][] requests) {
        long first = runOnce(factory.get(), requests);
        int runs = first < 1_000_000_000L ? 5 : 3;
        long[] times = new long[runs];
        times[0] = first;
        if (runs == 5) { // cheap: discard the first run and two more as extra warm-up
            runOnce(factory.get(), requests);
            runOnce(factory.get(), requests);
            times[0] = runOnce(factory.get(), requests);
        }
        PathService last = null;
        for (int run = 1; run < runs; run++) {
            last = factory.get();
            times[run] = runOnce(last, requests);
        }
        Arrays.sort(times);
        return new Result(times[runs / 2], last.totalWork(), ticksOf(last));
    }

    private static long runOnce(PathService service, int[][] requests) {
        long t0 = Clock.system().nanoTime();
        for (int i = 0; i < requests.length; i++) {
            service.request(i, requests[i][0], requests[i][1], requests[i][2], requests[i][3]);
        }
        while (service.pending() > 0) {
            service.tick((u, route) -> { });
        }
        return Clock.system().nanoTime() - t0;
    }

    /** Every tick but the last uses the whole budget, so the tick count follows from the total work. */
    private static int ticksOf(PathService s) {
        return (int) ((s.totalWork() + s.budget() - 1) / s.budget());
    }

    /** Compiles the hot loops of all services before anything is timed. */
    private static void warmUp(GridMap map, long seed) {
        int[][] one = requests(map, 0, seed);
        int[][] area = requests(map, 1, seed);
        for (int i = 0; i < 4; i++) {
            runOnce(new SharedPathService(map, BUDGET, 8, 0, 1), area);
            runOnce(new SharedPathService(map, BUDGET), area);
            for (int k = 0; k < 10; k++) {
                runOnce(new FlowFieldService(map, BUDGET), one);
            }
        }
    }
}
