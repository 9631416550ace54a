package dev.ecsloop.example;

import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.World;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;

/** ecs-loop/docs/DETERMINISM.md and ecs-loop/docs/ARTEMIS.md. */
final class Determinism {

    private Determinism() {
    }

    // region determinism
    public static class Heading extends Component {
        public int direction;                          // 0 to 3
        public long seed = 7;                          // randomness is state: kept in the world, hashed, replayed
    }

    @TickRate(15)
    @All(Heading.class)
    public static class WanderSystem extends IteratingSystem {
        ComponentMapper<Heading> headings;

        @Override protected void process(int entity) {
            Heading h = headings.get(entity);
            h.seed = h.seed * 6364136223846793005L + 1442695040888963407L;   // not Math.random()
            if ((h.seed >>> 60) == 0) {                // about one tick in 16
                h.direction = (h.direction + 1) & 3;   // time is world.getDelta() or ticks, never a wall clock
            }
        }
    }
    // endregion determinism

    // region plain-artemis
    static void plainArtemis(World world, float frameSeconds) {
        world.setDelta(frameSeconds);    // every system sees the same delta, whatever the frame took
        world.process();                 // and runs exactly once per frame
    }

    static void ecsLoop(GameLoop loop) {
        loop.frame();                    // each system 0 to n times, at its own rate, with an exact delta
    }
    // endregion plain-artemis
}
