package dev.ecsloop.trace;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.AllocationMeter;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.parallel.AsyncJobs;
import dev.ecsloop.parallel.Chunk;
import dev.ecsloop.parallel.Parallel;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With workers, a trace has a lane per thread (the loop thread's and each worker's) holding a slice for every
 * parallel-for chunk and async job it ran; with one worker, none. Recording them allocates nothing per frame.
 */
class WorkerLanesTest {

    @TempDir
    Path dir;

    public static final class Heat extends Component {
        public long value;
    }

    /** 1,000 bodies in 4 chunks a tick, and an async job a tick delivered the next. */
    @TickRate(60)
    public static final class Cooler extends BaseEntitySystem {
        @Wire
        Parallel parallel;
        ComponentMapper<Heat> heat;
        private final Chunk.Task cool = this::cool;
        private AsyncJobs<Sum> jobs;
        private final Sum[] sums = {new Sum(), new Sum()};
        private int next;
        private final AsyncJobs.Delivery<Sum> done = sum -> { };

        public Cooler() {
            super(Aspect.all(Heat.class));
        }

        @Override
        protected void initialize() {
            jobs = parallel.jobs("Cooler", 1, 2);
        }

        @Override
        protected void processSystem() {
            jobs.tick(done);
            parallel.forEach(getEntityIds(), cool);
            Sum s = sums[next];
            next = 1 - next;
            s.n = getEntityIds().size();
            jobs.submit(s);
        }

        private void cool(Chunk chunk) {
            for (int i = chunk.first(); i < chunk.end(); i++) {
                Heat h = heat.get(chunk.entity(i));
                h.value = h.value * 7 + i;
            }
        }
    }

    static final class Sum implements AsyncJobs.Job {
        long n;
        long result;

        @Override
        public void compute() {
            long x = 0;
            for (long i = 0; i < n * 50; i++) {
                x += i ^ (x >>> 3);
            }
            result = x;
        }
    }

    private static GameLoop loop(int workers, ManualClock clock) {
        GameLoop loop = GameLoop.builder().clock(clock).profiler(Clock.system()).workers(workers)
                .world(new WorldConfigurationBuilder().with(new Cooler())).build();
        for (int i = 0; i < 1_000; i++) {
            loop.world().edit(loop.world().create()).create(Heat.class);
        }
        return loop;
    }

    private static TraceFileCheck traced(GameLoop loop, ManualClock clock, Path file) throws Exception {
        Trace trace = Trace.start(loop, Duration.ofSeconds(1), file);
        for (int i = 0; i < 1_000 && trace.isOpen(); i++) {
            clock.advance(TracedGame.FRAME);
            loop.frame();
        }
        trace.written().get(30, TimeUnit.SECONDS);
        return TraceFileCheck.read(file);
    }

    @Test
    void aLanePerThreadHoldsEveryChunkAndTheJobsItRan() throws Exception {
        ManualClock clock = new ManualClock();
        try (GameLoop loop = loop(3, clock)) {
            TraceFileCheck check = traced(loop, clock, dir.resolve("lanes.json"));
            assertEquals(List.of("frames", "loop thread: chunks, jobs", "worker 1", "worker 2", "Cooler"),
                    List.copyOf(check.lanes.values()));
            int runs = check.lane("Cooler").size();
            assertTrue(runs >= 59, runs + " runs");
            int chunks = 0;
            int jobs = 0;
            Set<String> seen = new HashSet<>();
            for (String lane : List.of("loop thread: chunks, jobs", "worker 1", "worker 2")) {
                for (TraceFileCheck.Slice s : check.lane(lane)) {
                    assertTrue(seen.add(s.name() + "@" + s.ts()), "each slice once: " + s);
                    if (s.name().startsWith("Cooler chunk ")) {
                        chunks++;
                        assertTrue(s.args().get("chunk").asInt() < 4, s.toString());
                    } else {
                        assertTrue(s.name().startsWith("Cooler job #"), s.toString());
                        jobs++;
                    }
                }
            }
            assertEquals(4 * runs, chunks, "every chunk of every traced run");
            assertTrue(jobs >= runs - 2 && jobs <= runs + 1, jobs + " jobs for " + runs + " runs");
            assertEquals(3, check.otherData.get("worker_lanes").asInt());
            assertEquals(0, check.otherData.get("dropped_work_slices").asInt());
        }
    }

    @Test
    void oneWorkerHasNoWorkerLanes() throws Exception {
        ManualClock clock = new ManualClock();
        try (GameLoop loop = loop(1, clock)) {
            TraceFileCheck check = traced(loop, clock, dir.resolve("one.json"));
            assertEquals(List.of("frames", "Cooler"), List.copyOf(check.lanes.values()));
            assertFalse(check.otherData.has("worker_lanes"));
        }
    }

    @Test
    void recordingLanesAllocatesNothingPerFrame() throws Exception {
        ManualClock clock = new ManualClock();
        try (GameLoop loop = loop(2, clock)) {
            Trace trace = Trace.start(loop, Duration.ofMinutes(10), dir.resolve("alloc.json"));
            long bytes = AllocationMeter.steadyStateBytes(() -> {
                for (int i = 0; i < 500; i++) {
                    clock.advance(TracedGame.FRAME);
                    loop.frame();
                }
            }, 10);
            assertEquals(0, bytes, "loop-thread bytes of 500 traced frames with worker lanes");
            assertTrue(trace.isOpen());
            trace.stop();
            trace.written().get(30, TimeUnit.SECONDS);
        }
    }
}
