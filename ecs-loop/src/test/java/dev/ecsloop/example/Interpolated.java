package dev.ecsloop.example;

import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.interpolate.Interpolation;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.time.Clock;
import org.joml.Vector2f;

/** ecs-loop/docs/INTERPOLATION.md. */
final class Interpolated {

    private Interpolated() {
    }

    // region interpolation
    @TickRate(10)                                          // moves in visible 10 Hz steps...
    @All(Transform2.class)
    public static class MoveSystem extends IteratingSystem {
        ComponentMapper<Transform2> transforms;

        @Override protected void process(int entity) {
            transforms.get(entity).position.add(2f * world.getDelta(), 0f);   // 2 units per second
        }
    }

    @EveryFrame                                            // ...and is drawn smoothly at any frame rate
    @All(Transform2.class)
    public static class DrawSystem extends IteratingSystem {
        final Interpolation interpolation;
        final Vector2f at = new Vector2f();

        DrawSystem(Interpolation interpolation) { this.interpolation = interpolation; }

        @Override protected void process(int entity) {
            interpolation.positionOf(entity, at);          // between the last two ticks, by MoveSystem's alpha
            /* draw the sprite at (at.x, at.y) */
        }
    }

    static GameLoop create(Clock clock) {
        Interpolation interpolation = new Interpolation();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new MoveSystem(), new DrawSystem(interpolation)))
                .build();
        interpolation.attach(loop);                        // captures the previous state before each tick

        int unit = loop.world().create();
        loop.world().edit(unit).create(Transform2.class).owner(MoveSystem.class).position.set(0f, 5f);
        return loop;
    }
    // endregion interpolation
}
