package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move100;
import org.joml.Vector2f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A teleport draws the current state, unblended, until exactly the owner's next tick. */
class TeleportTest {

    @Test
    void teleportSkipsBlendingForOneTickOnly() {
        Rig rig = new Rig(new Move100());
        int e = rig.unit(Move100.class, 0f);
        Vector2f out = new Vector2f();
        rig.frameMillis(25);                       // ticks at 10, 20 ms: x 4 -> 8, alpha 0.5
        assertEquals(6f, rig.interpolation.positionOf(e, out).x);

        Transform2 t = rig.t2(e);
        t.position.set(1000f, 50f);
        t.teleport();
        assertTrue(t.isTeleported());
        for (InterpolationMode mode : InterpolationMode.values()) {
            rig.interpolation.setMode(mode);
            assertEquals(new Vector2f(1000f, 50f), rig.interpolation.positionOf(e, out), mode.name());
        }
        rig.interpolation.setMode(InterpolationMode.INTERPOLATE);

        for (int i = 0; i < 4; i++) {              // 26..29 ms: frames but no tick, still unblended
            rig.frameMillis(1);
            assertEquals(1000f, rig.interpolation.positionOf(e, out).x);
            assertTrue(t.isTeleported());
        }
        rig.frameMillis(2);                        // 31 ms: tick at 30 captures 1000, moves to 1004; alpha 0.1
        assertFalse(t.isTeleported());
        assertEquals(1000f, t.previousPosition().x());
        assertEquals(1000f + rig.loop.system(Move100.class).alpha() * 4f, rig.interpolation.positionOf(e, out).x);
        assertEquals(50f, out.y);
    }

    @Test
    void teleportSetDuringTheOwnersTickHoldsUntilItsNextTick() {
        Rig rig = new Rig(new Move100());
        int e = rig.unit(Move100.class, 0f);
        Vector2f out = new Vector2f();
        // A listener registered after install runs after the capture and stands in for the owner's own code.
        rig.loop.addTickListener((system, tickNanos) -> {
            if (tickNanos == 20_000_000L) {
                rig.t2(e).position.x = 500f;
                rig.t2(e).teleport();
            }
        });
        rig.frameMillis(25);                       // tick 20 ms: teleported to 500, then moved to 504
        assertEquals(504f, rig.interpolation.positionOf(e, out).x);
        rig.frameMillis(10);                       // tick 30 ms: 504 -> 508, alpha 0.5
        assertEquals(506f, rig.interpolation.positionOf(e, out).x);
    }
}
