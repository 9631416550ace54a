package dev.ecsloop.parallel;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.utils.IntBag;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickFailedException;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelForTest {

    private static IntBag ids(int n) {
        IntBag bag = new IntBag(n);
        for (int i = 0; i < n; i++) {
            bag.add(1000 + i);
        }
        return bag;
    }

    private static long workerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("ecs-loop-worker-")).count();
    }

    private static GameLoop loop(int workers, BaseSystem... systems) {
        return GameLoop.builder().clock(new ManualClock()).workers(workers)
                .world(new WorldConfigurationBuilder().with(systems)).build();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void chunksDependOnTheEntityCountOnly(int workers) {
        try (GameLoop loop = loop(workers)) {
            ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
            loop.parallel().forEach(ids(1000), chunk -> seen.add(chunk.index() + ":" + chunk.first() + "-"
                    + chunk.end() + ":" + chunk.entity(chunk.first())));
            List<String> sorted = new ArrayList<>(seen);
            sorted.sort(java.util.Comparator.comparingInt(s -> Integer.parseInt(s.substring(0, s.indexOf(':')))));
            assertEquals(List.of("0:0-256:1000", "1:256-512:1256", "2:512-768:1512", "3:768-1000:1768"), sorted);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void aFoldCombinesInChunkOrderWhateverTheWorkers(int workers) {
        IntBag bag = ids(10_000);
        long serial = 7;
        for (int c = 0; c * 256 < 10_000; c++) {
            long r = 0;
            for (int i = c * 256; i < Math.min(10_000, c * 256 + 256); i++) {
                r = r * 31 + bag.get(i);
            }
            serial = serial * 1_000_003 ^ r;
        }
        try (GameLoop loop = loop(workers)) {
            for (int round = 0; round < 20; round++) {
                long fold = loop.parallel().reduce(bag, chunk -> {
                    long r = 0;
                    for (int i = chunk.first(); i < chunk.end(); i++) {
                        r = r * 31 + chunk.entity(i);
                    }
                    return r;
                }, 7, (acc, r) -> acc * 1_000_003 ^ r);
                assertEquals(serial, fold);
            }
        }
    }

    @Test
    void chunksRunOnTheWorkersToo() {
        try (GameLoop loop = loop(4)) {
            ConcurrentLinkedQueue<String> threads = new ConcurrentLinkedQueue<>();
            for (int round = 0; round < 200 && threads.stream().distinct().count() < 2; round++) {
                loop.parallel().forEach(ids(20_000), chunk -> {
                    threads.add(Thread.currentThread().getName());
                    long x = 0;
                    for (int i = 0; i < 20_000; i++) {
                        x += i * (long) chunk.index();
                    }
                    assertTrue(x >= 0);
                });
            }
            assertTrue(threads.stream().anyMatch(n -> n.startsWith("ecs-loop-worker-")), "no chunk ran on a worker");
        }
    }

    @Test
    void theWorkerPoolStartsWithTheLoopAndStopsAtCloseAlsoAfterFailingTicks() {
        long before = workerThreads();
        Failing failing = new Failing();
        GameLoop loop = loop(4, failing);
        assertEquals(before, workerThreads(), "no thread before the first parallel-for");
        loop.parallel().forEach(ids(1000), chunk -> { });
        assertEquals(before + 3, workerThreads());
        assertEquals(3, loop.parallel().workerThreadsAlive());
        ManualClock clock = (ManualClock) loop.clock();
        for (int i = 0; i < 5; i++) {
            clock.advance(20_000_000L);
            assertThrows(TickFailedException.class, loop::frame);
        }
        assertEquals(before + 3, workerThreads(), "failing ticks neither kill nor add workers");
        loop.close();
        loop.close();
        assertEquals(before, workerThreads());
        assertEquals(0, loop.parallel().workerThreadsAlive());
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> loop.parallel().forEach(ids(10), chunk -> { }));
        assertEquals("parallel-for after the loop was closed", closed.getMessage());
    }

    @Test
    void oneWorkerStartsNoThread() {
        long before = workerThreads();
        try (GameLoop loop = loop(1)) {
            assertEquals(before, workerThreads());
            List<String> threads = new ArrayList<>();
            loop.parallel().forEach(ids(1000), chunk -> threads.add(Thread.currentThread().getName()));
            assertEquals(4, threads.size());
            assertTrue(threads.stream().allMatch(n -> n.equals(Thread.currentThread().getName())));
        }
    }

    @TickRate(50)
    static final class Failing extends BaseSystem {
        @com.artemis.annotations.Wire
        Parallel parallel;

        @Override
        protected void processSystem() {
            parallel.forEach(ids(2000), chunk -> {
                if (chunk.index() == 3 || chunk.index() == 6) {
                    throw new ArithmeticException("boom in " + chunk.index());
                }
                chunk.commands().create();
            });
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void aThrowingChunkFailsTheTickNamingSystemAndLowestChunkAndAppliesNoCommand(int workers) {
        try (GameLoop loop = loop(workers, new Failing())) {
            ManualClock clock = (ManualClock) loop.clock();
            clock.advance(20_000_000L);
            TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
            assertEquals("system Failing failed at simulated time 0.020 s: dev.ecsloop.parallel.WorkerFailedException:"
                    + " chunk 3 of Failing's parallel-for failed: java.lang.ArithmeticException: boom in 3",
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertEquals(0, loop.world().getAspectSubscriptionManager().get(com.artemis.Aspect.all())
                    .getEntities().size(), "a failed parallel-for applies no command");
        }
    }

    @Test
    void commandsApplyInChunkOrderSoIdsMatchASerialLoop() {
        List<Long> positions = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            for (int i = c * 256; i < Math.min(1000, c * 256 + 256); i += 100) {
                positions.add((long) i);
            }
        }
        for (int workers : new int[] {1, 2, 3, 8}) {
            try (GameLoop loop = loop(workers)) {
                List<Integer> created = new ArrayList<>();
                List<Long> order = new ArrayList<>();
                ChunkCommands.Deferred record = (entity, a, b) -> {
                    created.add(entity);
                    order.add(a);
                };
                loop.parallel().forEach(ids(1000), chunk -> {
                    for (int i = chunk.first(); i < chunk.end(); i += 100) {
                        int ref = chunk.commands().create();
                        chunk.commands().later(ref, record, i, 0);
                    }
                });
                assertEquals(positions, order, "applied in chunk order, then in call order, at " + workers);
                for (int k = 0; k < created.size(); k++) {
                    assertEquals(k, created.get(k), "ids as a serial loop makes them, at " + workers);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void anErrorInAChunkEscapesUnwrappedAsFromASystem(int workers) {
        try (GameLoop loop = loop(workers)) {
            AssertionError e = assertThrows(AssertionError.class, () -> loop.parallel().forEach(ids(1000), chunk -> {
                if (chunk.index() >= 1) {
                    throw new AssertionError("chunk " + chunk.index());
                }
            }));
            assertEquals("chunk 1", e.getMessage(), "the lowest failing chunk's");
        }
    }
}
