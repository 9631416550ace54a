package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A phase places a system's ticks within its step, so low-rate systems can be spread over frames. */
class GameLoopPhaseTest {

    private static final long MS = 1_000_000L;

    @TickRate(value = 5, phase = 0.5)
    static final class Influence extends TickLog.Logging {
        Influence(TickLog log) {
            super(log);
        }
    }

    @TickRate(value = 10, phase = 0.25)
    static final class Fog extends TickLog.Logging {
        Fog(TickLog log) {
            super(log);
        }
    }

    @TickRate(value = 5, phase = 1.5)
    static final class BadPhase extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private static List<Long> times(TickLog log, String system) {
        return log.of(system).stream().map(TickLog.Entry::tickNanos).toList();
    }

    @Test
    void declaredPhasesStaggerTheTicksWithinTheStep() {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder()
                .with(new Influence(log), new Fog(log), new TickLog.Ai(log))), log);
        for (int f = 0; f < 30; f++) {
            clock.advance(16_666_667L);
            loop.frame();
        }
        assertEquals(List.of(100 * MS, 300 * MS, 500 * MS), times(log, "Influence"));
        assertEquals(List.of(25 * MS, 125 * MS, 225 * MS, 325 * MS, 425 * MS), times(log, "Fog"));
        assertEquals(0.5, loop.system(Influence.class).phase());
    }

    @Test
    void aPhaseChangedLiveMovesTheGridByTheDifferenceAndNeverRunsInThePast() {
        TickLog log = new TickLog();
        ManualClock clock = new ManualClock();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new TickLog.Ai(log))), log);   // 15 Hz, phase 0
        clock.advance(70 * MS);
        loop.frame();                                  // Ai at 66.7 ms
        loop.setPhase(TickLog.Ai.class, 0.5);          // grid moves by half a step: 100 ms, 166.7 ms, ...
        clock.advance(130 * MS);
        loop.frame();
        assertEquals(List.of(66_666_667L, 100_000_000L, 166_666_667L), times(log, "Ai"));
        loop.setPhase(TickLog.Ai.class, 0.25);         // back by a quarter step: first point after 200 ms
        clock.advance(100 * MS);
        loop.frame();
        assertEquals(List.of(66_666_667L, 100_000_000L, 166_666_667L, 216_666_667L, 283_333_334L),
                times(log, "Ai"));
    }

    @Test
    void aPhaseOutsideTheStepIsRefusedNamingTheSystem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameLoop.builder()
                .world(new WorldConfigurationBuilder().with(new BadPhase())).build());
        assertTrue(e.getMessage().contains("BadPhase"), e.getMessage());
    }
}
