package dev.ecsloop.demo.sim;

import dev.ecsloop.state.Presentation;
import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.annotations.Wire;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.interpolate.Transform2;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;

/**
 * Advances drawing-only state once per frame with the frame's simulated time: the walk cycle of units that
 * moved in their last movement step, and the fade of hit flashes. It writes only {@link AnimationState}, which
 * is {@link dev.ecsloop.state.Presentation}, so frame timing never reaches the simulation or its hash.
 *
 * <p>Each unit's update reads and writes only that unit's components, so it runs through the parallel-for:
 * at 20,000 units it was the largest serial part of a frame (issue 22).
 */
@EveryFrame
public final class AnimationSystem extends BaseEntitySystem {
    /** Walk cycles per simulated second while moving. */
    private static final float STRIDES_PER_SECOND = 2f;
    private static final float TWO_PI = (float) (2 * Math.PI);
    /** Hit flash fades from 1 to 0 in a quarter second. */
    private static final float FLASH_FADE = 4f;

    private ComponentMapper<AnimationState> looks;
    private ComponentMapper<Transform2> transforms;
    @Wire
    private Parallel parallel;
    private final Chunk.Task animate = this::animate;
    /** The frame's delta, read on the loop thread before the chunks run. */
    private float dt;

    AnimationSystem() {
        super(Aspect.all(AnimationState.class, Transform2.class));
    }

    @Override
    protected void processSystem() {
        dt = world.getDelta();
        parallel.forEach(getEntityIds(), animate);
    }

    /** One chunk of units: writes only their own {@link AnimationState}. */
    private void animate(Chunk chunk) {
        float step = dt;
        for (int i = chunk.first(); i < chunk.end(); i++) {
            int e = chunk.entity(i);
            AnimationState look = looks.get(e);
            Transform2 t = transforms.get(e);
            if (t.position.distanceSquared(t.previousPosition()) > 1e-8f) {
                look.walkPhase = (look.walkPhase + step * STRIDES_PER_SECOND * TWO_PI) % TWO_PI;
            }
            look.hitFlash = Math.max(0f, look.hitFlash - step * FLASH_FADE);
        }
    }
}
