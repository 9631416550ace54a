package dev.ecsloop.demo.sim;

import dev.ecsloop.state.Presentation;
import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.utils.IntBag;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.interpolate.Transform2;

/**
 * Advances drawing-only state once per frame with the frame's simulated time: the walk cycle of units that
 * moved in their last movement step, and the fade of hit flashes. It writes only {@link AnimationState}, which
 * is {@link dev.ecsloop.state.Presentation}, so frame timing never reaches the simulation or its hash.
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

    AnimationSystem() {
        super(Aspect.all(AnimationState.class, Transform2.class));
    }

    @Override
    protected void processSystem() {
        float dt = world.getDelta();
        IntBag all = getEntityIds();
        int[] ids = all.getData();
        for (int i = 0, n = all.size(); i < n; i++) {
            AnimationState look = looks.get(ids[i]);
            Transform2 t = transforms.get(ids[i]);
            if (t.position.distanceSquared(t.previousPosition()) > 1e-8f) {
                look.walkPhase = (look.walkPhase + dt * STRIDES_PER_SECOND * TWO_PI) % TWO_PI;
            }
            look.hitFlash = Math.max(0f, look.hitFlash - dt * FLASH_FADE);
        }
    }
}
