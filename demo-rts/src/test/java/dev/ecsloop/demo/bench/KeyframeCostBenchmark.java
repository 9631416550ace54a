package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.LiveKeyframes;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * What a live keyframe costs the loop thread, packing on it (as {@link LiveKeyframes} did) against packing on the
 * packer thread (as it does now), side by side in one run: an {@code --endless} 5,000-unit game for N simulated
 * minutes at 60 FPS on a manual clock, as fast as the machine goes, with two {@link LiveKeyframes} kept on it at
 * the default interval and budget, one of each kind. Both capture the same instants of the same world; which one
 * polls first alternates at each instant, so neither always meets a warmer cache. Every poll is timed on the loop
 * thread, by its CPU time ({@link ThreadCpuClock}: what the neighbours' builds cannot inflate) and by wall time,
 * and its allocation counted: a poll that does not capture must allocate nothing either way.
 *
 * <p>{@code KeyframeCostBenchmark [minutes] [units]}; defaults 4, 5000.
 */
public final class KeyframeCostBenchmark {
    private static final long SECOND = 1_000_000_000L;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** One kind's figures: per captured keyframe, CPU and wall on the loop thread; allocation of the other polls. */
    private static final class Kind {
        final String name;
        final LiveKeyframes keys;
        long[] cpu = new long[4096];
        long[] wall = new long[4096];
        int captured;
        long otherCpu;
        long otherAllocated;
        long capturedAllocated;

        Kind(String name, LiveKeyframes keys) {
            this.name = name;
            this.keys = keys;
        }

        void poll(ThreadCpuClock cpuClock, Clock wallClock) {
            long a0 = THREADS.getCurrentThreadAllocatedBytes();
            long c0 = cpuClock.nanoTime();
            long w0 = wallClock.nanoTime();
            boolean took = keys.poll();
            long w1 = wallClock.nanoTime();
            long c1 = cpuClock.nanoTime();
            long a1 = THREADS.getCurrentThreadAllocatedBytes();
            if (took) {
                cpu[captured] = c1 - c0;
                wall[captured] = w1 - w0;
                captured++;
                capturedAllocated += a1 - a0;
            } else {
                otherCpu += c1 - c0;
                otherAllocated += a1 - a0;
            }
        }
    }

    private KeyframeCostBenchmark() {
    }

    public static void main(String[] args) {
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int units = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        MatchSetup setup = MatchSetup.defaults(1).withUnits(units).withEndless(true);
        RtsGame game = RtsGame.create(setup, new ManualClock(), false);
        ManualClock clock = (ManualClock) game.loop().clock();
        Kind inline = new Kind("packing on the loop thread (before)", LiveKeyframes.startPackingOnLoopThread(
                game.snapshots(), game.inputs(), Keyframes.DEFAULT_INTERVAL, Keyframes.DEFAULT_BUDGET_MB));
        Kind off = new Kind("packing on the packer thread (now)", LiveKeyframes.start(game.snapshots(),
                game.inputs(), Keyframes.DEFAULT_INTERVAL, Keyframes.DEFAULT_BUDGET_MB));
        ThreadCpuClock cpu = new ThreadCpuClock();
        Clock wall = Clock.system();
        long end = minutes * 60L * SECOND;
        long frames = 0;
        long w0 = wall.nanoTime();
        while (game.loop().simulatedNanos() < end) {
            long due = Math.min(end, Math.min(inline.keys.nextDueNanos(), off.keys.nextDueNanos()));
            clock.advance(Math.min(SECOND / 60, due - game.loop().simulatedNanos()));
            game.frame();
            frames++;
            if ((game.loop().simulatedNanos() / Keyframes.DEFAULT_INTERVAL.toNanos()) % 2 == 0) {
                inline.poll(cpu, wall);
                off.poll(cpu, wall);
            } else {
                off.poll(cpu, wall);
                inline.poll(cpu, wall);
            }
        }
        double seconds = (wall.nanoTime() - w0) / 1e9;
        Keyframes a = inline.keys.keyframes();
        Keyframes b = off.keys.keyframes();
        System.out.printf(Locale.ROOT, "Live keyframes on the loop thread: %d simulated minutes of --endless at %d units,"
                + " %d frames in %.1f s wall; load: %s%n", minutes, units, frames, seconds, SnapshotBenchmark.load());
        MarkdownTable t = new MarkdownTable("kind", "keyframes", "packed MB", "loop-thread CPU ms per keyframe: median",
                "p90", "max", "wall ms median", "wall p90", "vs before (CPU median)", "allocated per keyframe poll KB",
                "allocated by the other polls B", "other polls' CPU ms in all");
        long base = median(inline.cpu, inline.captured);
        for (Kind k : new Kind[] {inline, off}) {
            Keyframes kf = k.keys.keyframes();
            t.row(k.name, Integer.toString(kf.count()), f2(kf.bytes() / 1048576.0), ms(median(k.cpu, k.captured)),
                    ms(p90(k.cpu, k.captured)), ms(max(k.cpu, k.captured)), ms(median(k.wall, k.captured)),
                    ms(p90(k.wall, k.captured)),
                    String.format(Locale.ROOT, "%.2fx", (double) median(k.cpu, k.captured) / base),
                    f2(k.capturedAllocated / 1024.0 / Math.max(1, k.captured)), Long.toString(k.otherAllocated),
                    ms(k.otherCpu));
        }
        System.out.print(t);
        System.out.println("same keyframes: " + (a.count() == b.count() && a.bytes() == b.bytes()
                && a.rawBytes() == b.rawBytes() && a.interval().equals(b.interval()) ? "yes" : "NO") + " (" + a.count()
                + " and " + b.count() + ", " + a.bytes() + " and " + b.bytes() + " packed bytes, interval "
                + a.interval() + " and " + b.interval() + ")");
    }

    private static long median(long[] v, int n) {
        long[] s = Arrays.copyOf(v, n);
        Arrays.sort(s);
        return n == 0 ? 0 : s[n / 2];
    }

    private static long p90(long[] v, int n) {
        long[] s = Arrays.copyOf(v, n);
        Arrays.sort(s);
        return n == 0 ? 0 : s[Math.min(n - 1, (int) Math.ceil(n * 0.9) - 1)];
    }

    private static long max(long[] v, int n) {
        long m = 0;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
