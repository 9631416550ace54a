package dev.ecsloop.demo.window;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.BaseSystem;
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
import dev.ecsloop.parallel.WorkRecorder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The timeline's worker lanes, without a window: with 2 workers every chunk of every parallel-for tick and every
 * async job appears once, on the loop thread's lane or the worker's, at the simulated instant of its tick and in
 * its system's lane colour; a trace recording at the same time takes nothing from them; with 1 worker there are
 * no worker lanes; recording allocates nothing per frame.
 */
class WorkTimelineTest {

    /** Rounded up, so that every frame holds exactly one 60 Hz tick (and every other one a 30 Hz tick). */
    private static final long FRAME = 16_666_667L;

    public static final class Heat extends Component {
        public long value;
    }

    /** A serial system first, so the parallel one is lane 1. */
    @TickRate(60)
    public static final class Idle extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** 1,000 bodies in 4 chunks a tick at 30 Hz, and one async job a tick, delivered the next. */
    @TickRate(30)
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

    /** A job that computes from its own input only. */
    static final class Sum implements AsyncJobs.Job {
        int n;
        long result;

        @Override
        public void compute() {
            result = (long) n * (n + 1) / 2;
        }
    }

    private final ManualClock clock = new ManualClock();
    private final ManualClock real = new ManualClock();

    private GameLoop loop(int workers) {
        return loop(workers, clock);
    }

    private static GameLoop loop(int workers, ManualClock clock) {
        GameLoop loop = GameLoop.builder().clock(clock).workers(workers).world(new WorldConfigurationBuilder()
                .with(new Idle(), new Cooler())).build();
        for (int i = 0; i < 1_000; i++) {
            loop.world().edit(loop.world().create()).create(Heat.class);
        }
        return loop;
    }

    private void frames(GameLoop loop, TickTimeline t, int n) {
        for (int f = 0; f < n; f++) {
            clock.advance(FRAME);
            real.advance(FRAME);
            loop.frame();
            t.endFrame();
        }
    }

    @Test
    void everyChunkAndJobIsOnAThreadsLaneAtItsTicksInstant() {
        try (GameLoop loop = loop(2)) {
            TickTimeline t = new TickTimeline(loop, real);
            frames(loop, t, 60);
            WorkTimeline w = t.work;
            assertEquals(2, w.threads, "the loop thread's lane and worker 1's");
            Map<Long, Integer> chunks = new HashMap<>();
            Map<Long, Integer> jobs = new HashMap<>();
            for (int k = 0; k < w.count; k++) {
                int e = w.entry(k);
                assertEquals(1, w.lane[e], "Cooler's lane, so its colour");
                assertTrue(w.thread[e] == 0 || w.thread[e] == 1);
                chunks.merge(w.at[e], w.chunks[e], Integer::sum);
                jobs.merge(w.at[e], w.jobs[e], Integer::sum);
            }
            int ticks = 0;
            for (int k = 0; k < t.tickCount; k++) {
                int i = t.tick(k);
                if (t.tickLane[i] == 1) {
                    ticks++;
                    assertEquals(4, chunks.getOrDefault(t.tickAt[i], 0), "chunks of the tick at " + t.tickAt[i]);
                }
            }
            assertEquals(30, ticks);
            assertEquals(30, chunks.size(), "every entry sits at one of Cooler's tick instants");
            int jobCount = jobs.values().stream().mapToInt(Integer::intValue).sum();
            assertTrue(jobCount >= 29 && jobCount <= 30, "one job a tick; the newest may still run: " + jobCount);
            assertEquals(0, w.unmatched);
            TimelineView view = new TimelineView(loop, t);
            String tip = view.workTip(w.entry(w.count - 1));
            assertTrue(tip.matches("(?s)(loop thread|worker 1)\nCooler tick at 0\\.033333 s simulated\n.*"
                    + "(chunks?|async job).*ms busy"), tip);
            t.detach();
        }
    }

    @Test
    void aTraceDrainingAtTheSameTimeTakesNothingFromTheLanes() {
        try (GameLoop loop = loop(2)) {
            TickTimeline t = new TickTimeline(loop, real);
            WorkRecorder work = loop.parallel().work();
            work.start(real, 1_024);
            int[] traced = new int[1];
            WorkRecorder.Sink trace = (thread, job, owner, number, start, end) -> traced[0] += job ? 0 : 1;
            for (int f = 0; f < 30; f++) {
                clock.advance(FRAME);
                real.advance(FRAME);
                loop.frame();
                work.drain(trace); // as the trace does, at the frame's end inside the loop
                t.endFrame();
            }
            work.stop();
            int shown = 0;
            for (int k = 0; k < t.work.count; k++) {
                shown += t.work.chunks[t.work.entry(k)];
            }
            assertEquals(60, traced[0], "15 ticks of 4 chunks in the trace");
            assertEquals(60, shown, "and the same in the timeline");
            frames(loop, t, 2);
            int after = 0;
            for (int k = 0; k < t.work.count; k++) {
                after += t.work.chunks[t.work.entry(k)];
            }
            assertEquals(64, after, "the trace's stop leaves the lanes recording");
        }
    }

    @Test
    void oneWorkerHasNoWorkerLanes() {
        try (GameLoop loop = loop(1)) {
            TickTimeline t = new TickTimeline(loop, real);
            frames(loop, t, 10);
            assertEquals(0, t.work.threads);
            assertEquals(0, t.work.count);
        }
    }

    @Test
    void theLanesAllocateNothingPerFrame() {
        ManualClock other = new ManualClock();
        try (GameLoop plain = loop(2, other); GameLoop watched = loop(2)) {
            TickTimeline t = new TickTimeline(watched, real);
            long without = AllocationMeter.steadyStateBytes(() -> {
                for (int f = 0; f < 120; f++) {
                    other.advance(FRAME);
                    plain.frame();
                }
            }, 5);
            long with = AllocationMeter.steadyStateBytes(() -> frames(watched, t, 120), 5);
            assertEquals(without, with, "bytes per 120 frames without the worker lanes vs with them");
        }
    }
}
