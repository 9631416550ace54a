package dev.ecsloop.lockstep;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.TickRate;

/** Moves every body by its velocity, 60 times a simulated second; bodies bounce off a 100 x 100 box. */
@TickRate(60)
public final class MoveSystem extends IteratingSystem {

    private ComponentMapper<Body> bodies;

    public MoveSystem() {
        super(Aspect.all(Body.class));
    }

    @Override
    protected void process(int entity) {
        Body b = bodies.get(entity);
        b.x += b.vx / 60f;
        b.y += b.vy / 60f;
        if (b.x < 0 || b.x > 100) {
            b.vx = -b.vx;
        }
        if (b.y < 0 || b.y > 100) {
            b.vy = -b.vy;
        }
    }
}
