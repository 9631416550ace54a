package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Pathfinding as deterministic async jobs: a request queued in pathfinding tick t is answered in tick t + 1, never
 * in t, and the world is the same at every pathfinding tick at 1, 2 and 3 workers under different frame splits;
 * a snapshot taken while a job is in flight (always, between pathfinding ticks) restores exactly at another
 * worker count.
 */
class AsyncPathfindingTest {
    private static final MatchSetup SETUP = new MatchSetup(600, 3, 96, 2_000, List.of());

    private static RtsGame game(int workers) {
        return RtsGame.create(SETUP, new ManualClock(), false, Clock.system(), workers);
    }

    /** Frames of random lengths (1 to 40 ms, seeded) until simulated time reaches {@code end} exactly. */
    private static void run(RtsGame game, long end, long seed) {
        ManualClock clock = (ManualClock) game.loop().clock();
        SplittableRandom r = new SplittableRandom(seed);
        while (game.loop().simulatedNanos() < end) {
            long step = Math.min(1_000_000L + r.nextLong(39_000_000L), end - game.loop().simulatedNanos());
            clock.advance(step);
            game.frame();
        }
    }

    /** Per pathfinding tick, before it runs: the world hash and how movers' states changed since the previous one. */
    private static final class Watch {
        final List<Long> hashes = new ArrayList<>();
        int sameTickAnswers;
        int nextTickAnswers;
        private int[] before = new int[0];

        Watch(RtsGame game) {
            StateHash hash = new StateHash(game.loop().world());
            ComponentMapper<Mover> movers = game.loop().world().getMapper(Mover.class);
            var subscription = game.loop().world().getAspectSubscriptionManager().get(Aspect.all(Mover.class));
            game.loop().addTickListener((system, at) -> {
                if (!(system instanceof PathfindingSystem)) {
                    return;
                }
                hashes.add(hash.hash());
                IntBag ids = subscription.getEntities();
                int[] now = new int[before.length];
                for (int i = 0; i < ids.size(); i++) {
                    int e = ids.get(i);
                    if (e >= now.length) {
                        now = Arrays.copyOf(now, Math.max(e + 1, now.length * 2));
                    }
                    now[e] = movers.get(e).state + 1;   // 0: no mover
                    int was = e < before.length ? before[e] - 1 : -1;
                    if (now[e] - 1 == Mover.FOLLOWING && was == Mover.NEEDS_PATH) {
                        sameTickAnswers++;
                    } else if (now[e] - 1 == Mover.FOLLOWING && was == Mover.REQUESTED) {
                        nextTickAnswers++;
                    }
                }
                before = now;
            });
        }
    }

    @Test
    void aRequestIsAnsweredInTheNextPathfindingTickAtAnyWorkerCount() {
        List<Long> reference = null;
        for (int workers : new int[] {1, 2, 3}) {
            RtsGame game = game(workers);
            Watch watch = new Watch(game);
            run(game, 20_000_000_000L, workers);
            game.loop().close();
            assertEquals(0, watch.sameTickAnswers, workers + " workers: a unit got its route in the tick it asked");
            assertTrue(watch.nextTickAnswers > 100, workers + " workers: " + watch.nextTickAnswers + " answers");
            if (reference == null) {
                reference = watch.hashes;
            } else {
                assertEquals(reference, watch.hashes, workers + " workers: the world before each pathfinding tick");
            }
        }
        assertEquals(20 * 15, reference.size());
    }

    @Test
    void aSnapshotWithAJobInFlightRestoresBitForBitAtAnotherWorkerCount() {
        RtsGame original = game(2);
        run(original, 7_345_678_901L, 1);
        byte[] snapshot = original.snapshots().capture();
        long end = 25_000_000_000L;
        run(original, end, 2);
        long expected = original.worldHash();
        original.loop().close();
        for (int workers : new int[] {1, 3}) {
            RtsGame restored = game(workers);
            restored.snapshots().restore(snapshot);
            assertArrayEquals(snapshot, restored.snapshots().capture(), workers + " workers: the same bytes again");
            run(restored, end, 10 + workers);
            assertEquals(StateHash.hex(expected), StateHash.hex(restored.worldHash()), workers + " workers");
            restored.loop().close();
        }
    }

    @Test
    void theCheckModeFindsNothingMissingAcrossWorkerCounts() {
        RtsGame live = game(2);
        run(live, 9_876_543_210L, 4);
        RtsGame copy = game(1);
        Optional<String> missing = live.snapshots().check(copy.snapshots(), Duration.ofSeconds(5));
        assertEquals(Optional.empty(), missing);
        live.loop().close();
        copy.loop().close();
    }
}
