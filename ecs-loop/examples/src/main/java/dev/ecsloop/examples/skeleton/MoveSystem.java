package dev.ecsloop.examples.skeleton;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.TickRate;
import dev.ecsloop.interpolate.Transform2;

/**
 * Movement at 10 Hz: coarse on purpose, so that drawing at 30 FPS shows what interpolation does (try
 * {@code interp off} in the console). Units bounce off the field's edges.
 */
@TickRate(10)
@All({Transform2.class, Velocity.class})
public final class MoveSystem extends IteratingSystem {

    private ComponentMapper<Transform2> transforms;
    private ComponentMapper<Velocity> velocities;

    @Override
    protected void process(int entity) {
        Transform2 t = transforms.get(entity);
        Velocity v = velocities.get(entity);
        float step = world.getDelta();                       // exactly 0.1 s, whatever the frame rate
        float x = t.position.x + v.dx * step;
        float y = t.position.y + v.dy * step;
        if (x < 0 || x > Field.WIDTH - 1) {
            v.dx = -v.dx;
            x = Math.max(0, Math.min(Field.WIDTH - 1, x));
        }
        if (y < 0 || y > Field.HEIGHT - 1) {
            v.dy = -v.dy;
            y = Math.max(0, Math.min(Field.HEIGHT - 1, y));
        }
        t.position.set(x, y);
    }
}
