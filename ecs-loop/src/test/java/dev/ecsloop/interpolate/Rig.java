package dev.ecsloop.interpolate;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.FrameRig;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;

/** A loop on manual time with interpolation installed, plus helpers to make entities and run frames. */
final class Rig {

    final ManualClock clock = new ManualClock();
    final GameLoop loop;
    final Interpolation interpolation;
    private final FrameRig frames;

    Rig(BaseSystem... systems) {
        this(1, systems);
    }

    /** As {@link #Rig(BaseSystem...)}, the loop with {@code workers} threads. */
    Rig(int workers, BaseSystem... systems) {
        loop = GameLoop.builder().clock(clock).workers(workers).world(new WorldConfigurationBuilder().with(systems))
                .build();
        interpolation = Interpolation.install(loop);
        frames = new FrameRig(clock, loop);
    }

    World world() {
        return loop.world();
    }

    /** A new entity with a Transform2 at (x, 0) owned by {@code owner}; tracked from the next entity update. */
    int unit(Class<? extends BaseSystem> owner, float x) {
        int e = world().create();
        world().edit(e).create(Transform2.class).owner(owner).position.set(x, 0f);
        return e;
    }

    Transform2 t2(int entity) {
        return world().getMapper(Transform2.class).get(entity);
    }

    Transform3 t3(int entity) {
        return world().getMapper(Transform3.class).get(entity);
    }

    /** Advances real time by {@code nanos} and runs one frame. */
    void frame(long nanos) {
        frames.frame(nanos);
    }

    void frameMillis(long millis) {
        frames.frameMillis(millis);
    }
}
