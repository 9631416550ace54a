package dev.ecsloop.demo.bench;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.LiveKeyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.ReplaySeeker;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.Deflater;

/**
 * Seeking a long demo recording (issue 21's target: any instant of a 5,000-unit recording in under 1 s, median and
 * worst of 20 random seeks forward and backward, keyframes within a default budget of at most 256 MB).
 *
 * <p>Records {@code minutes} of a headless game of {@code units} (AI on both sides, 1/60 s frames of a manual
 * clock), builds keyframes by replaying it once, then seeks to 20 seeded random instants in random order and
 * verifies the rest of the replay. Prints the budget, the keyframe interval after thinning, the time to build,
 * and each seek's wall and loop-thread CPU time; then how keyframe packings compare on snapshots of the same run
 * (raw, deflate fastest, deflate default, XOR delta to the previous keyframe then deflate fastest). Wall times
 * count waiting for a core on a shared machine; CPU times do not: the load average is printed with them.
 *
 * <p>{@code SeekBenchmark [minutes=5] [units=5000] [budgetMB=256] [intervalSeconds=2] [endless|decisive] [live]}:
 * by default the game is {@code --endless} (no base falls, both sides keep producing and fighting), as the issue's
 * 60-minute recording is. With {@code live} the keyframes are kept while recording ({@code LiveKeyframes}, frames
 * ended at their instants) and read back from the saved {@code .keys}: no replay pass; "build" is then the
 * capture time spent during the recording, and the rest is verified for one simulated minute after the last seek
 * rather than to the end.
 */
public final class SeekBenchmark {

    private static final long SECOND = 1_000_000_000L;
    private static final long FRAME = 16_666_667L;

    private SeekBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int units = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        int budget = args.length > 2 ? Integer.parseInt(args[2]) : Keyframes.DEFAULT_BUDGET_MB;
        double intervalSeconds = args.length > 3 ? Double.parseDouble(args[3])
                : Keyframes.DEFAULT_INTERVAL.toMillis() / 1000.0;
        Clock wall = Clock.system();
        ThreadCpuClock cpu = new ThreadCpuClock();
        System.out.println("load average at start: " + load());

        boolean endless = args.length <= 4 || !args[4].equals("decisive");
        MatchSetup setup = MatchSetup.defaults(1).withUnits(units).withEndless(endless);
        boolean liveKeys = args.length > 5 && args[5].equals("live");
        RtsGame live = RtsGame.create(setup, new ManualClock(), true);
        ManualClock liveClock = (ManualClock) live.loop().clock();
        long end = minutes * 60L * SECOND;
        long w0 = wall.nanoTime();
        List<byte[]> samples = new ArrayList<>();
        long nextSample = 0;
        LiveKeyframes kept = liveKeys ? LiveKeyframes.start(live.snapshots(), live.inputs(),
                Duration.ofNanos((long) (intervalSeconds * SECOND)), budget) : null;
        long captureWall = 0;
        long captureCpu = 0;
        while (live.loop().simulatedNanos() < end) {
            if (live.loop().simulatedNanos() >= nextSample) {
                samples.add(live.snapshots().capture());
                nextSample += Math.max(SECOND, end / 8);
            }
            long until = kept == null ? end : Math.min(end, kept.nextDueNanos());
            liveClock.advance(Math.min(FRAME, until - live.loop().simulatedNanos()));
            live.frame();
            if (kept != null) {
                long cw = wall.nanoTime();
                long cc = cpu.nanoTime();
                kept.poll();
                captureWall += wall.nanoTime() - cw;
                captureCpu += cpu.nanoTime() - cc;
            }
            if (live.loop().simulatedNanos() % (5 * 60 * SECOND) == 0 && live.loop().simulatedNanos() > 0
                    && kept != null) {
                System.out.printf(Locale.ROOT, "  recorded %d min in %.0f s wall, %d keyframes%n",
                        live.loop().simulatedNanos() / (60 * SECOND), (wall.nanoTime() - w0) / 1e9,
                        kept.keyframes().count());
            }
        }
        Path file = Files.createTempFile("seek-bench", ".replay");
        file.toFile().deleteOnExit();
        live.recorder().save(file);
        if (kept != null) {
            Keyframes.besideReplay(kept.save(file)).toFile().deleteOnExit();
            System.out.printf(Locale.ROOT, "live keyframes: %d kept, %d skipped, capture and pack during the "
                    + "recording %.1f s wall, %.1f s CPU%n", kept.keyframes().count(), kept.skipped(),
                    captureWall / 1e9, captureCpu / 1e9);
        }
        int unitsLeft = live.unitCount(0) + live.unitCount(1);
        System.out.printf(Locale.ROOT, (endless ? "endless: " : "") + "recorded %d min of %d units in %.1f s wall (%d units alive at the end, "
                + "game over: %s), replay %d KiB%n", minutes, units, (wall.nanoTime() - w0) / 1e9, unitsLeft,
                live.isOver(), Files.size(file) / 1024);
        live = null;

