package dev.ecsloop.pace;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopRunnerTest {

    private static final long MS = 1_000_000L;

    @Test
    void eachIterationPumpsThenRunsOneFrameThenEndsItThenWaits() {
        CountingClock clock = new CountingClock();
        List<String> log = new ArrayList<>();
        clock.onSleep = () -> log.add("wait");
        int[] frames = {0};
        LoopRunner[] runner = new LoopRunner[1];
        runner[0] = new LoopRunner(new FramePacer(clock, 60), () -> log.add("pump"), () -> {
            log.add("end");
            if (frames[0] == 3) {
                runner[0].stop();
            }
        });
        runner[0].run(() -> {
            frames[0]++;
            log.add("frame");
            clock.advance(3 * MS);
        });
        assertEquals(List.of("pump", "frame", "end", "wait",
                "pump", "frame", "end", "wait",
                "pump", "frame", "end"), log);
        assertFalse(runner[0].isRunning());
    }

    @Test
    void runnerFramesAreOneIntervalApart() {
        CountingClock clock = new CountingClock();
        LoopRunner runner = new LoopRunner(new FramePacer(clock, 60));
        long[] starts = new long[601];
        int[] n = {0};
        runner.run(() -> {
            starts[n[0]++] = clock.now();
            clock.advance(3 * MS);
            if (n[0] == starts.length) {
                runner.stop();
            }
        });
        assertEquals(10_000 * MS, starts[600] - starts[0]);
        for (int i = 1; i < starts.length; i++) {
            long interval = starts[i] - starts[i - 1];
            assertTrue(interval == 16_666_666L || interval == 16_666_667L, "frame " + i + ": " + interval);
        }
    }

    @Test
    void stopFromAHookEndsTheRunAfterTheCurrentFrameWithoutWaiting() {
        CountingClock clock = new CountingClock();
        int[] pumps = {0};
        int[] ends = {0};
        LoopRunner[] runner = new LoopRunner[1];
        runner[0] = new LoopRunner(new FramePacer(clock, 60), () -> pumps[0]++, () -> ends[0]++);
        int[] frames = {0};
        long[] stoppedAt = {0};
        runner[0].run(() -> {
            if (++frames[0] == 5) {
                runner[0].stop();
                stoppedAt[0] = clock.now();
            }
        });
        assertEquals(5, frames[0]);
        assertEquals(5, pumps[0]);
        assertEquals(5, ends[0], "the stopped frame is still ended (presented)");
        assertEquals(stoppedAt[0], clock.now(), "no wait after the last frame");
    }

    @Test
    void stopFromAnotherThreadEndsTheRunAfterTheCurrentFrame() throws Exception {
        ManualClock clock = new ManualClock();
        LoopRunner runner = new LoopRunner(new FramePacer(clock, 60));
        AtomicLong frames = new AtomicLong();
        CountDownLatch inTenthFrame = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread loop = new Thread(() -> {
            try {
                runner.run(() -> {
                    if (frames.incrementAndGet() == 10) {
                        inTenthFrame.countDown();      // hold the tenth frame open while the other thread stops
                        await(stopped);
                    }
                });
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "loop");
        loop.start();
        assertTrue(inTenthFrame.await(10, TimeUnit.SECONDS), "the loop runs");
        assertTrue(runner.isRunning());
        runner.stop();
        stopped.countDown();
        loop.join(10_000);
        assertFalse(loop.isAlive(), "run() returned");
        assertFalse(runner.isRunning());
        assertEquals(10, frames.get(), "the frame in progress finished, and no other began");
        assertEquals(null, failure.get());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void anExceptionFromTheFramePropagatesAndTheRunnerIsReusable() {
        CountingClock clock = new CountingClock();
        int[] ends = {0};
        LoopRunner runner = new LoopRunner(new FramePacer(clock, 60), () -> { }, () -> ends[0]++);
        IllegalStateException boom = new IllegalStateException("boom");
        int[] frames = {0};
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> runner.run(() -> {
            if (++frames[0] == 3) {
                throw boom;
            }
        }));
        assertSame(boom, thrown);
        assertEquals(2, ends[0], "the failed frame gets no frame end");
        assertFalse(runner.isRunning());

        frames[0] = 0;
        runner.run(() -> {
            if (++frames[0] == 4) {
                runner.stop();
            }
        });
        assertEquals(4, frames[0]);
    }

    @Test
    void aSecondConcurrentRunIsRefusedAndTheFirstGoesOn() {
        LoopRunner runner = new LoopRunner(new FramePacer(new ManualClock(), 60));
        AtomicReference<Throwable> inner = new AtomicReference<>();
        int[] frames = {0};
        runner.run(() -> {
            frames[0]++;
            if (frames[0] == 1) {
                try {
                    runner.run(() -> { });
                } catch (IllegalStateException e) {
                    inner.set(e);
                }
            } else {
                runner.stop();
            }
        });
        assertTrue(inner.get() instanceof IllegalStateException);
        assertEquals(2, frames[0]);
    }

    @Test
    void aStopBeforeTheRunIsNotLostTheRunReturnsAtOnce() {
        LoopRunner runner = new LoopRunner(new FramePacer(new ManualClock(), 60));
        runner.stop();
        int[] frames = {0};
        runner.run(() -> frames[0]++);
        assertEquals(0, frames[0]);
        runner.run(() -> {
            if (++frames[0] == 2) {
                runner.stop();
            }
        });
        assertEquals(2, frames[0], "the stop was consumed by the run it ended");
    }

    @Test
    void anInterruptEndsTheRunAfterTheCurrentFrameAndStaysSet() {
        LoopRunner runner = new LoopRunner(new FramePacer(new ManualClock(), 60));
        int[] frames = {0};
        try {
            runner.run(() -> {
                if (++frames[0] == 3) {
                    Thread.currentThread().interrupt();
                }
            });
            assertEquals(3, frames[0]);
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }

    @TickRate(100)
    public static class Physics extends BaseSystem {
        long ticks;

        @Override
        protected void processSystem() {
            ticks++;
        }
    }

    @EveryFrame
    public static class Render extends BaseSystem {
        final List<Long> ticksAtRender = new ArrayList<>();
        Physics physics;

        @Override
        protected void processSystem() {
            ticksAtRender.add(physics.ticks);
        }
    }

    @Test
    void withAGameLoopAStallIsCaughtUpInsideOneFrameAndRenderedOnce() {
        ManualClock clock = new ManualClock();
        Physics physics = new Physics();
        Render render = new Render();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(physics, render)).build();
        int[] iterations = {0};
        LoopRunner[] runner = new LoopRunner[1];
        runner[0] = new LoopRunner(new FramePacer(clock, 50), () -> {
            if (++iterations[0] == 6) {
                clock.advance(100 * MS); // a hitch before frame 6: ten physics ticks overdue
            }
        }, () -> {
            if (iterations[0] == 10) {
                runner[0].stop();
            }
        });
        runner[0].run(loop::frame);
        assertEquals(10, render.ticksAtRender.size(), "one render per iteration");
        // Frames at 0, 20, 40, 60, 80 ms; the hitch puts frame 6 at 200 ms (grid restarted), then every 20 ms.
        assertEquals(List.of(0L, 2L, 4L, 6L, 8L, 20L, 22L, 24L, 26L, 28L), render.ticksAtRender);
        assertEquals(1, runner[0].pacer().stalls());
    }
}
