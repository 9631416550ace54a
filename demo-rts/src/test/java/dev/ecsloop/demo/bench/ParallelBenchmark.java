package dev.ecsloop.demo.bench;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopProbe;
import dev.ecsloop.demo.sim.AnimationSystem;
import dev.ecsloop.demo.sim.CombatSystem;
import dev.ecsloop.demo.sim.FogSystem;
import dev.ecsloop.demo.sim.InfluenceSystem;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.PathfindingSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Simulation throughput at 1 against 2 workers (issue 22): a fresh game per run, driven as fast as possible by
 * 16.667 ms frames of a manual clock, timed in wall time (parallel speed is wall time; CPU time would hide the
 * waits). Runs alternate 1, 2, 1, 2 ... (with {@code --park}: 1, 2, 2 parking at once, ...) so that load drifting
 * on a shared machine hits them alike, and each round's 1-worker and 2-worker walls are compared with each other:
 * the figure is the median of the per-round ratios, since single rounds on a shared machine vary by 40%.
 * Printed per round: walls, the ratio, the loop thread's CPU time (the critical path when cores are free) and the
 * workers', the load, whether every run ended with the same world hash. Then per system, medians over rounds of
 * its loop-thread CPU and wall milliseconds per tick at 1 and 2 workers, the speedup and parallel efficiency, and
 * its share of the 1-worker loop CPU (measured by a {@link LoopProbe}, every run of every system). The serial
 * fraction for Amdahl's law is the share of the 1-worker loop CPU outside the parallel systems (movement,
 * combat, fog, pathfinding, animation, influence); their own serial parts (combat's damage pass, influence's sums)
 * count as parallel there, so the ceiling it gives is an upper bound.
 *
 * <p>{@code ParallelBenchmark [seconds] [rounds] [units...] [--park]}, defaults 10 s, 2 rounds, 10,000 and
 * 20,000 units.
 */
public final class ParallelBenchmark {

