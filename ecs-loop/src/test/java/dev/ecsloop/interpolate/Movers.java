package dev.ecsloop.interpolate;

import com.artemis.Aspect;
import com.artemis.BaseSystem;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.utils.IntBag;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.TickRate;

/**
 * Test systems that move the entities they own by a fixed amount per tick: x by {@code dx}, angle by
 * {@code dAngle}, scale x by {@code dScale}; Transform3 by x and a turn about z. They scan every entity (test
 * code, not the point); the interpolation under test is what must stay per owner.
 */
final class Movers {

    private Movers() {
    }

    abstract static class Mover extends BaseSystem {
        final float dx;
        final float dAngle;
        final float dScale;
        int ticks;
        private ComponentMapper<Transform2> flat;
        private ComponentMapper<Transform3> solid;
        private EntitySubscription flats;
        private EntitySubscription solids;

        Mover(float dx, float dAngle, float dScale) {
            this.dx = dx;
            this.dAngle = dAngle;
            this.dScale = dScale;
        }

        @Override
        protected void initialize() {
            flat = world.getMapper(Transform2.class);
            solid = world.getMapper(Transform3.class);
            flats = world.getAspectSubscriptionManager().get(Aspect.all(Transform2.class));
            solids = world.getAspectSubscriptionManager().get(Aspect.all(Transform3.class));
        }

        @Override
        protected void processSystem() {
            ticks++;
            IntBag ids = flats.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                Transform2 t = flat.get(ids.get(i));
                if (t.owner() == getClass()) {
                    t.position.x += dx;
                    t.angle += dAngle;
                    t.scale.x += dScale;
                }
            }
            ids = solids.getEntities();
            for (int i = 0; i < ids.size(); i++) {
                Transform3 t = solid.get(ids.get(i));
                if (t.owner() == getClass()) {
                    t.position.x += dx;
                    t.rotation.rotateZ(dAngle);
                    t.scale.x += dScale;
                }
            }
        }
    }

    @TickRate(60)
    static final class Move60 extends Mover {
        Move60() {
            super(1f, 0.01f, 0.001f);
        }
    }

    @TickRate(15)
    static final class Move15 extends Mover {
        Move15() {
            super(10f, 0.1f, 0.01f);
        }
    }

    /** Step exactly 10 ms: alphas at whole milliseconds are exact. */
    @TickRate(100)
    static final class Move100 extends Mover {
        Move100() {
            super(4f, (float) Math.toRadians(20), 0.5f);
        }
    }

    /** Step exactly 40 ms. */
    @TickRate(25)
    static final class Move25 extends Mover {
        Move25() {
            super(8f, 0.2f, 0.25f);
        }
    }

    @TickRate(30)
    static final class Idle30 extends Mover {
        Idle30() {
            super(0f, 0f, 0f);
        }
    }

    @EveryFrame
    static final class MoveEveryFrame extends Mover {
        MoveEveryFrame() {
            super(2f, 0f, 0f);
        }
    }

    /** A system never registered with any loop. */
    static final class Stranger extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }
}
