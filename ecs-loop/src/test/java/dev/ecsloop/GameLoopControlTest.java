package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pause, single-step, time scale, live rate changes and alpha. */
class GameLoopControlTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private final ManualClock clock = new ManualClock();
    private final TickLog log = new TickLog();
    private final GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(1))
            .world(new WorldConfigurationBuilder().with(new TickLog.Ai(log), new TickLog.Physics(log),
                    new TickLog.Render(log))), log);

    private final FrameRig rig = new FrameRig(clock, loop);

    @Test
    void pauseStopsSimulatedTimeAndPausedRealTimeIsNeverCaughtUp() {
        rig.frame(100 * MS);
        loop.pause();
        assertTrue(loop.isPaused());
        rig.frame(5 * SECOND);
        rig.frame(100 * MS);
        assertEquals(100 * MS, loop.simulatedNanos());
        assertEquals(6, log.count("Physics"));
        loop.resume();
        rig.frame(100 * MS);
        assertEquals(200 * MS, loop.simulatedNanos());
        assertEquals(12, log.count("Physics"));
    }

    @Test
    void everyFrameSystemsStillRunWhilePausedWithDeltaZero() {
        loop.pause();
        rig.frame(16 * MS);
        rig.frame(16 * MS);
        List<TickLog.Entry> renders = log.of("Render");
        assertEquals(2, renders.size());
        assertEquals(0f, renders.get(0).delta());
        assertEquals(0f, renders.get(1).delta());
    }

    @Test
    void stepAdvancesToTheNextDueInstantRunsEverythingDueThenAndStaysPaused() {
        loop.step();
        assertTrue(loop.isPaused());
        assertEquals(16_666_667L, loop.simulatedNanos());
        assertEquals(List.of("Physics@16666667"), log.entries.stream().map(Object::toString).toList());
        loop.step();
        loop.step();
        loop.step();
        // 4/60 s: the first AI tick and the fourth physics tick fall together; both run, AI first (registered first)
        assertEquals(66_666_667L, loop.simulatedNanos());
        assertEquals(List.of("Ai@66666667", "Physics@66666667"),
                log.entries.subList(3, 5).stream().map(Object::toString).toList());
        assertEquals(0, log.count("Render"), "step runs no every-frame system");
        rig.frame(SECOND);
        assertEquals(66_666_667L, loop.simulatedNanos(), "still paused after stepping");
        assertEquals(1, log.count("Render"));
    }

    @Test
    void halfTimeScaleHalvesTicksPerRealSecondWithAnUnchangedStep() {
        loop.setTimeScale(0.5);
        for (int i = 0; i < 50; i++) {
            rig.frame(20 * MS);                   // one real second
        }
        assertEquals(30, log.count("Physics"));
        assertEquals(1f / 60f, log.of("Physics").get(0).delta());
        assertEquals(0.5, loop.timeScale());
    }

    @Test
    void aThirdTimeScaleNeverDrifts() {
        loop.setTimeScale(1.0 / 3.0); // 0.333333 after rounding to a millionth
        for (int i = 0; i < 3000; i++) {
            rig.frame(7 * MS + 1);
        }
        long real = 3000 * (7 * MS + 1);
        assertEquals(real * 333_333 / 1_000_000, loop.simulatedNanos());
    }

    @Test
    void badTimeScalesAreRejectedAndChangeNothing() {
        loop.setTimeScale(2);
        for (double bad : new double[] {-0.1, Double.NaN, Double.POSITIVE_INFINITY, 1001}) {
            assertThrows(IllegalArgumentException.class, () -> loop.setTimeScale(bad));
        }
        assertEquals(2.0, loop.timeScale());
    }

    @Test
    void setRateReanchorsAtTheLastTick() {
        rig.frame(100 * MS);                      // physics ticked at 1/60 .. 6/60 = 100 ms
        loop.setRate(TickLog.Physics.class, 10);
        assertEquals(10.0, loop.system(TickLog.Physics.class).rate());
        rig.frame(99 * MS);
        assertEquals(6, log.count("Physics"));
        rig.frame(1 * MS);                        // 200 ms: last (100 ms) + 1/10 s
        assertEquals(7, log.count("Physics"));
        assertEquals(200 * MS, log.of("Physics").get(6).tickNanos());
        assertEquals(0.1f, log.of("Physics").get(6).delta());
    }

    @Test
    void setRateOnAnUnknownSystemOrWithABadRateThrowsAndChangesNothing() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> loop.setRate(TickLog.Combat.class, 30));
        assertTrue(unknown.getMessage().contains("Combat"), unknown.getMessage());
        for (double bad : new double[] {0, -5, Double.NaN, Double.NEGATIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> loop.setRate(TickLog.Physics.class, bad));
            assertTrue(e.getMessage().contains("Physics"), e.getMessage());
        }
        assertEquals(60.0, loop.system(TickLog.Physics.class).rate());
        rig.frame(SECOND);
        assertEquals(60, log.count("Physics"));
    }

    @Test
    void anEveryFrameSystemCanBecomeFixedAndBack() {
        rig.frame(10 * MS);
        loop.setRate(TickLog.Render.class, 50);  // anchored at 10 ms: ticks at 30, 50, 70 ms
        assertFalse(loop.system(TickLog.Render.class).isEveryFrame());
        rig.frame(60 * MS);
        // one every-frame run at 10 ms, then fixed ticks at 30, 50, 70 ms with a 20 ms step
        assertEquals(List.of(10 * MS, 30 * MS, 50 * MS, 70 * MS),
                log.of("Render").stream().map(TickLog.Entry::tickNanos).toList());
        assertEquals(0.02f, log.of("Render").get(3).delta());
        loop.setEveryFrame(TickLog.Render.class);
        assertTrue(loop.system(TickLog.Render.class).isEveryFrame());
        assertThrows(IllegalStateException.class, () -> loop.system(TickLog.Render.class).rate(),
                "an every-frame system has no rate");
        rig.frame(60 * MS);
        assertEquals(5, log.count("Render"));
    }

    @Test
    void alphaIsTheFractionOfTheSystemsStepSinceItsLastTick() {
        rig.frame(20 * MS);
        // physics last ticked at 16.67 ms: (20 - 16.667) / 16.667 = 0.2
        assertEquals(0.2f, loop.system(TickLog.Physics.class).alpha(), 1e-6f);
        // AI has not ticked: 20 / 66.667 = 0.3
        assertEquals(0.3f, loop.system(TickLog.Ai.class).alpha(), 1e-6f);
        assertEquals(1f, loop.system(TickLog.Render.class).alpha());
        rig.frame(100 * MS - 20 * MS);
        assertEquals(0f, loop.system(TickLog.Physics.class).alpha(), 1e-6f);
        assertEquals(0.5f, loop.system(TickLog.Ai.class).alpha(), 1e-6f);
    }

    @Test
    void alphaStaysWithinZeroAndOneAtAnyFrameTime() {
        for (int i = 1; i < 500; i++) {
            rig.frame(i * 37_123L);
            float a = loop.system(TickLog.Physics.class).alpha();
            float b = loop.system(TickLog.Ai.class).alpha();
            assertTrue(a >= 0f && a < 1f, "physics alpha " + a);
            assertTrue(b >= 0f && b < 1f, "ai alpha " + b);
        }
    }

    @Test
    void throttledSystemsRunAtMostOncePerFrameWithTheTimeSinceTheirLastRun() {
        ManualClock c = new ManualClock();
        TickLog l = new TickLog();
        GameLoop g = TickLog.build(GameLoop.builder().clock(c).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(new TickLog.Counter(l))), l);
        assertTrue(g.system(TickLog.Counter.class).isThrottled());
        c.advance(1100 * MS);               // 4 Hz: occurrences at 250, 500, 750, 1000 ms; runs once, at 1000
        g.frame();
        assertEquals(List.of(new TickLog.Entry("Counter", 1000 * MS, 1.0f)), l.entries);
        c.advance(200 * MS);                // 1300 ms: 1250 is due
        g.frame();
        assertEquals(new TickLog.Entry("Counter", 1250 * MS, 0.25f), l.entries.get(1));
        c.advance(100 * MS);                // 1400: nothing due
        g.frame();
        assertEquals(2, l.entries.size());
    }

    @Test
    void aThrottledSystemSwitchedToEveryFrameAndBackIsThrottledAgainWithItsDeltaFromTheSwitch() {
        ManualClock c = new ManualClock();
        TickLog l = new TickLog();
        GameLoop g = TickLog.build(GameLoop.builder().clock(c).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(new TickLog.Counter(l))), l);
        g.setEveryFrame(TickLog.Counter.class);
        c.advance(500 * MS);
        g.frame();                          // every frame: runs at 500 with the frame's delta
        l.entries.clear();
        g.setRate(TickLog.Counter.class, 2);    // anchored at 500: occurrences at 1000, 1500, 2000
        assertTrue(g.system(TickLog.Counter.class).isThrottled());
        c.advance(1600 * MS);               // 2100 ms: three occurrences due, a throttled system runs once
        g.frame();
        assertEquals(List.of(new TickLog.Entry("Counter", 2000 * MS, 1.5f)), l.entries);
    }
}