    private static final String SPINS_PROPERTY = "ecsloop.parallel.spins";
    private static final long SECOND = 1_000_000_000L;
    private static final long FRAME_NANOS = 16_666_667L;
    private static final Set<Class<? extends BaseSystem>> PARALLEL = Set.of(MovementSystem.class,
            CombatSystem.class, FogSystem.class, PathfindingSystem.class, AnimationSystem.class,
            InfluenceSystem.class);

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
        List<String> plain = new ArrayList<>();
        boolean park = false;
        for (String a : args) {
            if (a.equals("--park")) {
                park = true;
            } else {
                plain.add(a);
            }
        }
        int seconds = plain.size() > 0 ? Integer.parseInt(plain.get(0)) : 10;
        int rounds = plain.size() > 1 ? Integer.parseInt(plain.get(1)) : 2;
        int[] counts = plain.size() > 2 ? new int[plain.size() - 2] : new int[] {10_000, 20_000};
        for (int i = 2; i < plain.size(); i++) {
            counts[i - 2] = Integer.parseInt(plain.get(i));
        }
        System.out.println("cores " + Runtime.getRuntime().availableProcessors() + ", load average " + load()
                + " at start; " + seconds + " simulated s per run, " + rounds + " rounds of 1w, 2w"
                + (park ? ", 2w parking at once (spins 0)" : "") + " interleaved; medians of per-round ratios");
        for (int units : counts) {
            List<Run> ones = new ArrayList<>();
            List<Run> twos = new ArrayList<>();
            List<Run> parks = new ArrayList<>();
            System.out.println();
            System.out.println(String.format(Locale.ROOT, "%,d units, per round (wall s; ratio = 1w wall / 2w wall):",
                    units));
            System.out.println("| round | 1w wall | 2w wall | 2w/1w |" + (park ? " 2w park wall | park/1w |" : "")
                    + " 1w loop cpu | 2w loop cpu | 2w worker cpu | load | hash |");
            System.out.println("| ---: | ---: | ---: | ---: |" + (park ? " ---: | ---: |" : "")
                    + " ---: | ---: | ---: | ---: | --- |");
            for (int r = 0; r < rounds; r++) {
                Run one = run(units, 1, seconds, -1);
                Run two = run(units, 2, seconds, -1);
                Run zero = park ? run(units, 2, seconds, 0) : null;
                ones.add(one);
                twos.add(two);
                if (park) {
                    parks.add(zero);
                }
                boolean same = one.hash() == two.hash() && (zero == null || zero.hash() == one.hash());
                System.out.println(String.format(Locale.ROOT, "| %d | %.2f | %.2f | %.2fx |", r + 1,
                        one.wallSeconds(), two.wallSeconds(), one.wallSeconds() / two.wallSeconds())
                        + (park ? String.format(Locale.ROOT, " %.2f | %.2fx |", zero.wallSeconds(),
                        one.wallSeconds() / zero.wallSeconds()) : "")
                        + String.format(Locale.ROOT, " %.2f | %.2f | %.2f | %s | %s |", one.loopCpu(),
                        two.loopCpu(), two.workerCpu(), load(), same ? "same" : "DIFF"));
            }
            List<Class<? extends BaseSystem>> systems = systemsOf(units);
            System.out.println(String.format(Locale.ROOT, "| median | %.2f | %.2f | %.2fx |",
                    median(ones, Run::wallSeconds), median(twos, Run::wallSeconds), medianRatio(ones, twos))
                    + (park ? String.format(Locale.ROOT, " %.2f | %.2fx |", median(parks, Run::wallSeconds),
                    medianRatio(ones, parks)) : "")
                    + String.format(Locale.ROOT, " %.2f | %.2f | %.2f | | |", median(ones, Run::loopCpu),
                    median(twos, Run::loopCpu), median(twos, Run::workerCpu)));
            System.out.println(String.format(Locale.ROOT, "median of per-round ratios: wall 1w/2w %.2fx;"
                    + " loop-thread CPU 1w/2w %.2fx (the speedup an idle machine would show if the worker kept up:"
                    + " CPU time leaves out the waits for a core that make wall ratios noise under load)",
                    medianRatio(ones, twos), medianRatio(ones, twos, Run::loopCpu))
                    + (park ? String.format(Locale.ROOT, "; parking at once: wall %.2fx, loop CPU %.2fx",
                    medianRatio(ones, parks), medianRatio(ones, parks, Run::loopCpu)) : ""));
            System.out.println();
            System.out.print(perSystem(units, seconds, ones, twos, "2w", systems));
            if (park) {
                System.out.print(perSystem(units, seconds, ones, parks, "2w park", systems));
            }
        }
        System.out.println("load average " + load() + " at end");
    }

    /** The median over rounds of 1w wall / 2w wall, each round's pair taken together. */
    private static double medianRatio(List<Run> ones, List<Run> twos) {
        return medianRatio(ones, twos, Run::wallSeconds);
    }

    /** The median over rounds of a figure's 1w / 2w ratio, each round's pair taken together. */
    private static double medianRatio(List<Run> ones, List<Run> twos, ToDoubleFunction<Run> figure) {
        double[] r = new double[ones.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = figure.applyAsDouble(ones.get(i)) / figure.applyAsDouble(twos.get(i));
        }
        return median(r);
    }

    private static double median(List<Run> runs, ToDoubleFunction<Run> value) {
        double[] v = new double[runs.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value.applyAsDouble(runs.get(i));
        }
        return median(v);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /**
     * Per system, medians over rounds: loop-thread CPU and wall milliseconds per tick at 1 and 2 workers, the
     * CPU speedup and parallel efficiency (speedup / 2), and the system's share of the 1-worker loop CPU; then
     * the serial fraction and Amdahl's ceilings.
     */
    private static String perSystem(int units, int seconds, List<Run> ones, List<Run> twos, String label,
                                    List<Class<? extends BaseSystem>> systems) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%,d units, per system, 1w against %s"
                + " (medians over rounds, ms per tick; efficiency = loop-cpu speedup / 2):%n", units, label));
        out.append("| system | parallel | 1w loop-cpu | ").append(label).append(" loop-cpu | cpu speedup |"
                + " efficiency | 1w wall | ").append(label).append(" wall | wall speedup | 1w share (cpu) |\n");
        out.append("| ------ | -------- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        double oneLoop = median(ones, Run::loopCpu);
        for (int s = 0; s < systems.size(); s++) {
            int system = s;
            double ca = median(ones, r -> r.cpuMsPerTick(system));
            double cb = median(twos, r -> r.cpuMsPerTick(system));
            double a = median(ones, r -> r.msPerTick(system));
            double b = median(twos, r -> r.msPerTick(system));
            double share = median(ones, r -> r.cpuNanos()[system] / 1e9 / r.loopCpu());
            out.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.2fx | %.0f%% | %.3f | %.3f | %.2fx |"
                    + " %.1f%% |%n", systems.get(s).getSimpleName(), PARALLEL.contains(systems.get(s)) ? "yes" : "no",
                    ca, cb, cb == 0 ? 0 : ca / cb, cb == 0 ? 0 : 100 * ca / cb / 2, a, b, b == 0 ? 0 : a / b,
                    100 * share));
        }
        double serial = median(ones, r -> serialShare(r, systems));
        double outside = median(ones, r -> {
            long inSystems = 0;
            for (long n : r.cpuNanos()) {
                inSystems += n;
            }
            return 1 - inSystems / 1e9 / r.loopCpu();
        });
        out.append(String.format(Locale.ROOT, "1w loop CPU %.2f s (median); outside systems (frame ends, loop):"
                + " %.1f%%. Serial fraction s = %.1f%% (loop CPU outside the parallel systems); Amdahl ceiling"
                + " 1/(s + (1-s)/n): 2 workers %.2fx, 4 %.2fx, 8 %.2fx, 16 %.2fx (%d simulated s)%n%n",
                oneLoop, 100 * outside, 100 * serial, amdahl(serial, 2), amdahl(serial, 4), amdahl(serial, 8),
                amdahl(serial, 16), seconds));
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

    /**
     * One run on a fresh game. {@code spins} sets the pool's spin count before parking (the system property
     * {@code ecsloop.parallel.spins}, read when the pool starts); negative leaves the default.
     */
    static Run run(int units, int workers, int seconds, int spins) {
        if (spins >= 0) {
            System.setProperty(SPINS_PROPERTY, Integer.toString(spins));
        } else {
            System.clearProperty(SPINS_PROPERTY);
        }
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
