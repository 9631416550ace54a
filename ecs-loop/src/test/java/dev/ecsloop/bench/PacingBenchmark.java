package dev.ecsloop.bench;

import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Frame pacing on the real clock: {@link FramePacer} against the two naive ways to cap a frame rate, side by side
 * in one run. Not a unit test (it sleeps for real and its numbers depend on the machine); run it by hand:
 *
 * <pre>
 * mvn -B -o -q -pl ecs-loop test-compile
 * mvn -B -o -q -pl ecs-loop dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp ecs-loop/target/classes:ecs-loop/target/test-classes:$(cat /tmp/cp.txt) \
 *     dev.ecsloop.bench.PacingBenchmark [seconds | --quick]
 * </pre>
 *
 * <p>Each variant runs for the given real time (10 s by default, 2 s with {@code --quick}) after a 3 s warm-up,
 * at 60 and at 144 FPS, with about 0.5 ms of busy work per frame. Columns: the mean frame interval minus the
 * target (a drifting pacer shows here), the 50th/99th percentile and maximum of |interval - target| (jitter), and
 * process CPU time as a percentage of one core over the run (power). All time is read through
 * {@link Clock#system()}; the naive loops use the same exact deadline grid and stall rule as the pacer, so only
 * the way of waiting differs.
 */
public final class PacingBenchmark {

    private static final long WORK_NANOS = 500_000L;
    /** Long enough for the default pacer to learn this machine's sleeps (it starts from a 1 ms spin). */
    private static final double WARM_UP_SECONDS = 3;

    /** One way of waiting for the next frame. */
    private interface Waiter {
        void start();

        void await();
    }

    private static final Clock CLOCK = Clock.system();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private PacingBenchmark() {
    }

    /**
     * One measured variant at one cap: the mean interval minus the target, percentiles of |interval - target|
     * (all in milliseconds) and process CPU time as a percentage of one core.
     */
    public record Row(String variant, int fps, int frames, double meanErrorMs, double p50Ms, double p99Ms,
                      double maxMs, double cpuPercent) {
    }

    public static void main(String[] args) {
        double seconds = 10;
        for (String arg : args) {
            if (arg.equals("--quick")) {
                seconds = 2;
            } else {
                seconds = Double.parseDouble(arg);
            }
        }
        System.out.printf(Locale.ROOT,
                "Pacing benchmark: %.1f s per variant, %.1f ms busy work per frame, %d cores, load average %.2f%n",
                seconds, WORK_NANOS / 1e6, Runtime.getRuntime().availableProcessors(), OS.getSystemLoadAverage());
        for (int fps : new int[] {60, 144}) {
            System.out.printf(Locale.ROOT, "%n%d FPS (target interval %.3f ms)%n", fps, 1e3 / fps);
            System.out.printf(Locale.ROOT, "%-30s %7s %10s %9s %9s %9s %8s%n",
                    "variant", "frames", "mean err", "p50 dev", "p99 dev", "max dev", "CPU %");
            for (Row row : measure(fps, seconds)) {
                System.out.printf(Locale.ROOT, "%-30s %7d %+10.4f %9.3f %9.3f %9.3f %8.1f%n", row.variant(),
                        row.frames(), row.meanErrorMs(), row.p50Ms(), row.p99Ms(), row.maxMs(), row.cpuPercent());
            }
        }
        System.out.printf(Locale.ROOT, "%nsystem load average at the end: %.2f (a loaded machine shows in p99/max)%n",
                OS.getSystemLoadAverage());
        System.out.println("err/dev in ms: mean err = mean interval - target; dev = |interval - target|."
                + " CPU % = process CPU time / wall time, 100 = one core.");
    }

    /**
     * Runs the four variants one after the other at {@code fps} for {@code seconds} of real time each: the default
     * pacer (its spin threshold learned), the pacer with a fixed 1 ms spin, a {@code Thread.sleep(1)} loop and a
     * busy spin.
     */
    public static List<Row> measure(int fps, double seconds) {
        return List.of(
                run("FramePacer (learned spin)", new PacerWaiter(new FramePacer(CLOCK, fps)), fps, seconds),
                run("FramePacer (fixed 1 ms spin)", new PacerWaiter(new FramePacer(CLOCK, fps,
                        FramePacer.DEFAULT_SPIN_THRESHOLD)), fps, seconds),
                run("Thread.sleep(1) loop", new GridWaiter(fps, false), fps, seconds),
                run("busy-spin loop", new GridWaiter(fps, true), fps, seconds));
    }

    private static Row run(String name, Waiter waiter, int fps, double seconds) {
        runFrames(waiter, (int) Math.ceil(WARM_UP_SECONDS * fps), null);
        int frames = (int) Math.round(seconds * fps);
        long[] starts = new long[frames + 1];
        long cpu0 = OS.getProcessCpuTime();
        long wall0 = CLOCK.nanoTime();
        runFrames(waiter, frames + 1, starts);
        long wall = CLOCK.nanoTime() - wall0;
        long cpu = OS.getProcessCpuTime() - cpu0;

        double target = 1e9 / fps;
        double[] dev = new double[frames];
        double sum = 0;
        for (int i = 0; i < frames; i++) {
            long interval = starts[i + 1] - starts[i];
            sum += interval;
            dev[i] = Math.abs(interval - target);
        }
        Arrays.sort(dev);
        return new Row(name, fps, frames, (sum / frames - target) / 1e6, pct(dev, 0.50) / 1e6, pct(dev, 0.99) / 1e6,
                dev[frames - 1] / 1e6, 100.0 * cpu / wall);
    }

    private static double pct(double[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static void runFrames(Waiter waiter, int frames, long[] starts) {
        waiter.start();
        for (int i = 0; i < frames; i++) {
            long start = CLOCK.nanoTime();
            if (starts != null) {
                starts[i] = start;
            }
            while (CLOCK.nanoTime() - start < WORK_NANOS) {
                // busy work: the frame's simulation and drawing
            }
            waiter.await();
        }
    }

    private static final class PacerWaiter implements Waiter {
        private final FramePacer pacer;

        PacerWaiter(FramePacer pacer) {
            this.pacer = pacer;
        }

        @Override
        public void start() {
            pacer.restart();
        }

        @Override
        public void await() {
            pacer.awaitNextFrame();
        }
    }

    /** The naive loops, on the pacer's grid (deadline k = origin + floor(k s / fps)) with its stall rule. */
    private static final class GridWaiter implements Waiter {
        private final int fps;
        private final boolean spin;
        private long origin;
        private long k;

        GridWaiter(int fps, boolean spin) {
            this.fps = fps;
            this.spin = spin;
        }

        @Override
        public void start() {
            origin = CLOCK.nanoTime();
            k = 0;
        }

        @Override
        public void await() {
            long deadline = origin + (k + 1) * 1_000_000_000L / fps;
            long now = CLOCK.nanoTime();
            if (now - deadline > 1_000_000_000L / fps) {
                start();
                return;
            }
            while (CLOCK.nanoTime() < deadline) {
                if (spin) {
                    Thread.onSpinWait();
                } else {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
            k++;
        }
    }
}
