package dev.ecsloop.parallel;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A recording shared by a recorder that starts and drains it (the trace) and an observer (the window's timeline):
 * the observer sees every slice whoever drains it, each reader's stop ends only its own part, and the recording
 * runs while either wants it.
 */
class WorkRecorderTest {

    public static final class Heat extends Component {
        public long value;
    }

    /** 1,000 bodies: 4 chunks a tick. */
    @TickRate(60)
    public static final class Cooler extends BaseEntitySystem {
        @Wire
        Parallel parallel;
        ComponentMapper<Heat> heat;
        private final Chunk.Task cool = this::cool;

        public Cooler() {
            super(Aspect.all(Heat.class));
        }

        @Override
        protected void processSystem() {
            parallel.forEach(getEntityIds(), cool);
        }

        private void cool(Chunk chunk) {
            for (int i = chunk.first(); i < chunk.end(); i++) {
                heat.get(chunk.entity(i)).value += i;
            }
        }
    }

    private final ManualClock clock = new ManualClock();
    private final ManualClock slices = new ManualClock();

    private GameLoop loop() {
        GameLoop loop = GameLoop.builder().clock(clock).workers(2).world(new WorldConfigurationBuilder()
                .with(new Cooler())).build();
        for (int i = 0; i < 1_000; i++) {
            loop.world().edit(loop.world().create()).create(Heat.class);
        }
        return loop;
    }

    /** Chunk numbers handed to a sink, in any thread's order. */
    private static final class Chunks implements WorkRecorder.Sink {
        final List<Long> seen = new ArrayList<>();

        @Override
        public void ran(int thread, boolean job, String owner, long number, long startNanos, long endNanos) {
            assertEquals("Cooler", owner);
            seen.add(number);
        }

        int takeCount() {
            int n = seen.size();
            seen.clear();
            return n;
        }
    }

    private void frame(GameLoop loop) {
        clock.advance(16_666_667L); // one 60 Hz tick in every frame
        loop.frame();
    }

    @Test
    void anObserverSeesWhatTheRecorderDrainsAndKeepsRecordingAfterItStops() {
        try (GameLoop loop = loop()) {
            WorkRecorder work = loop.parallel().work();
            Chunks trace = new Chunks();
            Chunks timeline = new Chunks();
            work.observe(timeline, slices, 64);
            frame(loop);
            work.drain(timeline);
            assertEquals(4, timeline.takeCount(), "observing alone records: one tick's 4 chunks");

            work.start(slices, 64);
            frame(loop);
            work.drain(trace);
            work.drain(timeline);
            assertEquals(4, trace.takeCount(), "the trace drains the tick's chunks");
            assertEquals(4, timeline.takeCount(), "and the observer sees them as they go, not a second time");

            work.stop();
            frame(loop);
            work.drain(timeline);
            assertEquals(4, timeline.takeCount(), "the trace's stop leaves the observer's recording running");

            work.unobserve();
            frame(loop);
            work.drain(trace);
            assertEquals(0, trace.takeCount(), "neither wants it: nothing is recorded");
        }
    }

    @Test
    void unobservingLeavesTheRecordersRecordingRunning() {
        try (GameLoop loop = loop()) {
            WorkRecorder work = loop.parallel().work();
            Chunks trace = new Chunks();
            Chunks timeline = new Chunks();
            work.start(slices, 64);
            work.observe(timeline, slices, 64);
            work.unobserve();
            frame(loop);
            work.drain(trace);
            assertEquals(4, trace.takeCount());
            assertEquals(0, timeline.takeCount(), "no longer observing");
            work.stop();
            frame(loop);
            work.drain(trace);
            assertEquals(0, trace.takeCount());
            assertThrows(IllegalArgumentException.class, () -> work.observe(timeline, slices, 0));
        }
    }
}
