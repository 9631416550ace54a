package dev.ecsloop.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecsloop.time.ManualClock;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * The whole game (economy, production, projectiles, fog, influence, AI, staggered phases) reaches the same world
 * for the same seed and simulated time however real time is cut into frames: the contract replays rest on.
 */
class DeterminismPropertyTest {

    private static long hashAfter(long seed, long endNanos, List<Integer> frameMillis) {
        RtsGame game = RtsGame.create(new MatchSetup(80, seed, 40, 5_000, List.of()), new ManualClock(), false);
        ManualClock clock = (ManualClock) game.loop().clock();
        int k = 0;
        while (game.loop().simulatedNanos() < endNanos) {
            long frame = frameMillis.get(k++ % frameMillis.size()) * 1_000_000L;
            clock.advance(Math.min(frame, endNanos - clock.nanoTime()));
            game.frame();
        }
        return game.worldHash();
    }

    @Property(tries = 10)
    void anyFrameSplitGivesTheSameWorld(@ForAll @LongRange(min = 0, max = 1_000) long seed,
                                        @ForAll @IntRange(min = 5, max = 30) int seconds,
                                        @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 240) Integer> frames) {
        long end = seconds * 1_000_000_000L;
        assertEquals(hashAfter(seed, end, List.of(16)), hashAfter(seed, end, frames),
                "seed " + seed + ", " + seconds + " s, frames " + frames + " ms");
    }
}
