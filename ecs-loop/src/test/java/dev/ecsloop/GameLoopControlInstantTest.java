package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every control change happens at a simulated instant, and a rate change never runs ticks in the past. */
class GameLoopControlInstantTest {

    private static final long MS = 1_000_000L;

    @Test
    void raisingARateAtAnInstantRunsTheNextTickAfterItNeverInThePast() {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new TickLog.Ai(log), new TickLog.Physics(log))), log);
        clock.advance(100 * MS);
        loop.frame();                                   // AI ran at 66.7 ms, physics up to 100 ms
        loop.setRate(TickLog.Ai.class, 60);
        clock.advance(50 * MS);
        loop.frame();
        List<Long> ai = log.of("Ai").stream().map(TickLog.Entry::tickNanos).toList();
        assertEquals(List.of(66_666_667L, 116_666_667L, 133_333_334L, 150_000_000L), ai,
                "the new grid passes through the last tick (66.7 ms); its first point after 100 ms is 116.7 ms");
        long previous = 0;
        for (TickLog.Entry e : log.entries) {
            assertTrue(e.tickNanos() >= previous, "log goes back at " + e);
            previous = e.tickNanos();
        }
    }

    /** Retunes another system from inside its own tick, and reports what listeners saw. */
    @TickRate(10)
    static final class Tuner extends BaseSystem {
        GameLoop loop;
        int ticks;

        @Override
        protected void processSystem() {
            ticks++;
            if (ticks == 2) {
                loop.setRate(TickLog.Physics.class, 30);
            }
            if (ticks == 3) {
                loop.setEveryFrame(TickLog.Physics.class);
            }
        }
    }

    private static List<String> runTuned(long frameNanos, List<String> controls, TickLog log) {
        ManualClock clock = new ManualClock();
        Tuner tuner = new Tuner();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).catchUpBound(java.time.Duration.ofSeconds(1))
                .world(new WorldConfigurationBuilder().with(tuner, new TickLog.Physics(log))), log);
        tuner.loop = loop;
        loop.addControlListener(new ControlListener() {
            @Override
            public void rateChanged(Class<? extends BaseSystem> system, double hz, long simNanos) {
                controls.add(system.getSimpleName() + "=" + hz + "@" + simNanos);
            }

            @Override
            public void everyFrameSet(Class<? extends BaseSystem> system, long simNanos) {
                controls.add(system.getSimpleName() + "=every-frame@" + simNanos);
            }
        });
        for (long t = 0; t < 500 * MS; t += frameNanos) {
            clock.advance(Math.min(frameNanos, 500 * MS - t));
            loop.frame();
        }
        return log.entries.stream().map(TickLog.Entry::toString).toList();
    }

    @Test
    void aRateChangeMadeInsideATickIsStampedWithThatTickAndIndependentOfTheFrameSplit() {
        List<String> controlsFine = new ArrayList<>();
        List<String> controlsCoarse = new ArrayList<>();
        List<String> fine = runTuned(7 * MS, controlsFine, new TickLog());
        List<String> coarse = runTuned(500 * MS, controlsCoarse, new TickLog());
        assertEquals(List.of("Physics=30.0@200000000", "Physics=every-frame@300000000"), controlsFine);
        assertEquals(controlsFine, controlsCoarse);
        // Physics ticks up to 300 ms and runs every frame after: the fixed part must match.
        assertEquals(fixedPart(fine), fixedPart(coarse), "the same fixed ticks at the same instants");
        assertEquals(14, fixedPart(fine).size());
    }

    private static List<String> fixedPart(List<String> log) {
        return log.stream().filter(s -> Long.parseLong(s.substring(s.indexOf('@') + 1)) <= 300 * MS).toList();
    }

    @Test
    void setEveryFrameInsideATickTakesEffectNextFrameSoTheSystemNeverRunsTwiceInOneFrame() {
        TickLog log = new TickLog();
        runTuned(500 * MS, new ArrayList<>(), log);
        // One 500 ms frame. At 200 ms the tuner (registered first) sets physics to 30 Hz before physics's own
        // tick at 200 ms: the new grid passes through 183.3 ms and its next point is 216.7 ms. At 300 ms it makes
        // physics every-frame: no more ticks, and no every-frame run in this frame either.
        List<Long> physics = log.of("Physics").stream().map(TickLog.Entry::tickNanos).toList();
        assertEquals(List.of(16_666_667L, 33_333_334L, 50_000_000L, 66_666_667L, 83_333_334L, 100_000_000L,
                116_666_667L, 133_333_334L, 150_000_000L, 166_666_667L, 183_333_334L,
                216_666_667L, 250_000_000L, 283_333_334L), physics);
    }
}
