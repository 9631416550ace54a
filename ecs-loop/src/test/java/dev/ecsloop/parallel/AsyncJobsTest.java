package dev.ecsloop.parallel;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AsyncJobsTest {

    private static GameLoop loop(int workers) {
        return GameLoop.builder().clock(new ManualClock()).workers(workers)
                .world(new WorldConfigurationBuilder()).build();
    }

    /** A job that squares its input; optionally waits for a gate first (a fake delay, opened by another job). */
    static final class Square implements AsyncJobs.Job {
        final long input;
        final CountDownLatch waitFor;
        final CountDownLatch opens;
        final ConcurrentLinkedQueue<Long> finished;
        long result;

        Square(long input, CountDownLatch waitFor, CountDownLatch opens, ConcurrentLinkedQueue<Long> finished) {
            this.input = input;
            this.waitFor = waitFor;
            this.opens = opens;
            this.finished = finished;
        }

        @Override
        public void compute() {
            if (waitFor != null) {
                try {
                    waitFor.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            result = input * input;
            finished.add(input);
            if (opens != null) {
                opens.countDown();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void aJobSubmittedAtTickTIsDeliveredAtTickTPlusKInSubmissionOrder(int workers) {
        try (GameLoop loop = loop(workers)) {
            AsyncJobs<Square> jobs = loop.parallel().jobs("Test", 3, 16);
            ConcurrentLinkedQueue<Long> finished = new ConcurrentLinkedQueue<>();
            List<String> delivered = new ArrayList<>();
            for (int tick = 1; tick <= 10; tick++) {
                jobs.tick(job -> delivered.add(job.input + "@" + jobs.ticks() + "=" + job.result));
                if (tick <= 5) {
                    jobs.submit(new Square(tick * 10L, null, null, finished));
                    jobs.submit(new Square(tick * 10L + 1, null, null, finished));
                }
            }
            assertEquals(List.of("10@4=100", "11@4=121", "20@5=400", "21@5=441", "30@6=900", "31@6=961",
                    "40@7=1600", "41@7=1681", "50@8=2500", "51@8=2601"), delivered);
            assertEquals(0, jobs.pending());
        }
    }

    @Test
    void jobsFinishingOutOfOrderAreStillDeliveredInOrderAndLateOnesAreJoined() {
        try (GameLoop loop = loop(3)) {
            AsyncJobs<Square> jobs = loop.parallel().jobs("Test", 1, 16);
            ConcurrentLinkedQueue<Long> finished = new ConcurrentLinkedQueue<>();
            CountDownLatch gate = new CountDownLatch(1);
            jobs.tick(job -> { });
            // The first job waits until the second is done: it finishes last, whoever runs which.
            jobs.submit(new Square(1, gate, null, finished));
            jobs.submit(new Square(2, null, gate, finished));
            List<Long> delivered = new ArrayList<>();
            jobs.tick(job -> delivered.add(job.result));
            assertEquals(List.of(1L, 4L), delivered);
            assertEquals(List.of(2L, 1L), new ArrayList<>(finished), "finished out of order");
        }
    }

    @Test
    void withOneWorkerEveryJobRunsOnTheLoopThreadWhenDue() {
        try (GameLoop loop = loop(1)) {
            AsyncJobs<Square> jobs = loop.parallel().jobs("Test", 2, 4);
            ConcurrentLinkedQueue<Long> finished = new ConcurrentLinkedQueue<>();
            jobs.tick(job -> { });
            jobs.submit(new Square(3, null, null, finished));
            jobs.tick(job -> { });
            assertTrue(finished.isEmpty(), "not run before it is due");
            List<Long> delivered = new ArrayList<>();
            jobs.tick(job -> delivered.add(job.result));
            assertEquals(List.of(9L), delivered);
            assertEquals(1, jobs.joins());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void aJobTouchingTheWorldFailsItsDeliveryWithOneLine(int workers) {
        try (GameLoop loop = loop(workers)) {
            AsyncJobs<AsyncJobs.Job> jobs = loop.parallel().jobs("Pathfinder", 1, 4);
            jobs.tick(job -> { });
            jobs.submit(() -> loop.world().create());
            WorkerFailedException e = assertThrows(WorkerFailedException.class, () -> jobs.tick(job -> { }));
            assertEquals("async job #0 of Pathfinder failed: java.lang.IllegalStateException: world.create()"
                    + " called inside an async job of Pathfinder; a job computes from what it was given and"
                    + " touches neither the world nor the loop", e.getMessage());
            assertEquals(0, jobs.pending(), "the failed job is dropped; the channel goes on");
            jobs.submit(() -> { });
            assertEquals(1, jobs.tick(job -> { }));
        }
    }

    @Test
    void badArgumentsAndAFullChannelAreOneLineErrors() {
        try (GameLoop loop = loop(2)) {
            assertEquals("job delay must be from 1 to 1,000,000 ticks, not 0", assertThrows(
                    IllegalArgumentException.class, () -> loop.parallel().jobs("T", 0, 4)).getMessage());
            assertEquals("job capacity must be from 1 to 1,000,000, not 0", assertThrows(
                    IllegalArgumentException.class, () -> loop.parallel().jobs("T", 1, 0)).getMessage());
            AsyncJobs<AsyncJobs.Job> jobs = loop.parallel().jobs("T", 5, 2);
            jobs.submit(() -> { });
            jobs.submit(() -> { });
            assertEquals("T has 2 async jobs pending, its capacity; submit fewer per tick or raise the capacity",
                    assertThrows(IllegalStateException.class, () -> jobs.submit(() -> { })).getMessage());
            assertEquals(2, loop.parallel().pendingJobs());
        }
        assertEquals("workers must be from 1 to 256 (the loop thread counted), not 0",
                assertThrows(IllegalArgumentException.class, () -> GameLoop.builder().workers(0)).getMessage());
    }

    @Test
    void aCaptureWithJobsPendingOnAChannelWithoutCodecIsRefusedInOneLine() {
        try (GameLoop loop = loop(2)) {
            dev.ecsloop.snapshot.Snapshots snapshots = dev.ecsloop.snapshot.Snapshots.builder(loop).build();
            AsyncJobs<AsyncJobs.Job> jobs = loop.parallel().jobs("Pathfinder", 2, 4);
            byte[] before = snapshots.capture();
            jobs.tick(job -> { });
            jobs.submit(() -> { });
            assertEquals("Pathfinder has 1 async jobs pending and no JobCodec to capture them: create its channel"
                    + " with one", assertThrows(dev.ecsloop.snapshot.SnapshotException.class, snapshots::capture)
                    .getMessage());
            assertEquals("cannot restore now: Pathfinder has 1 async jobs pending and no JobCodec to capture them:"
                    + " create its channel with one", assertThrows(dev.ecsloop.snapshot.SnapshotException.class,
                    () -> snapshots.restore(before)).getMessage());
            assertEquals(1, jobs.pending(), "a refused restore changes nothing");
            jobs.tick(job -> { });
            jobs.tick(job -> { });
            snapshots.restore(before);
            assertEquals(0, jobs.ticks(), "restored to before the channel ticked");
        }
    }
}
