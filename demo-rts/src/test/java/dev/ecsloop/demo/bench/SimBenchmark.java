package dev.ecsloop.demo.bench;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.demo.sim.AiSystem;
import dev.ecsloop.demo.sim.GameConfig;
import dev.ecsloop.demo.sim.PathfindingSystem;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.sim.SimSystems;
import dev.ecsloop.time.ManualClock;
import java.util.List;

/**
 * Headless cost of the whole game: simulated seconds per real second and mean milliseconds per tick of each
 * system, for 2,000, 10,000 and 20,000 units with AI and pathfinding at 15 Hz and at 60 Hz, driven as fast as
 * possible by steady 16.667 ms frames for 20 simulated seconds (the default 256 x 256 map, seed 1). Not a unit
 * test: run {@code java -cp <test classpath> dev.ecsloop.demo.bench.SimBenchmark [seconds] [units...]}.
 *
 * <p>Per-system means come from {@code LoopStats}, whose one-second windows follow the manual clock here, so
 * they are per simulated second; the figure printed is the mean over all those windows, each weighted by its
 * ticks. Times vary by machine and load; compare within one run.
 */
public final class SimBenchmark {
    private SimBenchmark() {
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int[] counts = args.length > 1 ? new int[args.length - 1] : new int[] {2_000, 10_000, 20_000};
        for (int i = 1; i < args.length; i++) {
            counts[i - 1] = Integer.parseInt(args[i]);
        }
        StringBuilder header = new StringBuilder(String.format("%7s %8s %9s", "units", "ai/path", "sim s/s"));
        for (Class<? extends BaseSystem> s : SimSystems.ALL) {
            header.append(String.format(" %11s", s.getSimpleName().replace("System", "")));
        }
        System.out.println(header.append("   (ms per tick) left team0/team1"));
        for (int units : counts) {
            for (int hz : new int[] {15, 60}) {
                run(units, hz, seconds);
            }
        }
    }

    private static void run(int units, int hz, int seconds) {
        GameConfig config = GameConfig.defaults(1).withUnits(units).withRates(List.of(
                new RateSetting(AiSystem.class, hz), new RateSetting(PathfindingSystem.class, hz)));
        ManualClock clock = new ManualClock();
        RtsGame game = RtsGame.create(config, clock, false);
        GameLoop loop = game.loop();
        int n = SimSystems.ALL.size();
        double[] weighted = new double[n];
        long[] ticks = new long[n];
        long frame = 16_667_000L;
        long end = seconds * 1_000_000_000L;
        long nextSample = 1_000_000_000L;
        long start = System.nanoTime();
        while (loop.simulatedNanos() < end) {
            clock.advance(Math.min(frame, end - loop.simulatedNanos()));
            game.frame();
            if (clock.nanoTime() >= nextSample + 1) { // the window closing at nextSample is published now
                for (int s = 0; s < n; s++) {
                    Class<? extends BaseSystem> type = SimSystems.ALL.get(s);
                    long t = loop.stats().ticksPerSecond(type);
                    weighted[s] += loop.stats().meanTickMillis(type) * t;
                    ticks[s] += t;
                }
                nextSample += 1_000_000_000L;
            }
        }
        double real = (System.nanoTime() - start) / 1e9;
        StringBuilder row = new StringBuilder(String.format("%7d %8s %9.2f", units, hz + " Hz", seconds / real));
        for (int s = 0; s < n; s++) {
            row.append(String.format(" %11.3f", ticks[s] == 0 ? 0 : weighted[s] / ticks[s]));
        }
        System.out.println(row.append("   ").append(game.unitCount(0)).append('/').append(game.unitCount(1)));
    }
}
