package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Systems with identical schedules share one heap entry and one schedule ({@link TickGroup}); these pin down that
 * sharing changes nothing observable: ties across groups, a group mate re-rated or failing mid-instant, its alpha
 * read mid-instant, throttled group mates' skipped runs, throttled and fixed systems at one rate.
 */
class GameLoopGroupingTest {

    private static final long MS = 1_000_000L;

    /** A logging system that first runs a one-shot hook (to re-rate or throw from inside a tick). */
    abstract static class Hooked extends TickLog.Logging {
        Runnable hook;

        Hooked(TickLog log) {
            super(log);
        }

        @Override
        protected void processSystem() {
            Runnable h = hook;
            hook = null;
            if (h != null) {
                h.run();
            }
            super.processSystem();
        }
    }

    @TickRate(10)
    static final class TenA extends Hooked {
        TenA(TickLog log) {
            super(log);
        }
    }

    @TickRate(10)
    static final class TenB extends Hooked {
        TenB(TickLog log) {
            super(log);
        }
    }

    @TickRate(5)
    static final class Five extends Hooked {
        Five(TickLog log) {
            super(log);
        }
    }

    @TickRate(4)
    static final class Four extends Hooked {
        Four(TickLog log) {
            super(log);
        }
    }

    @TickRate(value = 4, catchUp = false)
    static final class ThrottledA extends Hooked {
        ThrottledA(TickLog log) {
            super(log);
        }
    }

    @TickRate(value = 4, catchUp = false)
    static final class ThrottledB extends Hooked {
        ThrottledB(TickLog log) {
            super(log);
        }
    }

    private static GameLoop loop(ManualClock clock, TickLog log, BaseSystem... systems) {
        return TickLog.build(GameLoop.builder().clock(clock).catchUpBound(Duration.ofSeconds(2))
                .world(new WorldConfigurationBuilder().with(systems)), log);
    }

    private static List<String> run(GameLoop loop, ManualClock clock, TickLog log, long nanos) {
        clock.advance(nanos);
        loop.frame();
        return log.entries.stream().map(TickLog.Entry::toString).toList();
    }

    @Test
    void tiesAcrossGroupsRunInRegistrationOrder() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = loop(clock, log, new TenA(log), new Five(log), new TenB(log));
        assertEquals(List.of("TenA@100000000", "TenB@100000000",
                "TenA@200000000", "Five@200000000", "TenB@200000000",
                "TenA@300000000", "TenB@300000000",
                "TenA@400000000", "Five@400000000", "TenB@400000000"), run(loop, clock, log, 400 * MS));
    }

    @Test
    void reRatingAGroupMateThatHasNotRunYetReanchorsItAtItsPreviousTick() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        TenA a = new TenA(log);
        GameLoop loop = loop(clock, log, a, new TenB(log));
        a.hook = () -> log.loop.setRate(TenB.class, 5);   // at 100 ms TenB's previous tick is still 0
        assertEquals(List.of("TenA@100000000", "TenA@200000000", "TenB@200000000",
                "TenA@300000000", "TenA@400000000", "TenB@400000000"), run(loop, clock, log, 400 * MS));
    }

    @Test
    void reRatingAGroupMateThatAlreadyRanReanchorsItAtThisTick() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        TenB b = new TenB(log);
        GameLoop loop = loop(clock, log, new TenA(log), b);
        b.hook = () -> log.loop.setRate(TenA.class, 5);   // at 100 ms TenA has just ticked
        assertEquals(List.of("TenA@100000000", "TenB@100000000", "TenB@200000000",
                "TenA@300000000", "TenB@300000000", "TenB@400000000"), run(loop, clock, log, 400 * MS));
    }

    @Test
    void aFailingTickLeavesItsGroupMatesDueAndTheGroupInStep() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        TenA a = new TenA(log);
        GameLoop loop = loop(clock, log, a, new TenB(log));
        a.hook = () -> {
            throw new IllegalStateException("boom");
        };
        clock.advance(100 * MS);
        assertThrows(TickFailedException.class, loop::frame);
        assertEquals(List.of(), log.entries);
        assertEquals(List.of("TenB@100000000"), run(loop, clock, log, 0));
        assertEquals(List.of("TenB@100000000", "TenA@200000000", "TenB@200000000",
                "TenA@300000000", "TenB@300000000"), run(loop, clock, log, 200 * MS));
    }

    @Test
    void throttledAndFixedSystemsAtOneRateTickApartButTieInRegistrationOrder() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = loop(clock, log, new ThrottledA(log), new Four(log), new ThrottledB(log));
        assertEquals(List.of("Four@250000000", "Four@500000000", "Four@750000000",
                "ThrottledA@1000000000", "Four@1000000000", "ThrottledB@1000000000"), run(loop, clock, log, 1000 * MS));
        assertEquals(1.0f, log.of("ThrottledB").get(0).delta());
        assertEquals(List.of("ThrottledA@1250000000", "Four@1250000000", "ThrottledB@1250000000"),
                run(loop, clock, log, 250 * MS).subList(6, 9));
    }

    @Test
    void insideAnInstantAGroupMateThatRanReadsOneStepOnAndOneThatHasNotReadsItsPreviousTick() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        TenA a = new TenA(log);
        TenB b = new TenB(log);
        GameLoop loop = loop(clock, log, a, b);
        float[] read = new float[4];
        SystemHandle ha = loop.system(TenA.class);
        SystemHandle hb = loop.system(TenB.class);
        // One 150 ms frame: the instant at 100 ms, simulated time 150 ms. TenA has ticked there (0.5), TenB not
        // yet (its previous tick is 0: 1.5 steps, so 1); in TenB's tick both have.
        a.hook = () -> {
            read[0] = ha.alpha();
            read[1] = hb.alpha();
        };
        b.hook = () -> {
            read[2] = ha.alpha();
            read[3] = hb.alpha();
        };
        run(loop, clock, log, 150 * MS);
        assertEquals(0.5f, read[0], 1e-6f);
        assertEquals(1f, read[1]);
        assertEquals(0.5f, read[2], 1e-6f);
        assertEquals(0.5f, read[3], 1e-6f);
        assertEquals(0.5f, ha.alpha(), 1e-6f);
        assertEquals(0.5f, hb.alpha(), 1e-6f);
    }

    @Test
    void throttledGroupMatesEachCountTheRunsTheirSharedScheduleSkipped() {
        ManualClock clock = new ManualClock();
        TickLog log = new TickLog();
        GameLoop loop = loop(clock, log, new ThrottledA(log), new ThrottledB(log));
        run(loop, clock, log, 1000 * MS);     // 4 Hz: 250, 500, 750 skipped; runs at 1000
        run(loop, clock, log, 600 * MS);      // 1250 skipped; runs at 1500
        assertEquals(List.of("ThrottledA@1000000000", "ThrottledB@1000000000",
                "ThrottledA@1500000000", "ThrottledB@1500000000"), log.entries.stream()
                .map(TickLog.Entry::toString).toList());
        assertEquals(4, loop.stats().skippedRuns(loop.system(ThrottledA.class)));
        assertEquals(4, loop.stats().skippedRuns(loop.system(ThrottledB.class)));
    }
}
