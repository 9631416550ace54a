package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move100;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rotation blends along the shorter arc, across the 0/360 degree wrap in both directions. */
class ShortestArcTest {

    private static final float EPS = 1e-5f;

    private static float rad(double degrees) {
        return (float) Math.toRadians(degrees);
    }

    @Test
    void shortestDeltaTakesTheShortWayRound() {
        assertEquals(rad(20), Angles.shortestDelta(rad(350), rad(10)), EPS);
        assertEquals(rad(-20), Angles.shortestDelta(rad(10), rad(350)), EPS);
        assertEquals(rad(20), Angles.shortestDelta(rad(-10), rad(10)), EPS);
        assertEquals(rad(90), Angles.shortestDelta(rad(0), rad(90)), EPS);
        assertEquals(rad(-90), Angles.shortestDelta(rad(0), rad(-90)), EPS);
        assertEquals(rad(20), Angles.shortestDelta(rad(350), rad(10 + 3 * 360)), 1e-4f);   // whole turns ignored
        assertEquals(0f, Angles.shortestDelta(rad(45), rad(45)));
    }

    @Test
    void wrapStaysInTheHalfOpenRange() {
        float[] inputs = {0f, Angles.PI, -Angles.PI, 3 * Angles.PI, -3 * Angles.PI, 1000f, -1000f, rad(359.9)};
        for (float a : inputs) {
            float w = Angles.wrap(a);
            assertTrue(w >= -Angles.PI && w < Angles.PI, a + " wrapped to " + w);
            assertEquals(Math.sin(a), Math.sin(w), 1e-3, "same direction for " + a);
            assertEquals(Math.cos(a), Math.cos(w), 1e-3, "same direction for " + a);
        }
    }

    @Test
    void entityTurningFrom350To10DegreesPassesThroughZero() {
        Rig rig = new Rig(new Move100());
        int e = rig.unit(Move100.class, 0f);
        rig.t2(e).angle = rad(350);
        rig.frameMillis(10);            // one tick: captured 350, then turned by +20 to 370 (unwrapped)
        rig.t2(e).angle = rad(10);      // the same direction, as a wrapped simulation would store it
        rig.frameMillis(5);             // alpha 0.5, no tick
        assertEquals(0.5f, rig.loop.system(Move100.class).alpha());
        assertEquals(0f, rig.interpolation.angleOf(e), EPS);

        rig.interpolation.setMode(InterpolationMode.OFF);
        assertEquals(rad(10), rig.interpolation.angleOf(e), EPS);
        rig.interpolation.setMode(InterpolationMode.INTERPOLATE);
        for (int i = 1; i <= 4; i++) {  // alphas 0.6 .. 0.9: 2 .. 8 degrees, never near 180
            rig.frameMillis(1);
            assertEquals(rad(350 + 20 * (0.5 + 0.1 * i) - 360), rig.interpolation.angleOf(e), 1e-4f);
        }
    }

    @Test
    void entityTurningFrom10To350DegreesPassesThroughZeroBackwards() {
        Rig rig = new Rig(new Move100());
        int e = rig.unit(Move100.class, 0f);
        rig.t2(e).angle = rad(10);
        rig.frameMillis(10);
        rig.t2(e).angle = rad(350);
        rig.frameMillis(5);
        assertEquals(0f, rig.interpolation.angleOf(e), EPS);
        rig.frameMillis(2);             // alpha 0.7: 10 - 14 = -4 degrees
        assertEquals(rad(-4), rig.interpolation.angleOf(e), 1e-4f);
        rig.interpolation.setMode(InterpolationMode.EXTRAPOLATE);   // 350 - 14 = 336 = -24 degrees
        assertEquals(rad(-24), rig.interpolation.angleOf(e), 1e-4f);
    }

    @Test
    void sampledArcNeverStraysFromTheShortPath() {
        Rig rig = new Rig(new Move100());
        int e = rig.unit(Move100.class, 0f);
        rig.t2(e).angle = rad(350);     // Move100 turns by +20 degrees per tick, so it keeps wrapping
        for (int frame = 0; frame < 400; frame++) {
            rig.frame(700_000L);
            Transform2 t = rig.t2(e);
            float drawn = rig.interpolation.angleOf(e);
            float fromPrevious = Angles.shortestDelta(t.previousAngle(), drawn);
            float toCurrent = Angles.shortestDelta(drawn, t.angle);
            assertTrue(fromPrevious >= -EPS && toCurrent >= -EPS, "frame " + frame + " drew " + drawn);
            assertTrue(fromPrevious + toCurrent <= rad(20) + 1e-4f, "frame " + frame + " drew " + drawn);
        }
    }
}
