package dev.ecsloop.example;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.ChunkCommands;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.time.Clock;

/** The README's "Parallel systems" section: a system whose entities run in chunks on the loop's workers. */
final class Parallelism {

    private Parallelism() {
    }

    /** A body that loses heat each tick and is removed when cold. */
    public static final class Heat extends Component {
        public float value = 100f;
    }

    // region parallel-for
    /** Cools every body in parallel; cold bodies are deleted through the chunk's command buffer. */
    @TickRate(30)
    public static class CoolingSystem extends BaseEntitySystem {
        @Wire
        Parallel parallel;                            // the loop's; same result at any number of workers
        ComponentMapper<Heat> heat;
        long bodies;                                  // a fold over chunks, combined in chunk order
        private final Chunk.Task cool = this::cool;   // kept in a field: a frame allocates nothing

        public CoolingSystem() {
            super(Aspect.all(Heat.class));
        }

        @Override
        protected void processSystem() {
            parallel.forEach(getEntityIds(), cool);   // commands are applied here, in chunk order
            bodies = parallel.reduce(getEntityIds(), Chunk::size, 0, Long::sum);
        }

        private void cool(Chunk chunk) {
            ChunkCommands commands = chunk.commands();
            for (int i = chunk.first(); i < chunk.end(); i++) {
                int e = chunk.entity(i);
                Heat h = heat.get(e);                 // own chunk's entity: write freely
                h.value *= 0.9f;
                if (h.value < 1f) {
                    commands.delete(e);               // world.delete(e) here would throw
                }
            }
        }
    }

    static GameLoop build(Clock clock, int workers) {
        return GameLoop.builder().clock(clock).workers(workers)   // 1 by default: no worker thread
                .world(new WorldConfigurationBuilder().with(new CoolingSystem()))
                .build();                                         // close() stops the workers
    }
    // endregion parallel-for
}