        Replay replay = Replay.read(file);
        RtsGame game = RtsGame.create(setup, new ManualClock(), false);
        ManualClock clock = (ManualClock) game.loop().clock();
        Keyframes keyframes = kept != null ? Keyframes.load(Keyframes.besideReplay(file), replay, budget)
                : Keyframes.every(Duration.ofNanos((long) (intervalSeconds * SECOND)), budget);
        long b0 = wall.nanoTime();
        long c0 = cpu.nanoTime();
        double[] seekWall = new double[20];
        double[] seekCpu = new double[20];
        boolean[] backward = new boolean[20];
        ReplayResult built;
        ReplayResult rest;
        try (ReplaySeeker seeker = ReplaySeeker.open(replay, game.snapshots(), clock, game.inputs(), () -> FRAME,
                keyframes)) {
            built = kept != null ? null : seeker.playToEnd();
            double buildWall = kept != null ? captureWall / 1e9 : (wall.nanoTime() - b0) / 1e9;
            double buildCpu = kept != null ? captureCpu / 1e9 : (cpu.nanoTime() - c0) / 1e9;
            System.out.printf(Locale.ROOT, "keyframes built in %.1f s wall, %.1f s CPU (replay %s)%n", buildWall,
                    buildCpu, built == null ? "none: live keyframes" : built.matched() ? "matched"
                            : "DIVERGED: " + built.divergence());
            Random random = new Random(7);
            for (int i = 0; i < seekWall.length; i++) {
                long at = (long) (random.nextDouble() * replay.endNanos());
                backward[i] = at < seeker.simulatedNanos();
                long sw = wall.nanoTime();
                long sc = cpu.nanoTime();
                seeker.seek(at);
                seekCpu[i] = (cpu.nanoTime() - sc) / 1e6;
                seekWall[i] = (wall.nanoTime() - sw) / 1e6;
            }
            double[] restoreWall = new double[5];
            for (int i = 0; i < restoreWall.length; i++) {
                long at = keyframes.interval().toNanos() * (1 + random.nextInt((int) (replay.endNanos()
                        / keyframes.interval().toNanos())));
                long sw = wall.nanoTime();
                seeker.seek(Math.min(at, keyframes.lastNanos()));
                restoreWall[i] = (wall.nanoTime() - sw) / 1e6;
            }
            System.out.printf(Locale.ROOT, "seek to a keyframe's instant (restore only): median %.0f ms, worst %.0f"
                    + " ms wall%n", median(restoreWall), max(restoreWall));
            if (kept != null) {
                seeker.playTo(Math.min(replay.endNanos(), seeker.simulatedNanos() + 60 * SECOND));
                rest = new ReplayResult(0, seeker.simulatedNanos(), 0, seeker.diverged()
                        ? new ReplayResult.Divergence("?", seeker.simulatedNanos(), -1, 0, 0) : null);
            } else {
                rest = seeker.playToEnd();
            }
            MarkdownTable table = new MarkdownTable("units", "recording", "budget", "interval", "keyframes",
                    "packed", "raw", "build (wall)", "seek median (wall)", "seek worst (wall)",
                    "seek median (CPU)", "seek worst (CPU)", "worst / 1 s", "rest verifies");
            table.row(String.valueOf(units), minutes + " min", budget + " MB",
                    String.format(Locale.ROOT, "%.3f s", keyframes.interval().toNanos() / 1e9),
                    String.valueOf(keyframes.count()), mb(keyframes.bytes()), mb(keyframes.rawBytes()),
                    String.format(Locale.ROOT, "%.1f s", buildWall), ms(median(seekWall)), ms(max(seekWall)),
                    ms(median(seekCpu)), ms(max(seekCpu)), String.format(Locale.ROOT, "%.2fx", max(seekWall) / 1000),
                    rest.matched() ? "yes" : "NO");
            System.out.println();
            System.out.print(table);
        }
        System.out.println();
        StringBuilder each = new StringBuilder("seeks (ms wall, b = backward):");
        for (int i = 0; i < seekWall.length; i++) {
            each.append(String.format(Locale.ROOT, " %.0f%s", seekWall[i], backward[i] ? "b" : ""));
        }
        System.out.println(each);
        System.out.println();
        System.out.print(packings(samples));
        System.out.println("load average at the end: " + load());
    }

    /** Packed sizes and times of the sampled snapshots under each packing. */
    static MarkdownTable packings(List<byte[]> samples) {
        MarkdownTable t = new MarkdownTable("packing", "mean bytes", "ratio to raw", "pack ms (mean)");
        long raw = 0;
        for (byte[] s : samples) {
            raw += s.length;
        }
        t.row("raw", String.valueOf(raw / samples.size()), "1.00", "0");
        for (int level : new int[] {Deflater.BEST_SPEED, Deflater.DEFAULT_COMPRESSION}) {
            long bytes = 0;
            long nanos = 0;
            for (byte[] s : samples) {
                long t0 = Clock.system().nanoTime();
                bytes += deflate(s, level);
                nanos += Clock.system().nanoTime() - t0;
            }
            t.row("deflate " + (level == Deflater.BEST_SPEED ? "fastest (kept)" : "default"),
                    String.valueOf(bytes / samples.size()), String.format(Locale.ROOT, "%.3f", (double) bytes / raw),
                    String.format(Locale.ROOT, "%.2f", nanos / 1e6 / samples.size()));
        }
        long bytes = samples.isEmpty() ? 0 : deflate(samples.get(0), Deflater.BEST_SPEED);
        for (int i = 1; i < samples.size(); i++) {
            byte[] a = samples.get(i - 1);
            byte[] b = samples.get(i);
            byte[] x = b.clone();
            for (int j = 0; j < Math.min(a.length, b.length); j++) {
                x[j] ^= a[j];
            }
            bytes += deflate(x, Deflater.BEST_SPEED);
        }
        t.row("XOR delta + deflate fastest", String.valueOf(bytes / Math.max(1, samples.size())),
                String.format(Locale.ROOT, "%.3f", (double) bytes / raw), "n/a");
        return t;
    }

    private static int deflate(byte[] in, int level) {
        Deflater d = new Deflater(level);
        d.setInput(in);
        d.finish();
        byte[] buf = new byte[1 << 16];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(buf);
        }
        d.end();
        return n;
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return (s[(s.length - 1) / 2] + s[s.length / 2]) / 2;
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.0f ms", v);
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1 << 20));
    }
}
