package dev.ecsloop.examples.skeleton;

import com.artemis.ComponentMapper;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.TickRate;

/** The AI: twice a simulated second each unit picks a new heading and speed from its own random stream. */
@TickRate(2)
@All({Brain.class, Velocity.class})
public final class BrainSystem extends IteratingSystem {

    private ComponentMapper<Brain> brains;
    private ComponentMapper<Velocity> velocities;

    @Override
    protected void process(int entity) {
        Brain brain = brains.get(entity);
        Velocity v = velocities.get(entity);
        double heading = brain.next(360) * Math.PI / 180.0;
        float speed = 4 + brain.next(7);                    // 4 to 10 cells per second
        v.dx = (float) (Math.cos(heading) * speed);
        v.dy = (float) (Math.sin(heading) * speed) * 0.5f;  // text cells are about twice as tall as wide
    }
}
