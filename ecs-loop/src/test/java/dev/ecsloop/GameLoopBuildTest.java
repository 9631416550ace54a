package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GameLoopBuildTest {

    @TickRate(0)
    static final class ZeroRate extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(-15)
    static final class NegativeRate extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(Double.NaN)
    static final class NanRate extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(Double.POSITIVE_INFINITY)
    static final class InfiniteRate extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(30)
    @EveryFrame
    static final class BothAnnotations extends BaseSystem {
        @Override protected void processSystem() { }
    }

    static final class Plain extends BaseSystem {
        @Override protected void processSystem() { }
    }

    private static LoopBuilder with(BaseSystem... systems) {
        return GameLoop.builder().clock(new ManualClock()).world(new WorldConfigurationBuilder().with(systems));
    }

    @Test
    void badRatesAndDoubleAnnotationsFailTheBuildNamingTheSystem() {
        for (BaseSystem bad : List.of(new ZeroRate(), new NegativeRate(), new NanRate(), new InfiniteRate(),
                new BothAnnotations())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> with(bad).build());
            assertTrue(e.getMessage().contains(bad.getClass().getName()), e.getMessage());
        }
    }

    @Test
    void aSystemWithNoAnnotationRunsEveryFrame() {
        GameLoop loop = with(new Plain()).build();
        assertTrue(loop.system(Plain.class).isEveryFrame());
        loop.frame();
        loop.frame();
        assertEquals(2, loop.stats().runs(loop.system(Plain.class)));
    }

    @Test
    void artemisManagersAreNotScheduled() {
        GameLoop loop = with(new Plain()).build();
        assertEquals(List.of(Plain.class), loop.systems());
    }

    @Test
    void theClockIsReadAtBuildAsTimeZeroAndOncePerFrame() {
        ManualClock manual = new ManualClock(5_000_000_000L, 1);
        AtomicInteger reads = new AtomicInteger();
        Clock counting = () -> {
            reads.incrementAndGet();
            return manual.nanoTime();
        };
        TickLog log = new TickLog();
        GameLoop loop = TickLog.build(GameLoop.builder().clock(counting)
                .world(new WorldConfigurationBuilder().with(new TickLog.Physics(log))), log);
        assertEquals(1, reads.get());
        assertEquals(0, loop.simulatedNanos());
        manual.advance(Duration.ofMillis(100));
        loop.frame();
        assertEquals(2, reads.get());
        assertEquals(100_000_000L, loop.simulatedNanos());
        assertEquals(6, log.count("Physics"));
        loop.frame();
        assertEquals(3, reads.get());
    }

    @Test
    void builderRejectsMissingWorldAndNonPositiveCatchUp() {
        assertThrows(IllegalArgumentException.class, () -> GameLoop.builder().build());
        assertThrows(IllegalArgumentException.class, () -> GameLoop.builder().catchUpBound(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> GameLoop.builder().catchUpBound(Duration.ofMillis(-1)));
    }

    @Test
    void defaultsAreSystemClockQuarterSecondBoundAndDiscard() {
        GameLoop loop = GameLoop.builder().world(new WorldConfigurationBuilder().with(new Plain())).build();
        assertEquals(Duration.ofMillis(250), loop.catchUpBound());
        assertEquals(DebtPolicy.DISCARD, loop.debtPolicy());
        assertEquals(Clock.system(), loop.clock());
    }
}
