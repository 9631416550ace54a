package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.joml.Vector2f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An interpolation made before the loop reaches the drawing system through its constructor, no setter. */
class AttachTest {

    /** Moves its one entity 1 unit per tick at 10 Hz. */
    @TickRate(10)
    static final class Move extends BaseSystem {
        int entity = -1;

        @Override
        protected void processSystem() {
            world.getMapper(Transform2.class).get(entity).position.add(1f, 0f);
        }
    }

    /** Reads the blended position every frame through the interpolation it was built with. */
    @EveryFrame
    static final class Draw extends BaseSystem {
        final Interpolation interpolation;
        final Vector2f drawn = new Vector2f();
        int entity = -1;

        Draw(Interpolation interpolation) {
            this.interpolation = interpolation;
        }

        @Override
        protected void processSystem() {
            interpolation.positionOf(entity, drawn);
        }
    }

    @Test
    void aDrawSystemBuiltBeforeTheLoopDrawsBlendedPositionsOnceTheInterpolationIsAttached() {
        ManualClock clock = new ManualClock();
        Interpolation interpolation = new Interpolation();
        Move move = new Move();
        Draw draw = new Draw(interpolation);
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(move, draw)).build();
        assertFalse(interpolation.isAttached());
        assertSame(interpolation, interpolation.attach(loop));
        assertTrue(interpolation.isAttached());
        assertSame(loop, interpolation.loop());

        int e = loop.world().create();
        loop.world().edit(e).create(Transform2.class).owner(Move.class).position.set(0f, 0f);
        move.entity = e;
        draw.entity = e;

        clock.advance(150_000_000L); // one tick, at 100 ms: previous x 0, current x 1, alpha 0.5
        loop.frame();
        assertEquals(0.5f, draw.drawn.x, 1e-6f);
        clock.advance(100_000_000L); // the tick at 200 ms: previous x 1, current x 2, alpha 0.5
        loop.frame();
        assertEquals(1.5f, draw.drawn.x, 1e-6f);
    }

    @Test
    void queriesBeforeAttachSayWhatToDoAndTheModeCanBeSetEarly() {
        Interpolation interpolation = new Interpolation();
        interpolation.setMode(InterpolationMode.OFF);
        assertEquals(InterpolationMode.OFF, interpolation.mode());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> interpolation.positionOf(0, new Vector2f()));
        assertTrue(e.getMessage().contains("attach(loop)"), e.getMessage());
        assertThrows(IllegalStateException.class, interpolation::loop);
        assertThrows(IllegalStateException.class, () -> interpolation.ownedCount(Move.class));
    }

    @Test
    void oneInterpolationAttachesOnceAndAWorldTakesOnlyOne() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Move())).build();
        Interpolation first = new Interpolation().attach(loop);
        assertThrows(IllegalStateException.class, () -> first.attach(loop));
        assertThrows(IllegalStateException.class, () -> new Interpolation().attach(loop));
        assertThrows(NullPointerException.class, () -> new Interpolation().attach(null));
    }
}
