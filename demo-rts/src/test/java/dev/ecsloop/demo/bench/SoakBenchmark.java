package dev.ecsloop.demo.bench;

import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.save.Autosave;
import dev.ecsloop.demo.save.SaveFiles;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The soak of issue 21: an {@code --endless} match of 5,000 units on the default map for N simulated minutes,
 * autosaving every simulated minute, with the live heap read after each minute ({@link LiveHeap}: flat within 5%
 * over the last 50 minutes is the target; the soak's own arrays, allocated up front, taken off) and every GC pause
 * recorded ({@link GcPauses}).
 *
 * <p><b>Real time</b> (the default): frames run at 60 FPS on the real clock as the headless CLI runs them (a
 * {@link FramePacer}; each frame advances the game's clock by the real time since the last one, cut at the next
 * autosave instant), so a GC pause or a busy machine that holds the loop thread past the 250 ms catch-up bound cuts
 * a frame, as it would in a game. Each cut frame is recorded with the real time it had to cover
 * ({@link BoundHits}) and set against the GC pauses at the end: how many overlap one, how many a pause explains.
 * The minute-end work of the benchmark itself (finishing the autosave, three full collections for the reading)
 * is kept out of the game's time: the next frame starts the clock afresh after it. <b>Manual</b>: frames of
 * 1/60 s as fast as the machine goes (no frame can be cut; for the heap alone).
 *
 * <p>At the end every autosave is loaded into a fresh game, and the one a minute before the end is run on to the
 * live game's final hash. {@code SoakBenchmark [minutes] [units] [real|manual] [max real minutes]}; defaults 60,
 * 5000, real, none (the run stops at the simulated minute it reached when the real limit passes).
 */
public final class SoakBenchmark {
    private static final long MINUTE = 60_000_000_000L;

    private final RtsGame game;
    private final GameLoop loop;
    private final ManualClock clock;
    private final Autosave autosave;
    private final Clock wall = Clock.system();
    private final ThreadCpuClock cpu = new ThreadCpuClock();
    private final BoundHits hits = new BoundHits();
    private long last;
    private long end;
    private long slowest;
    private long captureCpu;
    private long frames;

    private SoakBenchmark(RtsGame game, Autosave autosave) {
        this.game = game;
        this.loop = game.loop();
        this.clock = (ManualClock) loop.clock();
        this.autosave = autosave;
    }

    public static void main(String[] args) throws IOException {
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int units = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        boolean real = args.length <= 2 || args[2].equals("real");
        double maxReal = args.length > 3 ? Double.parseDouble(args[3]) : Double.MAX_VALUE;
        MatchSetup setup = MatchSetup.defaults(1).withUnits(units).withEndless(true);
        Path dir = Files.createTempDirectory("soak");
        RtsGame game = RtsGame.create(setup, new ManualClock(), false);
        Autosave autosave = new Autosave(game, dir, minutes + 1);
        autosave.every(MINUTE);
        SoakBenchmark soak = new SoakBenchmark(game, autosave);
        Clock wall = soak.wall;
        GcPauses gc = GcPauses.start(wall);
        long bound = game.loop().catchUpBound().toNanos();
        int[] unitsAt = new int[minutes + 1];
        LiveHeap.Reading[] heap = new LiveHeap.Reading[minutes + 1];
        long[] minuteEnd = new long[minutes + 1];
        long[] slowestAt = new long[minutes + 1];
        long[] captureAt = new long[minutes + 1];
        long startWall = wall.nanoTime();
        minuteEnd[0] = startWall;
        LiveHeap.Reading base = null;
        LiveHeap.Reading previous = null;
        int reached = 0;
        for (int m = 1; m <= minutes && (wall.nanoTime() - startWall) / 6e10 < maxReal; m++) {
            soak.end = m * MINUTE;
            soak.slowest = 0;
            soak.captureCpu = 0;
            if (real) {
                soak.runRealTime();
            } else {
                soak.runManual();
            }
            long minuteWall = wall.nanoTime();
            autosave.finish();   // the file written: no snapshot in flight when the heap is read
            LiveHeap.Reading r = LiveHeap.read(GcPauses.FOOTPRINT + BoundHits.FOOTPRINT);
            heap[m] = r.figures();   // the classes only of the readings compared: kept ones would grow the heap
            minuteEnd[m] = minuteWall;
            unitsAt[m] = game.unitCount(0) * 100_000 + game.unitCount(1);
            slowestAt[m] = soak.slowest;
            captureAt[m] = soak.captureCpu;
            reached = m;
            if (m == Math.min(10, minutes)) {
                base = r;
            }
            String note = "";
            if (previous != null && (Math.abs(r.afterGc() - previous.afterGc()) > previous.afterGc() / 50
                    || Math.abs(r.objects() - previous.objects()) > previous.objects() / 50)) {
                note += "; vs previous minute: " + LiveHeap.diff(previous, r, 5);
            }
            if (base != null && base != r && (Math.abs(r.afterGc() - base.afterGc()) > base.afterGc() / 50
                    || Math.abs(r.objects() - base.objects()) > base.objects() / 50)) {
                note += "; vs minute 10: " + LiveHeap.diff(base, r, 5);
            }
            System.out.println("minute " + m + ": units " + game.unitCount(0) + " v " + game.unitCount(1)
                    + ", live heap " + mb(r.afterGc()) + " MB after 2 full GCs (used right after: " + mb(r.usedAfter())
                    + ", used after the first, the former reading: " + mb(r.usedAfterOne())
                    + ", live objects: " + mb(r.objects()) + "), frames " + soak.frames + ", catch-up bound hits "
                    + soak.hits.total() + ", slowest frame " + f(soak.slowest / 1e6) + " ms, capture CPU "
                    + f(soak.captureCpu / 1e6) + " ms" + note);
            previous = r;
        }
        double realMinutes = (wall.nanoTime() - startWall) / 6e10;
        List<Path> files = autosave.finish();
        String finalHash = StateHash.hex(game.worldHash());
        RtsGame fresh = RtsGame.create(setup, new ManualClock(), false);
        int loaded = 0;
        long bytes = 0;
        for (Path file : files) {
            bytes += Files.size(file);
            fresh.snapshots().restore(SaveFiles.read(file));
            loaded++;
        }
        String onward = "n/a";
        if (files.size() >= 2) {
            fresh.snapshots().restore(SaveFiles.read(files.get(files.size() - 2)));
            SnapshotBenchmark.run(fresh, 60);   // frames from the loaded minute to the next (the clock starts at 0)
            onward = StateHash.hex(fresh.worldHash()).equals(finalHash) ? "same final hash" : "DIFFERENT final hash";
        }
        SoakReport report = new SoakReport(gc, soak.hits, bound, minuteEnd, heap, reached);
        System.out.println();
        System.out.println("Soak: " + reached + " simulated minutes (" + (real ? "real clock, 60 FPS" : "manual clock")
                + "), --endless, " + units + " units, autosave every minute; " + f(realMinutes) + " real minutes, "
                + soak.frames + " frames; load: " + SnapshotBenchmark.load());
        System.out.print(report.table(unitsAt, slowestAt, captureAt));
        System.out.println(report.summary());
        System.out.println("autosaves loaded: " + loaded + " of " + files.size() + " ("
                + f(bytes / 1024.0 / Math.max(1, files.size())) + " KB each on average); the second-to-last run on "
                + "a minute: " + onward);
        gc.close();
    }

    /** Frames at 60 FPS on the real clock until simulated time reaches {@link #end}. */
    private void runRealTime() {
        FramePacer pacer = new FramePacer(wall, 60);
        LoopRunner runner = new LoopRunner(pacer);
        last = wall.nanoTime();   // the benchmark's minute-end work is not the game's time
        runner.run(() -> {
            long now = wall.nanoTime();
            long hitsBefore = loop.stats().catchUpBoundHits();
            clock.advance(Math.min(now - last, Math.min(end, autosave.nextDue()) - loop.simulatedNanos()));
            game.frame();
            long done = wall.nanoTime();
            if (loop.stats().catchUpBoundHits() != hitsBefore) {
                hits.add(last, now);
            }
            last = now;
            afterFrame(done - now);
            if (loop.simulatedNanos() >= end) {
                runner.stop();
            }
        });
    }

    /** Frames of 1/60 s, as fast as the machine goes, until simulated time reaches {@link #end}. */
    private void runManual() {
        while (loop.simulatedNanos() < end) {
            long step = Math.min(1_000_000_000L / 60, end - loop.simulatedNanos());
            clock.advance(step);
            long t0 = wall.nanoTime();
            game.frame();
            afterFrame(wall.nanoTime() - t0);
        }
    }

    private void afterFrame(long frameNanos) {
        frames++;
        long c1 = cpu.nanoTime();
        autosave.poll();
        captureCpu = Math.max(captureCpu, cpu.nanoTime() - c1);
        slowest = Math.max(slowest, frameNanos);
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.2f", bytes / (1024.0 * 1024.0));
    }

    static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
