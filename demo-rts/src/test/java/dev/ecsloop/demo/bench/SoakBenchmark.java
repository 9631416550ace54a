package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.save.Autosave;
import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak of issue 21: an {@code --endless} match of 5,000 units on the default map for 60 simulated minutes in
 * steady 1/60 s frames, autosaving every simulated minute. Each minute it prints the live heap after a full GC
 * (flat within 5% over the last 50 minutes is the target: nothing accumulates), the units alive, the slowest
 * frame's wall time in that minute (a frame over the 250 ms catch-up bound would be cut in a real-time run), the
 * autosave's capture time on the loop thread (wall and the thread's CPU time, {@link ThreadCpuClock}) and the file's size. At the end every autosave is loaded into a
 * fresh game, and the one a minute before the end is run on to the live game's final hash.
 *
 * <p>Frames are driven by a manual clock, as fast as the machine goes, so the simulation is what it would be in
 * real time; wall times come from {@link Clock#system()} and include whatever else the shared machine runs.
 * {@code SoakBenchmark [minutes] [units]}; defaults 60, 5000.
 */
public final class SoakBenchmark {
    private static final long MINUTE = 60_000_000_000L;

    private SoakBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int units = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        MatchSetup setup = MatchSetup.defaults(1).withUnits(units).withEndless(true);
        Path dir = Files.createTempDirectory("soak");
        RtsGame game = RtsGame.create(setup, new ManualClock(), false);
        Autosave autosave = new Autosave(game, dir, minutes + 1);
        autosave.every(MINUTE);
        Clock wall = Clock.system();
        ThreadCpuClock cpu = new ThreadCpuClock();
        ManualClock clock = (ManualClock) game.loop().clock();
        MarkdownTable table = new MarkdownTable("minute", "units 0 v 1", "live heap MB", "vs minute 10",
                "slowest frame ms", "frames over 250 ms", "autosave capture wall ms", "autosave capture CPU ms", "GC count",
                "GC ms");
        List<Double> heaps = new ArrayList<>();
        long frame = 0;
        int over = 0;
        long startWall = wall.nanoTime();
        double heap10 = 0;
        for (int m = 1; m <= minutes; m++) {
            long slowest = 0;
            long captureNanos = 0;
            long captureCpu = 0;
            long end = m * MINUTE;
            while (game.loop().simulatedNanos() < end) {
                frame++;
                clock.advance(Math.min(frame * 1_000_000_000L / 60, end) - clock.nanoTime());
                long t0 = wall.nanoTime();
                game.frame();
                long t1 = wall.nanoTime();
                long c1 = cpu.nanoTime();
                autosave.poll();
                long c2 = cpu.nanoTime();
                long t2 = wall.nanoTime();
                captureCpu = Math.max(captureCpu, c2 - c1);
                slowest = Math.max(slowest, t1 - t0);
                captureNanos = Math.max(captureNanos, t2 - t1);
                if (t1 - t0 > 250_000_000L) {
                    over++;
                }
            }
            double heap = liveHeapMb();
            heaps.add(heap);
            if (m == 10) {
                heap10 = heap;
            }
            table.row(Integer.toString(m), game.unitCount(0) + " v " + game.unitCount(1), f(heap),
                    m < 10 ? "" : String.format(Locale.ROOT, "%+.1f%%", 100 * (heap / heap10 - 1)),
                    f(slowest / 1e6), Integer.toString(over), f(captureNanos / 1e6), f(captureCpu / 1e6), Long.toString(gcCount()),
                    Long.toString(gcMillis()));
            System.out.println(table.toString().lines().reduce((a, b) -> b).orElse(""));
        }
        double realMinutes = (wall.nanoTime() - startWall) / 6e10;
        List<Path> files = autosave.finish();
        String finalHash = StateHash.hex(game.worldHash());
        RtsGame fresh = RtsGame.create(setup, new ManualClock(), false);
        int loaded = 0;
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
            fresh.snapshots().restore(SaveFiles.read(f));
            loaded++;
        }
        String onward = "n/a";
        if (files.size() >= 2) {
            fresh.snapshots().restore(SaveFiles.read(files.get(files.size() - 2)));
            SnapshotBenchmark.run(fresh, 60);   // frames from the loaded minute to the next (the clock starts at 0)
            onward = StateHash.hex(fresh.worldHash()).equals(finalHash) ? "same final hash" : "DIFFERENT final hash";
        }
        double min = heaps.subList(Math.min(10, heaps.size() - 1), heaps.size()).stream().mapToDouble(d -> d).min()
                .orElse(0);
        double max = heaps.subList(Math.min(10, heaps.size() - 1), heaps.size()).stream().mapToDouble(d -> d).max()
                .orElse(0);
        System.out.println();
        System.out.println("Soak: " + minutes + " simulated minutes, --endless, " + units + " units, autosave every "
                + "minute; " + f(realMinutes) + " real minutes; load: " + SnapshotBenchmark.load());
        System.out.print(table);
        System.out.println("live heap over minutes 10.." + minutes + ": " + f(min) + " to " + f(max) + " MB, spread "
                + String.format(Locale.ROOT, "%.1f%%", 100 * (max - min) / min) + " (target 5%); frames over the "
                + "250 ms catch-up bound: " + over + "; autosaves loaded: " + loaded + " of " + files.size() + " ("
                + f(bytes / 1024.0 / Math.max(1, files.size())) + " KB each on average); the second-to-last run on "
                + "a minute: " + onward);
    }

    private static double liveHeapMb() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }

    private static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionCount());
        }
        return n;
    }

    private static long gcMillis() {
        long n = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionTime());
        }
        return n;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
