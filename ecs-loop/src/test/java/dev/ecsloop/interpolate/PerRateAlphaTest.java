package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move15;
import dev.ecsloop.interpolate.Movers.Move60;
import org.joml.Vector2f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A 15 Hz entity and a 60 Hz entity drawn in the same 144 fps frames each blend by their own rate's alpha: the
 * drawn x is checked against positions and alphas derived from the tick counts alone, not read back.
 */
class PerRateAlphaTest {

    @Test
    void eachEntityBlendsByItsOwnersAlphaAt144Fps() {
        Rig rig = new Rig(new Move15(), new Move60());
        int slow = rig.unit(Move15.class, 0f);   // +10 per 15 Hz tick
        int fast = rig.unit(Move60.class, 0f);   // +1 per 60 Hz tick
        Vector2f out = new Vector2f();
        long previousNow = 0;
        int differingAlphas = 0;
        for (int k = 1; k <= 144 * 3; k++) {
            long now = k * 1_000_000_000L / 144;   // exact frame instants, truncated to whole ns
            rig.frame(now - previousNow);
            previousNow = now;

            float slowAlpha = rig.loop.system(Move15.class).alpha();
            float fastAlpha = rig.loop.system(Move60.class).alpha();
            assertEquals(expectedAlpha(now, 15), slowAlpha, 1e-6, "frame " + k);
            assertEquals(expectedAlpha(now, 60), fastAlpha, 1e-6, "frame " + k);
            if (Math.abs(slowAlpha - fastAlpha) > 0.05f) {
                differingAlphas++;
            }

            assertEquals(expectedX(now, 15, 10f), rig.interpolation.positionOf(slow, out).x, 1e-3, "frame " + k);
            assertEquals(expectedX(now, 60, 1f), rig.interpolation.positionOf(fast, out).x, 1e-4, "frame " + k);

            // And exactly the formula with the owner's alpha, never the other rate's.
            Transform2 s = rig.t2(slow);
            float ps = s.previousPosition().x();
            assertEquals(ps + slowAlpha * (s.position.x - ps), rig.interpolation.positionOf(slow, out).x);
            Transform2 f = rig.t2(fast);
            float pf = f.previousPosition().x();
            assertEquals(pf + fastAlpha * (f.position.x - pf), rig.interpolation.positionOf(fast, out).x);
        }
        assertNotEquals(0, differingAlphas);
        assertEquals(45, rig.t2(slow).position.x / 10f);    // 3 s at 15 Hz
        assertEquals(180, rig.t2(fast).position.x);          // 3 s at 60 Hz
    }

    /** Ticks run at k/hz s (k >= 1); alpha is the fraction of a step since the latest one. */
    private static double expectedAlpha(long nowNanos, int hz) {
        long ticks = nowNanos * hz / 1_000_000_000L;
        double lastTick = ticks * 1e9 / hz;
        return (nowNanos - lastTick) / (1e9 / hz);
    }

    /** After n ticks of +d each the entity was at (n-1)d and is at nd; with no tick yet it sits at 0. */
    private static double expectedX(long nowNanos, int hz, float d) {
        long ticks = nowNanos * hz / 1_000_000_000L;
        if (ticks == 0) {
            return 0.0;
        }
        return (ticks - 1) * d + expectedAlpha(nowNanos, hz) * d;
    }
}
