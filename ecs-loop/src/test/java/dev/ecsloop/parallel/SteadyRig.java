package dev.ecsloop.parallel;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.PooledComponent;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;

/**
 * A game at a steady state for the allocation test: a constant population churned through command buffers
 * (each deleted body is replaced by a created one), a fold, events, and async jobs reused from a pool.
 */
final class SteadyRig {

    /** Pooled, so that Artemis reuses it instead of allocating one per create. */
    public static final class Cell extends PooledComponent {
        public long value;

        @Override
        protected void reset() {
            value = 0;
        }
    }

    final GameLoop loop;
    final ManualClock clock = new ManualClock();

    SteadyRig(int workers) {
        loop = GameLoop.builder().clock(clock).profiler(() -> 0L).workers(workers)
                .world(new WorldConfigurationBuilder().with(new Churner())).build();
    }

    void frame(long realNanos) {
        clock.advance(realNanos);
        loop.frame();
    }

    @TickRate(60)
    static final class Churner extends BaseEntitySystem {
        private static final ChunkCommands.Deferred EVENT = (entity, a, b) -> { };
        @Wire
        Parallel parallel;
        ComponentMapper<Cell> cells;
        AsyncJobs<ParallelRig.HashJob> jobs;
        private final ParallelRig.HashJob[] pool = new ParallelRig.HashJob[16];
        private final ParallelRig.Delay delay = ParallelRig.spinning(5, 2_000);
        private final ChunkCommands.Deferred init = this::init;
        private final Chunk.Task step = this::step;
        private final Chunk.LongTask sum = this::sum;
        private final AsyncJobs.Delivery<ParallelRig.HashJob> sink = this::deliver;
        private long tick;
        private long serial;
        long fold;
        long delivered;

        Churner() {
            super(Aspect.all(Cell.class));
        }

        @Override
        protected void initialize() {
            jobs = parallel.jobs("Churner", 3, 16);
            for (int i = 0; i < pool.length; i++) {
                pool[i] = new ParallelRig.HashJob();
                pool[i].delay = delay;
            }
            for (int i = 0; i < 3000; i++) {
                cells.create(world.create()).value = i * 7919L;
            }
        }

        @Override
        protected void processSystem() {
            tick++;
            jobs.tick(sink);
            for (int i = 0; i < 2; i++) {
                ParallelRig.HashJob job = pool[(int) (serial % pool.length)];
                job.serial = serial++;
                job.input = tick;
                jobs.submit(job);
            }
            parallel.forEach(getEntityIds(), step);
            fold = parallel.reduce(getEntityIds(), sum, 1, (acc, r) -> acc * 31 + r);
        }

        private void step(Chunk chunk) {
            ChunkCommands commands = chunk.commands();
            for (int i = chunk.first(); i < chunk.end(); i++) {
                int e = chunk.entity(i);
                Cell cell = cells.get(e);
                cell.value = cell.value * 6364136223846793005L + tick;
                if ((cell.value >>> 40) % 100 == 0) {
                    commands.delete(e);
                    int child = commands.create();
                    commands.add(child, cells);
                    commands.later(child, init, cell.value, 0);
                    commands.later(EVENT, e, 0);
                }
            }
        }

        private long sum(Chunk chunk) {
            long s = 0;
            for (int i = chunk.first(); i < chunk.end(); i++) {
                s += cells.get(chunk.entity(i)).value;
            }
            return s;
        }

        private void init(int entity, long value, long unused) {
            cells.get(entity).value = value;
        }

        private void deliver(ParallelRig.HashJob job) {
            delivered += job.result;
        }
    }
}
