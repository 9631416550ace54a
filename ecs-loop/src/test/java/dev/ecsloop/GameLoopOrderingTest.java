package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GameLoopOrderingTest {

    private static final long SECOND = 1_000_000_000L;

    private record Run(GameLoop loop, ManualClock clock, TickLog log) {
    }

    private static Run start() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).catchUpBound(Duration.ofMillis(250))
                .world(new WorldConfigurationBuilder().with(new TickLog.Ai(log), new TickLog.Physics(log),
                        new TickLog.Combat(log), new TickLog.Render(log))), log);
        return new Run(loop, clock, log);
    }

    /** Drives {@code total} ns of real time in frames whose lengths come from {@code frames}. */
    private static List<TickLog.Entry> fixedTicks(long total, LongSupplier frames) {
        Run run = start();
        long elapsed = 0;
        while (elapsed < total) {
            long f = Math.min(frames.getAsLong(), total - elapsed);
            run.clock.advance(f);
            elapsed += f;
            run.loop.frame();
        }
        List<TickLog.Entry> out = new ArrayList<>();
        for (TickLog.Entry e : run.log.entries) {
            if (!e.system().equals("Render")) {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void tickLogIsIdenticalForAnySplitOfRealTimeIntoFrames() {
        long total = 10 * SECOND;
        List<TickLog.Entry> at144 = fixedTicks(total, () -> SECOND / 144);
        SplittableRandom jitterRandom = new SplittableRandom(42);
        SplittableRandom spikeRandom = new SplittableRandom(7);
        List<List<TickLog.Entry>> profiles = List.of(
                fixedTicks(total, () -> SECOND / 60),
                fixedTicks(total, () -> SECOND / 30),
                fixedTicks(total, () -> 1_000_000L),                                   // 1000 fps
                fixedTicks(total, () -> jitterRandom.nextLong(1_000_000L, 40_000_000L)), // 1-40 ms jitter
                fixedTicks(total, () -> spikeRandom.nextInt(10) == 0 ? 200_000_000L : 3_000_000L), // spikes
                fixedTicks(total, () -> 249_999_999L));                                 // just under the cap
        assertEquals(150 + 600 + 200, at144.size());
        for (List<TickLog.Entry> profile : profiles) {
            assertEquals(at144, profile);
        }
    }

    @Test
    void twentyFourSimulatedHoursGiveExactTickCounts() {
        ManualClock clock = new ManualClock();
        Systems.B sixty = new Systems.B();
        Systems.Seven seven = new Systems.Seven();
        Systems.Ntsc ntsc = new Systems.Ntsc();
        GameLoop loop = GameLoop.builder().clock(clock).catchUpBound(Duration.ofHours(1))
                .world(new WorldConfigurationBuilder().with(sixty, seven, ntsc)).build();
        SplittableRandom random = new SplittableRandom(3);
        long day = 86_400L * SECOND;
        while (clock.nanoTime() < day) {
            clock.advance(Math.min(random.nextLong(1, 3_600L * SECOND), day - clock.nanoTime()));
            loop.frame();
        }
        assertEquals(5_184_000L, sixty.runs);
        assertEquals(604_800L, seven.runs);
        assertEquals(2_589_408L, ntsc.runs);
    }

    @Test
    void ticksRunInSimulatedTimeOrderWithTiesInRegistrationOrder() {
        List<TickLog.Entry> log = fixedTicks(SECOND, () -> 250_000_000L);
        for (int i = 1; i < log.size(); i++) {
            assertTrue(log.get(i - 1).tickNanos() <= log.get(i).tickNanos(), "out of order at " + i);
        }
        // At t = 200 ms all three rates tick (15 Hz: 3rd, 60 Hz: 12th, 20 Hz: 4th): Ai, Physics, Combat.
        List<String> at200 = log.stream().filter(e -> e.tickNanos() == 200_000_000L).map(TickLog.Entry::system)
                .toList();
        assertEquals(List.of("Ai", "Physics", "Combat"), at200);
    }

    @Test
    void anAiTickSeesPhysicsExactlyAsOfItsOwnTime() {
        // Physics registered first: the 15 Hz AI tick at 4/60 s runs right after the physics tick at 4/60 s
        // and before the next one, whatever the frame length.
        for (long frame : new long[] {SECOND / 144, SECOND / 15, 100_000_000L}) {
            ManualClock clock = new ManualClock();
            TickLog log = new TickLog();
            GameLoop loop = TickLog.build(GameLoop.builder().clock(clock)
                    .world(new WorldConfigurationBuilder().with(new TickLog.Physics(log), new TickLog.Ai(log))), log);
            for (long t = 0; t < SECOND; t += frame) {
                clock.advance(frame);
                loop.frame();
            }
            int ai = indexOf(log.entries, "Ai", 66_666_667L);
            assertEquals(new TickLog.Entry("Physics", 66_666_667L, 1f / 60f), log.entries.get(ai - 1));
            assertEquals(new TickLog.Entry("Physics", 83_333_334L, 1f / 60f), log.entries.get(ai + 1));
        }
    }

    private static int indexOf(List<TickLog.Entry> log, String system, long at) {
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i).system().equals(system) && log.get(i).tickNanos() == at) {
                return i;
            }
        }
        throw new AssertionError(system + "@" + at + " not in log");
    }

    @Test
    void fixedTicksGetExactlyTheirStepAsDelta() {
        Run run = start();
        run.clock.advance(SECOND);
        run.loop.frame();
        for (TickLog.Entry e : run.log.of("Physics")) {
            assertEquals(1f / 60f, e.delta());
        }
        for (TickLog.Entry e : run.log.of("Ai")) {
            assertEquals(1f / 15f, e.delta());
        }
    }

    @Test
    void everyFrameSystemsRunOnceAfterTheFixedTicksWithTheFramesScaledSimulatedTime() {
        Run run = start();
        run.loop.setTimeScale(0.5);
        run.clock.advance(40_000_000L);
        run.loop.frame();
        TickLog.Entry last = run.log.entries.get(run.log.entries.size() - 1);
        assertEquals("Render", last.system());
        assertEquals(0.02f, last.delta());
        assertEquals(1, run.log.count("Render"));
    }

    @Test
    void afterAStallOnlyOneRenderRuns() {
        Run run = start();
        run.clock.advance(200_000_000L);
        run.loop.frame();
        assertEquals(12, run.log.count("Physics"));
        assertEquals(1, run.log.count("Render"));
    }
}
