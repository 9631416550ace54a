package dev.ecsloop.interpolate;

import dev.ecsloop.interpolate.Movers.Move60;
import dev.ecsloop.interpolate.Movers.Stranger;
import org.joml.Quaternionf;
import org.joml.Vector2f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BadInputTest {

    @Test
    void anOwnerOutsideTheLoopIsReportedByName() {
        Rig rig = new Rig(new Move60());
        int e = rig.unit(Stranger.class, 0f);
        rig.frameMillis(20);
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> rig.interpolation.positionOf(e, new Vector2f()));
        assertTrue(thrown.getMessage().contains(Stranger.class.getName()), thrown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.angleOf(e));
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.ownedCount(Stranger.class));

        rig.t2(e).owner(Move60.class);             // fixing the owner makes it drawable
        assertEquals(0f, rig.interpolation.positionOf(e, new Vector2f()).x);
    }

    @Test
    void settingAnOwnerOutsideTheLoopOnATrackedComponentThrowsAndChangesNothing() {
        Rig rig = new Rig(new Move60());
        int e = rig.unit(Move60.class, 0f);
        rig.frameMillis(20);
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> rig.t2(e).owner(Stranger.class));
        assertTrue(thrown.getMessage().contains(Stranger.class.getName()), thrown.getMessage());
        assertEquals(Move60.class, rig.t2(e).owner());
        assertEquals(1, rig.interpolation.ownedCount(Move60.class));
    }

    @Test
    void entitiesWithoutTheComponentAreRejected() {
        Rig rig = new Rig(new Move60());
        int bare = rig.world().create();
        int flat = rig.unit(Move60.class, 0f);
        rig.frameMillis(20);
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> rig.interpolation.positionOf(bare, new Vector2f()));
        assertTrue(thrown.getMessage().contains("Transform2"), thrown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.positionOf(flat, new Vector3f()));
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.rotationOf(flat, new Quaternionf()));
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.angleOf(-1));
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.angleOf(1_000_000));
    }

    @Test
    void installIsOncePerLoopAndNeedsALoop() {
        Rig rig = new Rig(new Move60());
        assertThrows(IllegalStateException.class, () -> Interpolation.install(rig.loop));
        assertThrows(NullPointerException.class, () -> Interpolation.install(null));
        assertThrows(NullPointerException.class, () -> rig.interpolation.setMode(null));
        assertThrows(IllegalArgumentException.class, () -> rig.interpolation.ownedCount(null));
    }
}
