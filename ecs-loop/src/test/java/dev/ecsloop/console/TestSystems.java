package dev.ecsloop.console;

import com.artemis.BaseSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.TickRate;

/** Systems for console tests: two fixed rates, one throttled, one every frame; "m" is an ambiguous prefix. */
final class TestSystems {

    private TestSystems() {
    }

    @TickRate(15)
    static final class AiSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(60)
    static final class MovementSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(value = 4, catchUp = false)
    static final class MapSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @EveryFrame
    static final class RenderSystem extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** Its simple name is a prefix of {@link AiSystem}'s: typing "ai" must pick this one. */
    @TickRate(10)
    static final class Ai extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(60)
    static final class ExplodingSystem extends BaseSystem {
        @Override
        protected void processSystem() {
            throw new IllegalStateException("kaboom");
        }
    }
}
