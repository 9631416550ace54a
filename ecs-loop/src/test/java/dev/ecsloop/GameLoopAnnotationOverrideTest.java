package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subclass's own {@link TickRate} or {@link EveryFrame} overrides what it inherits, whichever of the two each
 * carries: the nearest class in the hierarchy that declares one decides. Only one class declaring both is an error.
 */
class GameLoopAnnotationOverrideTest {

    @TickRate(15)
    abstract static class TickingBase extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @EveryFrame
    static final class DrawnEveryFrame extends TickingBase {
    }

    @EveryFrame
    abstract static class DrawingBase extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(value = 5, phase = 0.5)
    static final class TickedAtFive extends DrawingBase {
    }

    @TickRate(value = 4, catchUp = false)
    @EveryFrame
    static final class Both extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @Test
    void anEveryFrameSubclassOfATickingBaseRunsEveryFrame() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new DrawnEveryFrame())).build();
        assertTrue(loop.system(DrawnEveryFrame.class).isEveryFrame());
    }

    @Test
    void aTickingSubclassOfAnEveryFrameBaseTicksAtItsOwnRateAndPhase() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new TickedAtFive())).build();
        assertFalse(loop.system(TickedAtFive.class).isEveryFrame());
        assertEquals(5.0, loop.system(TickedAtFive.class).rate());
        assertEquals(0.5, loop.system(TickedAtFive.class).phase());
    }

    @Test
    void oneClassCarryingBothIsStillRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameLoop.builder()
                .clock(new ManualClock()).world(new WorldConfigurationBuilder().with(new Both())).build());
        assertTrue(e.getMessage().contains("Both"), e.getMessage());
    }
}
