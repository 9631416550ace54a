package dev.ecsloop.demo.bench;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.MovementSystem;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.sim.SimSystems;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Simulation throughput at 1 against 2 workers (issue 22): a fresh game per run, driven as fast as possible by
 * 16.667 ms frames of a manual clock, timed in wall time (parallel speed is wall time; CPU time would hide the
 * waits). Runs alternate 1, 2, 1, 2 ... so that load drifting on a shared machine hits both alike; the table
 * gives each configuration's best run, the ratio side by side, movement's mean wall milliseconds per tick (the
 * parallel system) and whether both ended with the same world hash. Print the machine's load with it.
 *
 * <p>{@code ParallelBenchmark [seconds] [rounds] [units...]}, defaults 10 s, 2 rounds, 10,000 and 20,000 units.
 */
public final class ParallelBenchmark {

    private static final long SECOND = 1_000_000_000L;
    private static final long FRAME_NANOS = 16_666_667L;

    private ParallelBenchmark() {
    }

    /**
     * One run: wall seconds, movement's mean ms per tick, the final hash, and the CPU seconds of the loop thread
     * and of the worker threads. The loop thread's CPU time is the critical path when cores are free: on a
     * loaded machine it estimates what wall time would be on an idle one.
     */
    record Run(double wallSeconds, double movementMs, long hash, double loopCpu, double workerCpu) {
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int[] counts = args.length > 2 ? new int[args.length - 2] : new int[] {10_000, 20_000};
        for (int i = 2; i < args.length; i++) {
            counts[i - 2] = Integer.parseInt(args[i]);
        }
        System.out.println("cores " + Runtime.getRuntime().availableProcessors() + ", load average "
                + String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage())
                + " at start; " + seconds + " simulated s per run, best of " + rounds);
        System.out.println(String.format(Locale.ROOT, "| %6s | %12s | %12s | %7s | %14s | %14s | %11s | %11s | %9s"
                + " | %5s |", "units", "1w sim s/s", "2w sim s/s", "2w/1w", "1w move ms/t", "2w move ms/t",
                "1w loop cpu", "2w loop cpu", "2w worker", "hash"));
        for (int units : counts) {
            Run best1 = null;
            Run best2 = null;
            for (int r = 0; r < rounds; r++) {
                Run one = run(units, 1, seconds);
                Run two = run(units, 2, seconds);
                best1 = best1 == null || one.wallSeconds() < best1.wallSeconds() ? one : best1;
                best2 = best2 == null || two.wallSeconds() < best2.wallSeconds() ? two : best2;
            }
            System.out.println(String.format(Locale.ROOT, "| %6d | %12.3f | %12.3f | %6.2fx | %14.3f | %14.3f |"
                    + " %10.2fs | %10.2fs | %8.2fs | %5s |",
                    units, seconds / best1.wallSeconds(), seconds / best2.wallSeconds(),
                    best1.wallSeconds() / best2.wallSeconds(), best1.movementMs(), best2.movementMs(),
                    best1.loopCpu(), best2.loopCpu(), best2.workerCpu(),
                    best1.hash() == best2.hash() ? "same" : "DIFF"));
        }
        System.out.println("load average " + String.format(Locale.ROOT, "%.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()) + " at end");
    }

    static Run run(int units, int workers, int seconds) {
        MatchSetup config = MatchSetup.defaults(1).withUnits(units);
        ManualClock clock = new ManualClock();
        Clock wall = Clock.system();
        RtsGame game = RtsGame.create(config, clock, false, wall, workers);
        GameLoop loop = game.loop();
        Class<? extends BaseSystem> movement = MovementSystem.class;
        int index = SimSystems.ALL.indexOf(movement);
        double weighted = 0;
        long ticks = 0;
        long end = seconds * SECOND;
        long nextSample = SECOND;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long workersStart = workerCpu(threads);
        long start = wall.nanoTime();
        while (loop.simulatedNanos() < end) {
            clock.advance(Math.min(FRAME_NANOS, end - loop.simulatedNanos()));
            game.frame();
            if (clock.nanoTime() > nextSample) {
                long t = loop.stats().runsPerSecond(loop.system(movement));
                weighted += loop.stats().meanRunMillis(loop.system(movement)) * t;
                ticks += t;
                nextSample += SECOND;
            }
        }
        long spent = wall.nanoTime() - start;
        double loopCpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        double workerCpu = (workerCpu(threads) - workersStart) / 1e9;
        long hash = new StateHash(loop.world()).hash();
        loop.close();
        if (index < 0) {
            throw new IllegalStateException("movement is not a simulation system");
        }
        return new Run(spent / 1e9, ticks == 0 ? 0 : weighted / ticks, hash, loopCpu, workerCpu);
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
