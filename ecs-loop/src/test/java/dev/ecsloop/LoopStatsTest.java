package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopStatsTest {

    private static final long MS = 1_000_000L;

    /** A 60 Hz system whose every tick costs 2 ms of profiler time, and every tenth 5 ms. */
    @TickRate(60)
    static final class Costly extends BaseSystem {
        final ManualClock profiler;
        int runs;

        Costly(ManualClock profiler) {
            this.profiler = profiler;
        }

        @Override
        protected void processSystem() {
            profiler.advance(++runs % 10 == 0 ? 5 * MS : 2 * MS);
        }
    }

    @EveryFrame
    static final class Draw extends BaseSystem {
        @Override protected void processSystem() { }
    }

    private final ManualClock clock = new ManualClock();
    private final ManualClock profiler = new ManualClock();
    private final GameLoop loop = GameLoop.builder().clock(clock).profiler(profiler)
            .catchUpBound(Duration.ofMillis(100))
            .world(new WorldConfigurationBuilder().with(new Costly(profiler), new Draw())).build();
    private final LoopStats stats = loop.stats();

    /** Frames of 8 ms for {@code seconds} of real time: 125 frames per second. */
    private void play(int seconds) {
        new FrameRig(clock, loop).frames(125 * seconds, 8 * MS);
    }

    @Test
    void perSecondFiguresCoverTheLastFullSecondAndRefreshEveryQuarterSecond() {
        play(2);
        // The frame at 2 s starts a new bucket: the published second is [1 s, 2 s), frames at 1000..1992 ms.
        assertEquals(250, stats.frames());
        assertEquals(125, stats.framesPerSecond());
        assertEquals(60, stats.runsPerSecond(loop.system(Costly.class)));
        assertEquals(125, stats.runsPerSecond(loop.system(Draw.class)));
        // ticks 60..119: 54 of 2 ms and 6 of 5 ms, mean 2.3 ms, max 5 ms
        assertEquals(2.3, stats.meanRunMillis(loop.system(Costly.class)), 1e-9);
        assertEquals(5.0, stats.maxRunMillis(loop.system(Costly.class)), 1e-9);
        assertEquals(0, stats.catchUpBoundHitsPerSecond());
        // Nothing changes until the next 250 ms boundary...
        for (int i = 0; i < 31; i++) {
            clock.advance(8 * MS);
            loop.frame();
        }
        assertEquals(125, stats.framesPerSecond());
        // ...where the window slides by a quarter second: frames at 1256..2248 ms.
        clock.advance(8 * MS);
        loop.frame();
        assertEquals(2256 * MS, clock.nanoTime());
        assertEquals(125, stats.framesPerSecond());
        assertEquals(60, stats.runsPerSecond(loop.system(Costly.class))); // ticks at 1250..2233 ms
    }

    @Test
    void aStallShowsAsCatchUpBoundHitsAndEmptyBuckets() {
        clock.advance(3000 * MS);             // capped at 100 ms
        loop.frame();
        assertEquals(1, stats.catchUpBoundHits());
        // The figures published at the stall's end cover its last second: one frame, one bound hit, six ticks.
        assertEquals(0, stats.framesPerSecond(), "the stalled frame's bucket is still open");
        clock.advance(250 * MS);
        loop.frame();
        assertEquals(1, stats.framesPerSecond());
        assertEquals(1, stats.catchUpBoundHitsPerSecond());
        assertEquals(6, stats.runsPerSecond(loop.system(Costly.class)));
        assertEquals(6 + 6, stats.runs(loop.system(Costly.class)));
    }

    @Test
    void theLineShowsFramesAndEachSystemsTicksAndCost() {
        play(2);
        String line = stats.line();
        assertTrue(line.startsWith("Frames: 125 | Costly: 60 (2.30/5.00 ms) | Draw: 125 ("), line);
        assertTrue(line.endsWith(" | Catch-up bound hits: 0"), line);
    }

    @Test
    void aHandleOfAnotherLoopIsRejected() {
        GameLoop other = GameLoop.builder().clock(new ManualClock())
                .world(new com.artemis.WorldConfigurationBuilder().with(new TickLog.Ai(new TickLog())))
                .build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> stats.runs(other.system(TickLog.Ai.class)));
        assertTrue(e.getMessage().contains("Ai"), e.getMessage());
    }
}
