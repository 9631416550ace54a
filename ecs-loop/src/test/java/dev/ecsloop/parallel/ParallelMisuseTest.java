package dev.ecsloop.parallel;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickFailedException;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Each guarded call, made inside a chunk at 1 and several workers, fails the tick with one line. */
class ParallelMisuseTest {

    /** Runs {@code misuse} for chunk 2's first entity, inside a parallel-for over every body. */
    @TickRate(50)
    static final class Misuser extends BaseEntitySystem {
        @Wire
        Parallel parallel;
        ComponentMapper<ParallelRig.Body> bodies;
        ComponentMapper<ParallelRig.Mark> marks;
        GameLoop loop;
        private final BiConsumer<Misuser, Integer> misuse;
        private boolean seeded;
        AsyncJobs<ParallelRig.HashJob> jobs;

        Misuser(BiConsumer<Misuser, Integer> misuse) {
            super(Aspect.all(ParallelRig.Body.class));
            this.misuse = misuse;
        }

        @Override
        protected void initialize() {
            jobs = parallel.jobs("Misuser", 1, 4);
        }

        @Override
        protected void processSystem() {
            if (!seeded) {
                seeded = true;
                for (int i = 0; i < 1000; i++) {
                    bodies.create(world.create());
                }
                return;
            }
            parallel.forEach(getEntityIds(), chunk -> {
                if (chunk.index() == 2) {
                    misuse.accept(this, chunk.entity(chunk.first()));
                }
            });
        }
    }

    private static String failureOf(int workers, BiConsumer<Misuser, Integer> misuse) {
        Misuser system = new Misuser(misuse);
        ManualClock clock = new ManualClock();
        try (GameLoop loop = GameLoop.builder().clock(clock).workers(workers)
                .world(new WorldConfigurationBuilder().with(system)).build()) {
            system.loop = loop;
            clock.advance(20_000_000L);
            loop.frame();
            clock.advance(20_000_000L);
            TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertEquals(IllegalStateException.class, e.getCause().getCause().getClass());
            return e.getCause().getCause().getMessage();
        }
    }

    private static final String CHUNK = " called inside chunk 2 of Misuser's parallel-for; structural changes and"
            + " events go through chunk.commands()";

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void aWorkerCreatingAnEntityDirectly(int workers) {
        assertEquals("world.create()" + CHUNK, failureOf(workers, (s, e) -> s.loop.world().create()));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void deletingEditingAndEntityObjects(int workers) {
        assertEquals("world.delete()" + CHUNK, failureOf(workers, (s, e) -> s.loop.world().delete(e)));
        assertEquals("world.edit()" + CHUNK, failureOf(workers, (s, e) -> s.loop.world().edit(e)));
        assertEquals("world.createEntity()" + CHUNK, failureOf(workers, (s, e) -> s.loop.world().createEntity()));
        assertEquals("world.edit()" + CHUNK,
                failureOf(workers, (s, e) -> s.loop.world().getEntity(e).edit().create(ParallelRig.Mark.class)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void mapperCreateAndRemove(int workers) {
        String mapper = "a component mapper's create() or remove() (or an EntityEdit)" + CHUNK;
        assertEquals(mapper, failureOf(workers, (s, e) -> s.marks.create(e)));
        assertEquals(mapper, failureOf(workers, (s, e) -> s.bodies.remove(e)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void loopControlsAndNestedParallelFor(int workers) {
        assertEquals("GameLoop.setRate()" + CHUNK,
                failureOf(workers, (s, e) -> s.loop.setRate(Misuser.class, 10)));
        assertEquals("GameLoop.pause()" + CHUNK, failureOf(workers, (s, e) -> s.loop.pause()));
        assertEquals("a parallel-for" + CHUNK,
                failureOf(workers, (s, e) -> s.parallel.forEach(s.getEntityIds(), c -> { })));
        assertEquals("AsyncJobs.submit()" + CHUNK,
                failureOf(workers, (s, e) -> s.jobs.submit(new ParallelRig.HashJob())));
    }
}
