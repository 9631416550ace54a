package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move100;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The 3D component: same capture and modes, rotation by slerp along the shorter arc. */
class Transform3Test {

    private Rig rig;
    private int e;
    private final Quaternionf q = new Quaternionf();
    private final Vector3f v = new Vector3f();

    private static float rad(double degrees) {
        return (float) Math.toRadians(degrees);
    }

    /** The heading about z of a rotation, in degrees. */
    private static double headingOf(Quaternionf rotation) {
        Vector3f x = rotation.transform(new Vector3f(1f, 0f, 0f));
        return Math.toDegrees(Math.atan2(x.y, x.x));
    }

    @BeforeEach
    void setUp() {
        rig = new Rig(new Move100());              // per tick: x + 4, turn 20 degrees about z, scale x + 0.5
        e = rig.world().create();
        rig.world().edit(e).create(Transform3.class).owner(Move100.class);
        rig.frameMillis(25);                       // ticks at 10, 20 ms; alpha 0.5
    }

    @Test
    void positionAndScaleBlendLikeTransform2() {
        assertSame(v, rig.interpolation.positionOf(e, v));
        assertEquals(new Vector3f(6f, 0f, 0f), v);
        assertEquals(new Vector3f(1.75f, 1f, 1f), rig.interpolation.scaleOf(e, v));
        rig.interpolation.setMode(InterpolationMode.EXTRAPOLATE);
        assertEquals(new Vector3f(10f, 0f, 0f), rig.interpolation.positionOf(e, v));
        rig.interpolation.setMode(InterpolationMode.OFF);
        assertEquals(new Vector3f(8f, 0f, 0f), rig.interpolation.positionOf(e, v));
    }

    @Test
    void rotationSlerpsInEveryMode() {
        assertSame(q, rig.interpolation.rotationOf(e, q));
        assertEquals(30.0, headingOf(q), 1e-3);
        rig.interpolation.setMode(InterpolationMode.EXTRAPOLATE);
        assertEquals(50.0, headingOf(rig.interpolation.rotationOf(e, q)), 1e-3);
        rig.interpolation.setMode(InterpolationMode.OFF);
        assertEquals(40.0, headingOf(rig.interpolation.rotationOf(e, q)), 1e-3);
    }

    @Test
    void rotationTakesTheShorterArcAcrossTheWrapAndTheDoubleCover() {
        Transform3 t = rig.t3(e);
        t.rotation.rotationZ(rad(350));
        rig.frameMillis(10);                       // 35 ms: captured 350, turned to 10; alpha 0.5
        assertEquals(0.0, headingOf(rig.interpolation.rotationOf(e, q)), 1e-3);
        // q and -q are the same rotation: blending must not take the long way because of the sign.
        t.rotation.set(-t.rotation.x, -t.rotation.y, -t.rotation.z, -t.rotation.w);
        assertEquals(0.0, headingOf(rig.interpolation.rotationOf(e, q)), 1e-3);
        rig.frameMillis(2);                        // alpha 0.7: 350 + 14 = 4
        assertEquals(4.0, headingOf(rig.interpolation.rotationOf(e, q)), 1e-3);
    }

    @Test
    void teleportAndCaptureFollowTheOwnersTicks() {
        Transform3 t = rig.t3(e);
        t.position.set(100f, 0f, 0f);
        t.teleport();
        assertEquals(100f, rig.interpolation.positionOf(e, v).x);
        rig.frameMillis(10);                       // tick at 30 ms
        assertEquals(100f, t.previousPosition().x());
        assertEquals(102f, rig.interpolation.positionOf(e, v).x);
        assertEquals(1, rig.interpolation.ownedCount(Move100.class));
    }
}
