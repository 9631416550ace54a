package dev.ecsloop.demo.sim;

import dev.ecsloop.time.ManualClock;
import java.util.List;

/** Test fixture: small games driven by a manual clock, in exact 1/60 s frames. */
final class Games {
    private Games() {
    }

    static RtsGame small(int units, long seed, int mapSize) {
        return RtsGame.create(new MatchSetup(units, seed, mapSize, 5_000, List.of()), new ManualClock(), false);
    }

    /** Runs frames of 1/60 s (exact on average: frame k ends at k * 1e9 / 60 ns) for {@code seconds}. */
    static void run(RtsGame game, double seconds, Runnable afterEachFrame) {
        ManualClock clock = (ManualClock) game.loop().clock();
        long start = game.loop().simulatedNanos();
        long frames = Math.round(seconds * 60);
        for (long k = 1; k <= frames; k++) {
            long target = start + k * 1_000_000_000L / 60;
            clock.advance(target - clock.nanoTime());
            game.frame();
            afterEachFrame.run();
        }
    }
}
