package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The per-second figures against a recomputation from scratch: random frame lengths (stalls of several seconds
 * among them) and random run costs; after every frame, frames, bound hits, runs, mean and longest cost per second
 * equal the sums over the four 250 ms buckets before the current one, however the buckets were rolled.
 */
class LoopStatsProperties {

    private static final long MS = 1_000_000L;

    @TickRate(60)
    static final class Costly extends BaseSystem {
        final ManualClock profiler;
        final List<Integer> costs;
        int runs;

        Costly(ManualClock profiler, List<Integer> costs) {
            this.profiler = profiler;
            this.costs = costs;
        }

        @Override
        protected void processSystem() {
            profiler.advance(costs.get(runs++ % costs.size()) * 1_000L);
        }
    }

    /** What one frame did, in the bucket it started in. */
    private record Frame(long bucket, long runs, long cost, long max, boolean hit) {
    }

    @Property(tries = 200)
    void publishedFiguresAreTheSumsOfTheFourBucketsBeforeTheCurrentOne(
            @ForAll @Size(min = 1, max = 120) List<@IntRange(min = 0, max = 1400) Integer> frameMillis,
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 0, max = 9000) Integer> costMicros) {
        ManualClock clock = new ManualClock();
        ManualClock profiler = new ManualClock();
        Costly costly = new Costly(profiler, costMicros);
        GameLoop loop = GameLoop.builder().clock(clock).profiler(profiler).catchUpBound(Duration.ofMillis(100))
                .world(new WorldConfigurationBuilder().with(costly)).build();
        LoopStats stats = loop.stats();
        SystemHandle h = loop.system(Costly.class);
        List<Frame> frames = new ArrayList<>();
        for (int length : frameMillis) {
            // A stall now and then: lengths above 1.2 s stand for 1 to 5 s.
            long nanos = length > 1200 ? (length - 1200) * 20 * MS + 1000 * MS : length * MS;
            clock.advance(nanos);
            int before = costly.runs;
            long hitsBefore = stats.catchUpBoundHits();
            loop.frame();
            long cost = 0;
            long max = 0;
            for (int i = before; i < costly.runs; i++) {
                long c = costMicros.get(i % costMicros.size()) * 1_000L;
                cost += c;
                max = Math.max(max, c);
            }
            long bucket = clock.nanoTime() / LoopStats.BUCKET_NANOS;
            frames.add(new Frame(bucket, costly.runs - before, cost, max, stats.catchUpBoundHits() > hitsBefore));
            long frameCount = 0;
            long hits = 0;
            long runs = 0;
            long costSum = 0;
            long longest = 0;
            for (Frame f : frames) {
                if (f.bucket() >= bucket - 4 && f.bucket() < bucket) {
                    frameCount++;
                    hits += f.hit() ? 1 : 0;
                    runs += f.runs();
                    costSum += f.cost();
                    longest = Math.max(longest, f.max());
                }
            }
            assertEquals(frameCount, stats.framesPerSecond());
            assertEquals(hits, stats.catchUpBoundHitsPerSecond());
            assertEquals(runs, stats.runsPerSecond(h));
            assertEquals(runs == 0 ? 0.0 : costSum / (double) runs / 1e6, stats.meanRunMillis(h), 1e-9);
            assertEquals(longest / 1e6, stats.maxRunMillis(h), 1e-12);
            assertEquals(costly.runs, stats.runs(h));
        }
    }
}
