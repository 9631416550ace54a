package dev.ecsloop.demo.bench;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopProbe;
import dev.ecsloop.demo.sim.CombatSystem;
import dev.ecsloop.demo.sim.FogSystem;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.PathfindingSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Simulation throughput at 1 against 2 workers (issue 22): a fresh game per run, driven as fast as possible by
 * 16.667 ms frames of a manual clock, timed in wall time (parallel speed is wall time; CPU time would hide the
 * waits). Runs alternate 1, 2, 1, 2 ... so that load drifting on a shared machine hits both alike; each
 * configuration's best run is kept. Printed: throughput and the ratio side by side, the loop thread's CPU time
 * (the critical path when cores are free: on a loaded machine it estimates the idle machine's wall time) and the
 * workers', whether both ended with the same world hash; then per system its wall milliseconds per tick at 1 and
 * 2 workers, the speedup and parallel efficiency, and its share of the 1-worker run (measured by a
 * {@link LoopProbe}, every run of every system) and in loop-thread CPU time. The serial fraction for Amdahl's law
 * is the share of the 1-worker loop CPU outside the parallel systems (movement, combat, fog, pathfinding); their
 * own serial parts (movement's grid rebuild, combat's damage pass) count as parallel there, so the ceiling it
 * gives is an upper bound. The machine's load average is printed at start and end.
 *
 * <p>{@code ParallelBenchmark [seconds] [rounds] [units...]}, defaults 10 s, 2 rounds, 10,000 and 20,000 units.
 */
public final class ParallelBenchmark {

    private static final long SECOND = 1_000_000_000L;
    private static final long FRAME_NANOS = 16_666_667L;
    private static final Set<Class<? extends BaseSystem>> PARALLEL = Set.of(MovementSystem.class,
            CombatSystem.class, FogSystem.class, PathfindingSystem.class);

    private ParallelBenchmark() {
    }

    /**
     * One run: wall seconds, the final hash, CPU seconds of the loop thread and of the worker threads, and per
     * system (registration order) its runs and the wall nanoseconds they took.
     */
    record Run(double wallSeconds, long hash, double loopCpu, double workerCpu, long[] runs, long[] nanos,
               long[] cpuNanos) {
        double msPerTick(int system) {
            return runs[system] == 0 ? 0 : nanos[system] / 1e6 / runs[system];
        }

        double cpuMsPerTick(int system) {
            return runs[system] == 0 ? 0 : cpuNanos[system] / 1e6 / runs[system];
        }
    }

    /**
     * Sums each system's run costs as the loop measures them (wall), and the loop thread's CPU time from the
     * previous run's end (or the frame's start) to its end: on a loaded machine, wall time counts the waits for a
     * core, CPU time does not (though it counts a loop thread's spinning while it waits for workers).
     */
    private static final class Costs implements LoopProbe {
        final long[] runs;
        final long[] nanos;
        final long[] cpuNanos;
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private long lastCpu;

        Costs(int systems) {
            runs = new long[systems];
            nanos = new long[systems];
            cpuNanos = new long[systems];
        }

        @Override
        public void frameBegan(long frame, long realNanos, long simStartNanos, long simTargetNanos) {
            lastCpu = threads.getCurrentThreadCpuTime();
        }

        @Override
        public void ran(int system, long startNanos, long endNanos, long simNanos) {
            runs[system]++;
            nanos[system] += endNanos - startNanos;
            long cpu = threads.getCurrentThreadCpuTime();
            cpuNanos[system] += cpu - lastCpu;
            lastCpu = cpu;
        }

        @Override
        public void skipped(int system, long runs, long firstSkippedNanos, long runsAtNanos) {
        }

        @Override
        public void frameEnded(long frame, long simNanos, boolean hitCatchUpBound, boolean heldAtHorizon) {
        }
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int[] counts = args.length > 2 ? new int[args.length - 2] : new int[] {10_000, 20_000};
        for (int i = 2; i < args.length; i++) {
            counts[i - 2] = Integer.parseInt(args[i]);
        }
        System.out.println("cores " + Runtime.getRuntime().availableProcessors() + ", load average " + load()
                + " at start; " + seconds + " simulated s per run, best of " + rounds);
        StringBuilder details = new StringBuilder();
        System.out.println(String.format(Locale.ROOT, "| %6s | %10s | %10s | %6s | %11s | %11s | %8s | %9s | %6s"
                + " | %8s | %5s |", "units", "1w sim s/s", "2w sim s/s", "2w/1w", "1w loop cpu", "2w loop cpu",
                "cpu 1/2", "2w worker", "serial", "ceiling", "hash"));
        System.out.println("| -----: | ---------: | ---------: | -----: | ----------: | ----------: | -------: |"
                + " --------: | -----: | -------: | ----- |");
        for (int units : counts) {
            Run best1 = null;
            Run best2 = null;
            List<Class<? extends BaseSystem>> systems = null;
            for (int r = 0; r < rounds; r++) {
                Run one = run(units, 1, seconds);
                Run two = run(units, 2, seconds);
                best1 = best1 == null || one.wallSeconds() < best1.wallSeconds() ? one : best1;
                best2 = best2 == null || two.wallSeconds() < best2.wallSeconds() ? two : best2;
                System.out.println("  (round " + (r + 1) + " at " + units + ": 1w " + fmt(one.wallSeconds()) + " s, 2w "
                        + fmt(two.wallSeconds()) + " s wall, load " + load() + ")");
            }
            systems = systemsOf(units);
            double serial = serialShare(best1, systems);
            System.out.println(String.format(Locale.ROOT, "| %6d | %10.3f | %10.3f | %5.2fx | %10.2fs | %10.2fs |"
                    + " %7.2fx | %8.2fs | %5.1f%% | %7.2fx | %5s |",
                    units, seconds / best1.wallSeconds(), seconds / best2.wallSeconds(),
                    best1.wallSeconds() / best2.wallSeconds(), best1.loopCpu(), best2.loopCpu(),
                    best1.loopCpu() / best2.loopCpu(), best2.workerCpu(), 100 * serial, amdahl(serial, 2),
                    best1.hash() == best2.hash() ? "same" : "DIFF"));
            details.append(perSystem(units, seconds, best1, best2, systems, serial));
        }
        System.out.println();
        System.out.print(details);
        System.out.println("load average " + load() + " at end");
    }

    private static String perSystem(int units, int seconds, Run one, Run two,
                                    List<Class<? extends BaseSystem>> systems, double serial) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%,d units, per system (wall ms per tick;"
                + " share of the 1-worker run's %.1f s):%n", units, one.wallSeconds()));
        out.append("| system | parallel | 1w wall ms/t | 2w wall ms/t | wall speedup | 1w loop-cpu ms/t |"
                + " 2w loop-cpu ms/t | cpu speedup | efficiency (cpu) | 1w share (cpu) |\n");
        out.append("| ------ | -------- | ---------: | ---------: | ------: | ---------: | ---------: | ------: |"
                + " ---------: | -------: |\n");
        for (int s = 0; s < systems.size(); s++) {
            double a = one.msPerTick(s);
            double b = two.msPerTick(s);
            double ca = one.cpuMsPerTick(s);
            double cb = two.cpuMsPerTick(s);
            double share = one.cpuNanos()[s] / 1e9 / one.loopCpu();
            out.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.2fx | %.3f | %.3f | %.2fx | %.0f%% |"
                    + " %.1f%% |%n", systems.get(s).getSimpleName(), PARALLEL.contains(systems.get(s)) ? "yes" : "no",
                    a, b, b == 0 ? 0 : a / b, ca, cb, cb == 0 ? 0 : ca / cb, cb == 0 ? 0 : 100 * ca / cb / 2,
                    100 * share));
        }
        long inSystems = 0;
        for (long n : one.cpuNanos()) {
            inSystems += n;
        }
        out.append(String.format(Locale.ROOT, "outside systems (frame ends, loop): %.1f%% of the 1-worker loop CPU."
                + " Serial fraction s = %.1f%% (loop CPU outside the parallel systems); Amdahl ceiling"
                + " 1/(s + (1-s)/n): 2 workers %.2fx, 4 %.2fx, 8 %.2fx, 16 %.2fx (%d simulated s)%n%n",
                100 * (1 - inSystems / 1e9 / one.loopCpu()), 100 * serial, amdahl(serial, 2), amdahl(serial, 4),
                amdahl(serial, 8), amdahl(serial, 16), seconds));
        return out.toString();
    }

    /**
     * The 1-worker run's loop-thread CPU share outside the parallel systems: serial systems and the loop's own
     * work (CPU, not wall, so that waiting for a core on a loaded machine does not count).
     */
    private static double serialShare(Run one, List<Class<? extends BaseSystem>> systems) {
        double parallel = 0;
        for (int s = 0; s < systems.size(); s++) {
            if (PARALLEL.contains(systems.get(s))) {
                parallel += one.cpuNanos()[s] / 1e9;
            }
        }
        return 1 - parallel / one.loopCpu();
    }

    private static double amdahl(double serial, int n) {
        return 1 / (serial + (1 - serial) / n);
    }

    private static List<Class<? extends BaseSystem>> systemsOf(int units) {
        RtsGame game = RtsGame.create(MatchSetup.defaults(1).withUnits(Math.min(units, 200)), new ManualClock(),
                false);
        List<Class<? extends BaseSystem>> systems = game.loop().systems();
        game.loop().close();
        return systems;
    }

    private static String load() {
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static Run run(int units, int workers, int seconds) {
        MatchSetup config = MatchSetup.defaults(1).withUnits(units);
        ManualClock clock = new ManualClock();
        Clock wall = Clock.system();
        RtsGame game = RtsGame.create(config, clock, false, wall, workers);
        GameLoop loop = game.loop();
        Costs costs = new Costs(loop.systems().size());
        loop.setProbe(costs);
        long end = seconds * SECOND;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long workersStart = workerCpu(threads);
        long start = wall.nanoTime();
        while (loop.simulatedNanos() < end) {
            clock.advance(Math.min(FRAME_NANOS, end - loop.simulatedNanos()));
            game.frame();
        }
        long spent = wall.nanoTime() - start;
        double loopCpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        double workerCpu = (workerCpu(threads) - workersStart) / 1e9;
        long hash = new StateHash(loop.world()).hash();
        loop.setProbe(null);
        loop.close();
        return new Run(spent / 1e9, hash, loopCpu, workerCpu, costs.runs, costs.nanos, costs.cpuNanos);
    }

    /** CPU nanoseconds of every loop worker thread alive (those of the running game; others are parked). */
    private static long workerCpu(ThreadMXBean threads) {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("ecs-loop-worker-")) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getId()));
            }
        }
        return sum;
    }
}
