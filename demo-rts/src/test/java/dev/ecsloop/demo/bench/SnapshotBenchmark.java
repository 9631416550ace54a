package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * What a snapshot of the demo world costs: capture and restore time (median and 90th percentile of repeated
 * runs, the loop thread's CPU time, {@link ThreadCpuClock}, since the machine is shared), snapshot size raw and
 * deflated (what autosave writes), and bytes the capture allocates, for 5,000 units (and whatever counts are
 * given) on the default 256 x 256 map, seed 1, captured after {@code seconds} simulated seconds of battle.
 * Targets (issue 21): capture at most 5 ms, restore at most 15 ms, at most 1 MB. Restore here includes the
 * staging checks and the rollback capture the core takes first; flow fields are rebuilt lazily on first use
 * after it, a cost the first pathfinding or movement tick pays (reported as "first frame after").
 *
 * <p>{@code SnapshotBenchmark [seconds] [repeats] [units...]}; defaults 30, 30, 5000.
 */
public final class SnapshotBenchmark {
    private SnapshotBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 30;
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int[] units = args.length > 2 ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {5_000};
        ThreadCpuClock cpu = new ThreadCpuClock();
        MarkdownTable table = new MarkdownTable("units", "capture median ms", "capture p90 ms", "x target 5",
                "restore median ms", "restore p90 ms", "x target 15", "first frame after ms", "raw KB",
                "deflated KB", "x target 1024", "capture allocates KB");
        for (int n : units) {
            MatchSetup setup = MatchSetup.defaults(1).withUnits(n);
            RtsGame game = RtsGame.create(setup, new ManualClock(), false);
            run(game, seconds);
            RtsGame other = RtsGame.create(setup, new ManualClock(), false);
            byte[] snap = game.snapshots().capture();
            other.snapshots().restore(snap);   // warm both paths
            long[] capture = new long[repeats];
            long[] restore = new long[repeats];
            long[] first = new long[repeats];
            long allocated = 0;
            for (int i = 0; i < repeats; i++) {
                long a0 = allocatedBytes();
                long t0 = cpu.nanoTime();
                snap = game.snapshots().capture();
                long t1 = cpu.nanoTime();
                allocated = allocatedBytes() - a0;
                other.snapshots().restore(snap);
                long t2 = cpu.nanoTime();
                ManualClock clock = (ManualClock) other.loop().clock();
                clock.advance(16_666_667L);
                other.frame();
                long t3 = cpu.nanoTime();
                capture[i] = t1 - t0;
                restore[i] = t2 - t1;
                first[i] = t3 - t2;
                other.snapshots().restore(snap);
            }
            int deflated = deflate(snap).length;
            table.row(Integer.toString(n), ms(median(capture)), ms(p90(capture)), ratio(median(capture), 5e6),
                    ms(median(restore)), ms(p90(restore)), ratio(median(restore), 15e6), ms(median(first)),
                    kb(snap.length), kb(deflated), ratio(deflated, 1024 * 1024), kb(allocated));
        }
        System.out.println("Snapshot of the demo world after " + seconds + " simulated s (" + repeats + " repeats, "
                + "CPU time of the loop thread); load: " + load());
        System.out.print(table);
    }

    static void run(RtsGame game, double seconds) {
        ManualClock clock = (ManualClock) game.loop().clock();
        long frames = Math.round(seconds * 60);
        for (long k = 1; k <= frames; k++) {
            clock.advance(k * 1_000_000_000L / 60 - clock.nanoTime());
            game.frame();
        }
    }

    static byte[] deflate(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length / 4);
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater(Deflater.BEST_SPEED))) {
            z.write(b);
        }
        return out.toByteArray();
    }

    static String load() {
        return String.format(Locale.ROOT, "%.2f (1-minute load average, %d cores)",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    private static long median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static long p90(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.ceil(s.length * 0.9) - 1)];
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
    }

    private static String kb(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1024.0);
    }

    private static String ratio(double value, double target) {
        return String.format(Locale.ROOT, "%.2fx", value / target);
    }
}
