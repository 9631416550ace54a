package dev.ecsloop.parallel;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickFailedException;
import dev.ecsloop.TickRate;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A small game that uses every part of the parallel-for: per-entity writes, a fold whose combine is not
 * associative (so chunk order shows), churn through command buffers (create, delete, add, remove, deferred
 * initialisation, events), and async jobs whose compute time a fake {@link Delay} varies per job so they finish
 * out of order. Everything depends on simulated time and the seed; {@link #log} and {@link #hash()} show what
 * the number of workers or the frame split would change.
 */
final class ParallelRig {

    /** Simulation state. */
    public static final class Body extends Component {
        public long value;
        public int generation;
    }

    /** Added and removed as bodies change. */
    public static final class Mark extends Component {
        public long stamp;
    }

    /** Fake job duration: busy work of a seeded, per-job length, never a sleep. */
    interface Delay {
        void spin(long job);
    }

    /** Spins for a pseudo-random number of iterations per job, decided by seed and job only. */
    static Delay spinning(long seed, int maxSpins) {
        return job -> {
            long z = (seed ^ job) * 0x9E3779B97F4A7C15L;
            long n = Math.floorMod(z ^ (z >>> 29), maxSpins + 1L);
            long x = job;
            for (long i = 0; i < n; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                if (x == 42) {
                    Thread.onSpinWait();
                }
            }
        };
    }

    final List<String> log = new ArrayList<>();
    final GameLoop loop;
    final ManualClock clock = new ManualClock();
    final Churn churn;
    final Jobber jobber;
    private final StateHash hasher;

    ParallelRig(int workers, long seed, Delay delay) {
        churn = new Churn(seed, log);
        jobber = new Jobber(delay, log);
        loop = GameLoop.builder().clock(clock).profiler(() -> 0L).workers(workers)
                .world(new WorldConfigurationBuilder().with(new Seeder(seed), churn, jobber)).build();
        loop.addTickListener((system, at) -> log.add(system.getClass().getSimpleName() + "@" + at));
        hasher = new StateHash(loop.world());
    }

    long hash() {
        return hasher.hash();
    }

    void frame(long realNanos) {
        clock.advance(realNanos);
        try {
            loop.frame();
        } catch (TickFailedException e) {
            log.add("failed: " + e.getMessage());
        }
    }

    /** Creates the first bodies at its first tick, then nothing. */
    @TickRate(10)
    static final class Seeder extends BaseSystem {
        private final long seed;
        private boolean done;
        private ComponentMapper<Body> bodies;

        Seeder(long seed) {
            this.seed = seed;
        }

        @Override
        protected void processSystem() {
            if (done) {
                return;
            }
            done = true;
            SplittableRandom random = new SplittableRandom(seed);
            int n = 300 + random.nextInt(900);
            for (int i = 0; i < n; i++) {
                bodies.create(world.create()).value = random.nextLong();
            }
        }
    }

    /** Per-entity writes, a fold, and churn through command buffers. */
    @TickRate(60)
    static final class Churn extends BaseEntitySystem {
        private static final ChunkCommands.Deferred INIT = (entity, a, b) -> { };
        private final long seed;
        private final List<String> log;
        @Wire
        Parallel parallel;
        ComponentMapper<Body> bodies;
        ComponentMapper<Mark> marks;
        private final ChunkCommands.Deferred init = this::init;
        private final ChunkCommands.Deferred event = this::event;
        private long tick;
        private long events;
        private final Chunk.Task step = this::step;
        private final Chunk.LongTask sum = this::sum;

        Churn(long seed, List<String> log) {
            super(Aspect.all(Body.class));
            this.seed = seed;
            this.log = log;
        }

        @Override
        protected void processSystem() {
            tick++;
            parallel.forEach(getEntityIds(), step);
            long fold = parallel.reduce(getEntityIds(), sum, seed, (acc, r) -> acc * 31 + r);
            log.add("fold " + fold + " events " + events + " n " + getEntityIds().size());
        }

        private void step(Chunk chunk) {
            ChunkCommands commands = chunk.commands();
            for (int i = chunk.first(); i < chunk.end(); i++) {
                int e = chunk.entity(i);
                Body body = bodies.get(e);
                long v = body.value * 6364136223846793005L + tick + e;
                body.value = v;
                int roll = (int) ((v >>> 33) % 1000);
                if (roll < 6) {
                    commands.delete(e);
                } else if (roll < 12) {
                    int child = commands.create();
                    commands.add(child, bodies);
                    commands.later(child, init, v, body.generation + 1L);
                } else if (roll < 40) {
                    if (marks.has(e)) {
                        commands.remove(e, marks);
                    } else {
                        commands.add(e, marks);
                        commands.later(e, INIT, 0, 0);
                    }
                } else if (roll < 45) {
                    commands.later(event, v, chunk.index());
                }
            }
        }

        private long sum(Chunk chunk) {
            long s = chunk.index();
            for (int i = chunk.first(); i < chunk.end(); i++) {
                s = s * 0x100000001b3L ^ bodies.get(chunk.entity(i)).value;
            }
            return s;
        }

        private void init(int entity, long value, long generation) {
            Body body = bodies.get(entity);
            body.value = value ^ 0x5DEECE66DL;
            body.generation = (int) generation;
            Mark mark = marks.has(entity) ? marks.get(entity) : null;
            if (mark != null) {
                mark.stamp = tick;
            }
        }

        private void event(int entity, long value, long chunkIndex) {
            events = events * 31 + value + chunkIndex;
        }
    }

    /** A job: hashes its inputs, after a fake delay. */
    static final class HashJob implements AsyncJobs.Job {
        Delay delay;
        long serial;
        long input;
        long result;

        @Override
        public void compute() {
            delay.spin(serial);
            long x = input;
            for (int i = 0; i < 64; i++) {
                x = Long.rotateLeft(x * 0x9E3779B97F4A7C15L, 17) ^ i;
            }
            result = x;
        }
    }

    /** Submits two jobs per tick, delivered 3 ticks later, whose results become bodies. */
    @TickRate(20)
    static final class Jobber extends BaseEntitySystem {
        static final int DELAY = 3;
        private final Delay delay;
        private final List<String> log;
        @Wire
        Parallel parallel;
        ComponentMapper<Body> bodies;
        AsyncJobs<HashJob> jobs;
        private long serial;
        private final AsyncJobs.Delivery<HashJob> sink = this::deliver;

        Jobber(Delay delay, List<String> log) {
            super(Aspect.all(Body.class));
            this.delay = delay;
            this.log = log;
        }

        @Override
        protected void initialize() {
            jobs = parallel.jobs("Jobber", DELAY, 64);
        }

        @Override
        protected void processSystem() {
            jobs.tick(sink);
            for (int i = 0; i < 2; i++) {
                HashJob job = new HashJob();
                job.delay = delay;
                job.serial = serial++;
                int n = getEntityIds().size();
                job.input = n == 0 ? job.serial : bodies.get(getEntityIds().get((int) (job.serial % n))).value;
                jobs.submit(job);
            }
        }

        private void deliver(HashJob job) {
            log.add("job " + job.serial + " -> " + job.result + " at tick " + jobs.ticks());
            if ((job.result & 7) == 0) {
                bodies.create(world.create()).value = job.result;
            }
        }
    }
}
