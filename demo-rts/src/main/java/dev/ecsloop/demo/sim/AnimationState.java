package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.ComponentCodec;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;

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

    /**
     * Writes nothing: drawing state depends on frame timing by design, so a snapshot (which is bit-identical for
     * identical simulation state) leaves it out and a restored unit starts its walk cycle at rest.
     */
    static final ComponentCodec<AnimationState> CODEC = new ComponentCodec<>() {
        @Override
        public void write(AnimationState component, SnapshotOut out) {
        }

        @Override
        public void read(AnimationState component, SnapshotIn in) {
        }
    };
}
