package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.interpolate.Movers.Move15;
import dev.ecsloop.interpolate.Movers.Move60;
import org.joml.Quaternionf;
import org.joml.Vector2f;
import org.joml.Vector3f;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Steady-state capture and queries allocate nothing on the loop thread.
 *
 * <p>Measured with the thread's allocation counter. Whole frames are measured too, but as the minimum over
 * several rounds: with the JIT on, a frame of a loop with no interpolation at all occasionally allocates a few
 * hundred bytes once (not seen with {@code -Xint}), which says nothing about steady state; a steady allocation
 * would show in every round.
 */
class AllocationTest {

    private static final int UNITS = 1_000;
    private static final long FRAME = 6_944_444L;   // 144 fps

    private final InterpolationMode[] modes = InterpolationMode.values();   // values() clones: read it once
    private final Vector2f v2 = new Vector2f();
    private final Vector3f v3 = new Vector3f();
    private final Quaternionf q = new Quaternionf();
    private float sink;
    private Rig rig;
    private int[] flat;
    private int[] solid;

    @BeforeEach
    void setUp() {
        rig = new Rig(new Move60(), new Move15());
        flat = new int[UNITS];
        solid = new int[UNITS / 10];
        for (int i = 0; i < flat.length; i++) {
            flat[i] = rig.unit(i % 2 == 0 ? Move60.class : Move15.class, i);
        }
        for (int i = 0; i < solid.length; i++) {
            solid[i] = rig.world().create();
            Class<? extends BaseSystem> owner = i % 2 == 0 ? Move60.class : Move15.class;
            rig.world().edit(solid[i]).create(Transform3.class).owner(owner);
        }
        for (int round = 0; round < 3; round++) {   // warm-up: JIT, entity inserts, array growth
            frames(2_000);
            captures(2_000);
        }
    }

    @Test
    void capturesAndQueriesAllocateNothing() {
        long least = AllocationMeter.steadyStateBytes(() -> captures(2_000), 5);
        assertEquals(0L, least, "bytes allocated by 2,000 rounds of capture and queries");
        assertFalse(Float.isNaN(sink));
    }

    @Test
    void framesWithCaptureAndQueriesAllocateNothing() {
        long least = AllocationMeter.steadyStateBytes(() -> frames(1_000), 5);
        assertEquals(0L, least, "bytes allocated by 1,000 frames of ticks, capture and queries");
    }

    /** Frames of the loop (its ticks capture) with every query for every entity after each, cycling modes. */
    private void frames(int count) {
        for (int f = 0; f < count; f++) {
            rig.interpolation.setMode(modes[f % modes.length]);
            rig.frame(FRAME);
            queryAll();
        }
    }

    /** The capture path of both owners called directly, then every query; no loop machinery in between. */
    private void captures(int count) {
        for (int f = 0; f < count; f++) {
            rig.interpolation.setMode(modes[f % modes.length]);
            for (int slot = 0; slot < 2; slot++) {
                rig.interpolation.flatIndex().captureOwnedBy(slot);
                rig.interpolation.solidIndex().captureOwnedBy(slot);
            }
            queryAll();
        }
    }

    private void queryAll() {
        Interpolation in = rig.interpolation;
        for (int e : flat) {
            sink += in.positionOf(e, v2).x + in.angleOf(e) + in.scaleOf(e, v2).y;
        }
        for (int e : solid) {
            sink += in.positionOf(e, v3).x + in.rotationOf(e, q).w + in.scaleOf(e, v3).z;
        }
    }
}
