package dev.ecsloop;

import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a long frame (a stall) does under each debt policy, with the tick counts worked out by hand. */
class GameLoopCatchUpTest {

    private static final long MS = 1_000_000L;
    private static final long FRAME = 16_666_667L;

    private record Run(GameLoop loop, ManualClock clock, TickLog log) {
        void frame(long nanos) {
            new FrameRig(clock, loop).frame(nanos);
        }
    }

    private static Run start(DebtPolicy policy) {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).debtPolicy(policy)
                .catchUpBound(Duration.ofMillis(250))
                .world(new WorldConfigurationBuilder().with(new TickLog.Physics(log))), log);
        return new Run(loop, clock, log);
    }

    @Test
    void keepLosesNoTickAfterAStallOfTwoAndAHalfSeconds() {
        Run run = start(DebtPolicy.KEEP);
        for (int i = 0; i < 4; i++) {
            run.frame(250 * MS);          // 1 s of play: 60 ticks
        }
        run.frame(2500 * MS);             // the stall: the frame covers only the bound, the rest is debt
        assertEquals(75, run.log.count("Physics"));
        assertEquals(2250 * MS, run.loop.debtNanos());
        // Ordinary 60 fps frames each cover the full bound while debt remains: 250 - 16.67 ms of debt paid per
        // frame, so ceil(2250 / 233.33) = 10 frames to catch up.
        int frames = 0;
        while (run.loop.debtNanos() > 0) {
            run.frame(FRAME);
            frames++;
        }
        assertEquals(10, frames);
        long real = 1000 * MS + 2500 * MS + frames * FRAME;
        assertEquals(real, run.loop.simulatedNanos());
        assertEquals(real * 60 / 1_000_000_000L, run.log.count("Physics"));
        assertEquals(0, run.loop.droppedNanos());
    }

    @Test
    void discardLosesExactlyTheTimePastTheBound() {
        Run run = start(DebtPolicy.DISCARD);
        run.frame(250 * MS);
        run.frame(250 * MS);
        run.frame(250 * MS);
        run.frame(250 * MS);              // 1 s at 60 Hz: 60 ticks
        assertEquals(60, run.log.count("Physics"));
        run.frame(2500 * MS);             // stall: only 250 ms are simulated
        assertEquals(2250 * MS, run.loop.droppedNanos());
        assertEquals(1250 * MS, run.loop.simulatedNanos());
        assertEquals(75, run.log.count("Physics"));
        assertEquals(0, run.loop.debtNanos());
        run.frame(1000 * MS - 250 * MS);  // bound again: another 500 ms dropped
        assertEquals(2250 * MS + 500 * MS, run.loop.droppedNanos());
        assertEquals(90, run.log.count("Physics"));
    }

    @Test
    void aThreeSecondStallGivesFifteenThenOneSixtyFiveUpdates() {
        // [001]: a 3 s stall at 60 Hz with debt kept: 15 updates in the stalled second, 165 in the next.
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).debtPolicy(DebtPolicy.KEEP)
                .catchUpBound(Duration.ofMillis(250))
                .world(new WorldConfigurationBuilder().with(new TickLog.Physics(log))), log);
        clock.advance(3000 * MS);
        loop.frame();
        assertEquals(15, log.count("Physics"));
        for (int i = 0; i < 11; i++) {
            clock.advance(1);
            loop.frame();
        }
        // 11 more bounded frames: 2.75 s more simulated, 165 ticks.
        assertEquals(15 + 165, log.count("Physics"));
        assertEquals(180 % 60, log.count("Physics") % 60);
        assertEquals(11, loop.debtNanos());
        assertEquals(12, loop.stats().catchUpBoundHits());
    }

    @Test
    void switchingToDiscardDropsTheCurrentDebt() {
        Run run = start(DebtPolicy.KEEP);
        run.frame(1000 * MS);
        assertEquals(750 * MS, run.loop.debtNanos());
        run.loop.setDebtPolicy(DebtPolicy.DISCARD);
        assertEquals(0, run.loop.debtNanos());
        assertEquals(750 * MS, run.loop.droppedNanos());
    }
}
