package dev.ecsloop.demo.bench;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.sim.AiSystem;
import dev.ecsloop.demo.sim.CombatSystem;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.PathfindingSystem;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.sim.SimSystems;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Headless cost of the whole game on one thread: simulated seconds per real second and mean milliseconds per tick
 * of each system, driven as fast as possible by steady 16.667 ms frames of a manual clock (the default 256 x 256
 * map, seed 1), so the figures measure the simulation alone, with no window and no frame cap.
 *
 * <p>Rate configurations: {@link Rates#SHIPPED} (the rates the systems declare: physics at 60 Hz, combat 20,
 * pathfinding 15, economy and fog 10, influence and AI 5, minimap 4) against {@link Rates#ALL_60} (every
 * fixed-step system at 60 Hz), for the question multi-rate answers: what do low rates buy. Besides the
 * whole-run speed, the slowest window of {@value #WINDOW_SECONDS} simulated seconds is reported: armies meet and
 * fight mid-run, and a game that keeps real time on average but not through the battle stutters.
 *
 * <p>Per-system means come from {@code LoopStats}, whose one-second windows follow the manual clock here, so they
 * are per simulated second; the figure is the mean over all windows weighted by their ticks. "Real" time here
 * is the loop thread's CPU time ({@link ThreadCpuClock}), for the systems' costs and the whole run alike: the
 * machine these run on is shared, and wall time would count the time the thread waited for a core. Times still
 * vary by machine and load (caches are shared too): compare within one run. {@code BenchSuite} uses
 * {@link #measure}; {@code main} prints both configurations: {@code SimBenchmark [seconds] [units...]}.
 */
public final class SimBenchmark {

    /** Length of the window whose speed is the "worst window" figure, in simulated seconds. */
    public static final int WINDOW_SECONDS = 5;

    private static final long SECOND = 1_000_000_000L;
    private static final long FRAME_NANOS = 16_666_667L;

    /**
     * The rate configurations compared: the rates the systems declare (each at what a shipped RTS would use),
     * against every fixed-step system at 60 Hz.
     */
    public enum Rates {
        SHIPPED("shipped rates"),
        ALL_60("all at 60 Hz");

        final String label;

        Rates(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        List<RateSetting> settings() {
            if (this == SHIPPED) {
                return List.of();
            }
            List<RateSetting> all = new java.util.ArrayList<>();
            for (Class<? extends BaseSystem> s : SimSystems.ALL) {
                if (s.isAnnotationPresent(dev.ecsloop.TickRate.class)) {
                    all.add(new RateSetting(s, 60));
                }
            }
            return all;
        }
    }

    /**
     * One run.
     *
     * @param simPerReal      simulated seconds per real second over the whole run
     * @param worstWindow     the same over the slowest {@value #WINDOW_SECONDS} simulated seconds
     * @param msPerTick       mean real milliseconds per tick, indexed like {@link SimSystems#ALL}
     * @param msPerSecond     real milliseconds each system costs per simulated second (its ticks in a second times
     *                        their cost, averaged over the run), indexed like {@link SimSystems#ALL}
     * @param p99FrameMs      99th percentile of the real cost of one 60 FPS frame (its ticks and animation):
     *                        where the ticks of slow rates land, frames spike
     * @param unitsLeft       units alive at the end, both teams
     * @param meanUnits       units alive on average over the run (sampled each simulated second)
     * @param worldHash       the world's hash at the end: the same at any worker count
     */
    public record Result(int units, Rates rates, int seconds, double simPerReal, double worstWindow,
                         double[] msPerTick, double[] msPerSecond, double p99FrameMs, int unitsLeft,
                         double meanUnits, long worldHash) {

        /** Whether the game kept real time throughout: its slowest window ran at least as fast as real time. */
        public boolean keepsRealTime() {
            return worstWindow >= 1.0;
        }
    }

    private SimBenchmark() {
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int[] counts = args.length > 1 ? new int[args.length - 1] : new int[] {2_000, 10_000, 20_000};
        for (int i = 1; i < args.length; i++) {
            counts[i - 1] = Integer.parseInt(args[i]);
        }
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%7s %-24s %9s %9s %9s", "units",
                "rates", "sim s/s", "worst " + WINDOW_SECONDS + "s", "p99 frame"));
        for (Class<? extends BaseSystem> s : SimSystems.ALL) {
            header.append(String.format(Locale.ROOT, " %11s", s.getSimpleName().replace("System", "")));
        }
        System.out.println(header.append("   (ms per tick) units left"));
        for (int units : counts) {
            for (Rates rates : List.of(Rates.SHIPPED, Rates.ALL_60)) {
                Result r = measure(units, rates, seconds);
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%7d %-24s %9.2f %9.2f %9.2f",
                        units, rates.label(), r.simPerReal(), r.worstWindow(), r.p99FrameMs()));
                for (double ms : r.msPerTick()) {
                    row.append(String.format(Locale.ROOT, " %11.3f", ms));
                }
                System.out.println(row.append("   ").append(r.unitsLeft()));
            }
        }
    }

    /**
     * Runs a fresh game of {@code units} for {@code seconds} simulated seconds as fast as possible.
     *
     * @throws IllegalArgumentException if {@code seconds} is shorter than one window
     */
    public static Result measure(int units, Rates rates, int seconds) {
        return measure(units, rates, seconds, 1, new ThreadCpuClock());
    }

    /**
     * As {@link #measure(int, Rates, int)} with the parallel systems on {@code workers} threads, timed by
     * {@code real}: with more than one worker that must be a wall clock, since the loop thread's CPU time leaves
     * out what the other workers did.
     *
     * @throws IllegalArgumentException if {@code seconds} is shorter than one window or {@code workers} is out of
     *                                  range
     */
    public static Result measure(int units, Rates rates, int seconds, int workers, Clock real) {
        if (seconds < WINDOW_SECONDS) {
            throw new IllegalArgumentException("seconds must be at least " + WINDOW_SECONDS + ": " + seconds);
        }
        MatchSetup config = MatchSetup.defaults(1).withUnits(units).withRates(rates.settings());
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(config, clock, false, real, workers);
        GameLoop loop = game.loop();
        int n = SimSystems.ALL.size();
        double[] weighted = new double[n];
        long[] ticks = new long[n];
        long[] realAtSecond = new long[seconds + 1];
        long end = seconds * SECOND;
        int second = 1;
        long nextSample = SECOND;
        int samples = 0;
        long unitSum = 0;
        long[] frameCost = new long[(int) (end / FRAME_NANOS) + 2];
        int frames = 0;
        long start = real.nanoTime();
        realAtSecond[0] = start;
        while (loop.simulatedNanos() < end) {
            clock.advance(Math.min(FRAME_NANOS, end - loop.simulatedNanos()));
            long frameStart = real.nanoTime();
            game.frame();
            frameCost[frames++] = real.nanoTime() - frameStart;
            while (second <= seconds && loop.simulatedNanos() >= second * SECOND) {
                realAtSecond[second++] = real.nanoTime();
            }
            if (clock.nanoTime() > nextSample) { // the stats window closing at nextSample is published now
                sampleTickCosts(loop, weighted, ticks);
                samples++;
                unitSum += game.unitCount(0) + game.unitCount(1);
                nextSample += SECOND;
            }
        }
        long realNanos = real.nanoTime() - start;
        double[] msPerTick = new double[n];
        double[] msPerSecond = new double[n];
        for (int s = 0; s < n; s++) {
            msPerTick[s] = ticks[s] == 0 ? 0 : weighted[s] / ticks[s];
            msPerSecond[s] = samples == 0 ? 0 : weighted[s] / samples;
        }
        double worst = Double.MAX_VALUE;
        for (int w = WINDOW_SECONDS; w <= seconds; w++) {
            long spent = realAtSecond[w] - realAtSecond[w - WINDOW_SECONDS];
            worst = Math.min(worst, WINDOW_SECONDS * (double) SECOND / spent);
        }
        long[] sorted = Arrays.copyOf(frameCost, frames);
        Arrays.sort(sorted);
        double p99 = sorted[Math.min(frames - 1, (int) Math.ceil(0.99 * frames) - 1)] / 1e6;
        long hash = game.worldHash();
        loop.close();
        return new Result(units, rates, seconds, seconds * (double) SECOND / realNanos, worst, msPerTick, msPerSecond,
                p99, game.unitCount(0) + game.unitCount(1), samples == 0 ? units : unitSum / (double) samples, hash);
    }

    private static void sampleTickCosts(GameLoop loop, double[] weighted, long[] ticks) {
        for (int s = 0; s < weighted.length; s++) {
            Class<? extends BaseSystem> type = SimSystems.ALL.get(s);
            long t = loop.stats().runsPerSecond(loop.system(type));
            weighted[s] += loop.stats().meanRunMillis(loop.system(type)) * t;
            ticks[s] += t;
        }
    }
}
