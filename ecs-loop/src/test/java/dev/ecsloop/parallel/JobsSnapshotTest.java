package dev.ecsloop.parallel;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pending async jobs are snapshot state: a loop restored mid-flight delivers the same jobs at the same ticks. */
class JobsSnapshotTest {

    /** A job's result becomes an entity's value. */
    public static final class Value extends Component {
        public long value;
    }

    static final class Square implements AsyncJobs.Job {
        long input;
        long result;

        @Override
        public void compute() {
            ParallelRig.spinning(input, 3_000).spin(input);
            result = input * input + 1;
        }
    }

    static final JobCodec<Square> CODEC = new JobCodec<>() {
        @Override
        public void write(Square job, SnapshotOut out) {
            out.writeLong(job.input);
        }

        @Override
        public Square read(SnapshotIn in) {
            Square job = new Square();
            job.input = in.readLong();
            return job;
        }
    };

    /** Submits three jobs per tick, delivered 4 ticks later; its counter is declared state. */
    @TickRate(30)
    static final class Planner extends BaseSystem implements SnapshotState {
        @Wire
        Parallel parallel;
        ComponentMapper<Value> values;
        AsyncJobs<Square> jobs;
        final List<String> log = new ArrayList<>();
        private long next = 1;

        @Override
        protected void initialize() {
            jobs = parallel.jobs("Planner", 4, 32, CODEC);
        }

        @Override
        protected void processSystem() {
            jobs.tick(job -> {
                values.create(world.create()).value = job.result;
                log.add(job.input + "=" + job.result + "@" + jobs.ticks());
            });
            for (int i = 0; i < 3; i++) {
                Square job = new Square();
                job.input = next++;
                jobs.submit(job);
            }
        }

        @Override
        public void save(SnapshotOut out) {
            out.writeLong(next);
        }

        @Override
        public void load(SnapshotIn in) {
            next = in.readLong();
        }
    }

    private static GameLoop loop(ManualClock clock, int workers, Planner planner) {
        return GameLoop.builder().clock(clock).workers(workers)
                .world(new WorldConfigurationBuilder().with(planner)).build();
    }

    private static void frames(ManualClock clock, GameLoop loop, int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(20_000_000L);
            loop.frame();
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 3", "4, 1", "1, 8"})
    void aRestoredLoopDeliversThePendingJobsAsTheCapturedOneWould(int capturedWorkers, int restoredWorkers) {
        ManualClock clock = new ManualClock();
        Planner planner = new Planner();
        try (GameLoop original = loop(clock, capturedWorkers, planner)) {
            Snapshots snapshots = Snapshots.builder(original).build();
            frames(clock, original, 17);
            assertTrue(planner.jobs.pending() > 0, "jobs in flight at the capture");
            byte[] mid = snapshots.capture();
            int logged = planner.log.size();
            frames(clock, original, 40);
            List<String> after = planner.log.subList(logged, planner.log.size());

            ManualClock clock2 = new ManualClock();
            Planner planner2 = new Planner();
            try (GameLoop restored = loop(clock2, restoredWorkers, planner2)) {
                frames(clock2, restored, 3);   // some jobs of its own in flight, replaced by the restore
                Snapshots.builder(restored).build().restore(mid);
                frames(clock2, restored, 40);
                assertEquals(after, planner2.log);
                assertEquals(new StateHash(original.world()).hash(), new StateHash(restored.world()).hash());
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "3"})
    void aSnapshotOfAnotherChannelLayoutIsRefusedInOneLine(int workers) {
        ManualClock clock = new ManualClock();
        try (GameLoop original = loop(clock, workers, new Planner())) {
            frames(clock, original, 5);
            byte[] bytes = Snapshots.builder(original).build().capture();
            try (GameLoop other = GameLoop.builder().clock(new ManualClock()).workers(workers)
                    .world(new WorldConfigurationBuilder().with(new Planner())).build()) {
                other.parallel().jobs("Extra", 1, 1);
                SnapshotException e = assertThrows(SnapshotException.class,
                        () -> Snapshots.builder(other).build().restore(bytes));
                assertTrue(e.getMessage().contains("snapshot of a loop with 1 async job channels, this one has 2"),
                        e.getMessage());
            }
        }
    }
}
