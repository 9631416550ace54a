package dev.ecsloop;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every public entry point validates what it is given: values that would silently mean something else. */
class GameLoopInputEdgesTest {

    private final TickLog log = new TickLog();
    private final FrameRig rig = FrameRig.of(new TickLog.Ai(log), new TickLog.Render(log));

    {
        log.loop = rig.loop;
    }

    @Test
    void aPhaseThatRoundsToOneIsRefusedInsteadOfReadingBackAsZero() {
        rig.loop.setPhase(TickLog.Ai.class, 0.25);
        for (double bad : new double[] {0.9999999999999999, 0.9999995, 1.0, -0.0000001, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> rig.loop.setPhase(TickLog.Ai.class, bad), Double.toString(bad));
            assertTrue(e.getMessage().startsWith("bad phase for Ai: "), e.getMessage());
            assertEquals(0.25, rig.loop.system(TickLog.Ai.class).phase(), "nothing changed");
        }
        rig.loop.setPhase(TickLog.Ai.class, 0.9999994);
        assertEquals(0.999999, rig.loop.system(TickLog.Ai.class).phase());
    }

    @Test
    void aTimeScaleThatRoundsToZeroIsRefusedInsteadOfStoppingTime() {
        for (double bad : new double[] {1e-300, Double.MIN_VALUE, 4.9e-7}) {
            assertThrows(IllegalArgumentException.class, () -> rig.loop.setTimeScale(bad), Double.toString(bad));
            assertEquals(1.0, rig.loop.timeScale(), "nothing changed");
        }
        rig.frameMillis(100);
        assertEquals(100 * FrameRig.MS, rig.loop.simulatedNanos());
    }

    @Test
    void anEveryFrameSystemHasNoRateToReadBack() {
        SystemHandle render = rig.loop.system(TickLog.Render.class);
        assertTrue(render.isEveryFrame());
        IllegalStateException e = assertThrows(IllegalStateException.class, render::rate);
        assertEquals("Render runs every frame: it has no rate", e.getMessage());
    }

    @Test
    void aHandleIsResolvedOnceAndIsTheSameObjectEveryTime() {
        assertTrue(rig.loop.system(TickLog.Ai.class) == rig.loop.system(TickLog.Ai.class));
        assertEquals(0, rig.loop.system(TickLog.Ai.class).index());
        assertEquals(1, rig.loop.system(TickLog.Render.class).index());
        assertThrows(IllegalArgumentException.class, () -> rig.loop.system(TickLog.Physics.class));
        assertThrows(IllegalArgumentException.class, () -> rig.loop.system(null));
    }
}
