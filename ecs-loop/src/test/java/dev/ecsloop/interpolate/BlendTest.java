package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move100;
import dev.ecsloop.interpolate.Movers.Move25;
import org.joml.Vector2f;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Blends at exactly known alphas: 100 Hz (10 ms step) and 25 Hz (40 ms step) on whole milliseconds. */
class BlendTest {

    private Rig rig;
    private int fast;
    private int slow;
    private final Vector2f out = new Vector2f();

    @BeforeEach
    void setUp() {
        rig = new Rig(new Move100(), new Move25());
        fast = rig.unit(Move100.class, 0f);
        slow = rig.unit(Move25.class, 0f);
        rig.frameMillis(45); // 100 Hz ticked at 10..40 ms (x 0 -> 16), 25 Hz at 40 ms (x 0 -> 8)
    }

    @Test
    void alphasAreTheOwnRatesAndExact() {
        assertEquals(0.5f, rig.loop.system(Move100.class).alpha());
        assertEquals(0.125f, rig.loop.system(Move25.class).alpha());
        assertEquals(12f, rig.t2(fast).previousPosition().x());
        assertEquals(16f, rig.t2(fast).position.x);
        assertEquals(0f, rig.t2(slow).previousPosition().x());
        assertEquals(8f, rig.t2(slow).position.x);
    }

    @Test
    void interpolateIsPreviousPlusAlphaTimesStep() {
        assertEquals(InterpolationMode.INTERPOLATE, rig.interpolation.mode());
        assertSame(out, rig.interpolation.positionOf(fast, out));
        assertEquals(14f, out.x);   // 12 + 0.5 * 4
        assertEquals(0f, out.y);
        assertEquals(1f, rig.interpolation.positionOf(slow, out).x);   // 0 + 0.125 * 8
        assertEquals(2.75f, rig.interpolation.scaleOf(fast, out).x);   // scale 2.5 -> 3.0
        assertEquals(1f, out.y);
    }

    @Test
    void extrapolateCarriesTheLastStepForward() {
        rig.interpolation.setMode(InterpolationMode.EXTRAPOLATE);
        assertEquals(18f, rig.interpolation.positionOf(fast, out).x);   // 16 + 0.5 * 4
        assertEquals(9f, rig.interpolation.positionOf(slow, out).x);    // 8 + 0.125 * 8
    }

    @Test
    void offDrawsTheLatestState() {
        rig.interpolation.setMode(InterpolationMode.OFF);
        assertEquals(16f, rig.interpolation.positionOf(fast, out).x);
        assertEquals(8f, rig.interpolation.positionOf(slow, out).x);
        assertEquals(rig.t2(fast).angle, rig.interpolation.angleOf(fast), 1e-6f);
    }

    @Test
    void modesSwitchAtRunTimeWithoutTouchingState() {
        float[] seen = new float[6];
        InterpolationMode[] cycle = {InterpolationMode.OFF, InterpolationMode.EXTRAPOLATE,
                InterpolationMode.INTERPOLATE, InterpolationMode.OFF, InterpolationMode.EXTRAPOLATE,
                InterpolationMode.INTERPOLATE};
        for (int i = 0; i < cycle.length; i++) {
            rig.interpolation.setMode(cycle[i]);
            seen[i] = rig.interpolation.positionOf(fast, out).x;
        }
        assertEquals(16f, seen[0]);
        assertEquals(18f, seen[1]);
        assertEquals(14f, seen[2]);
        assertEquals(seen[0], seen[3]);
        assertEquals(seen[1], seen[4]);
        assertEquals(seen[2], seen[5]);
    }

    @Test
    void everyDrawnPositionLiesBetweenPreviousAndCurrentAndMatchesTheFormula() {
        for (int frame = 0; frame < 300; frame++) {
            rig.frame(1_300_000L); // 1.3 ms frames: alphas wander over [0, 1)
            for (int e : new int[]{fast, slow}) {
                Transform2 t = rig.t2(e);
                float alpha = rig.loop.system(t.owner()).alpha();
                float p = t.previousPosition().x();
                float c = t.position.x;
                float drawn = rig.interpolation.positionOf(e, out).x;
                assertEquals(p + alpha * (c - p), drawn, "frame " + frame);
                assertTrue(drawn >= Math.min(p, c) && drawn <= Math.max(p, c), "frame " + frame);
                float ps = t.previousScale().x();
                assertEquals(ps + alpha * (t.scale.x - ps), rig.interpolation.scaleOf(e, out).x);
            }
        }
    }
}
