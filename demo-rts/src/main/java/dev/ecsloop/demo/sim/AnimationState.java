package dev.ecsloop.demo.sim;

import com.artemis.Component;
import dev.ecsloop.state.Presentation;

/**
 * Drawing-only state advanced every frame: it depends on frame timing by design, so it is left out of the
 * world hash. Nothing in the simulation reads it.
 */
@Presentation
public final class AnimationState extends Component {
    /** Walk cycle phase in [0, 2 pi), advancing while the unit moves. */
    float walkPhase;
    /** 1 right after a hit, fading to 0 over a quarter second. */
    float hitFlash;

    public AnimationState() {
    }
}
