package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The loop behaves like Artemis's own invocation strategy towards entities, enabling and failures. */
class GameLoopArtemisTest {

    public static final class Marker extends Component {
        public int value;
    }

    @TickRate(60)
    static final class Spawner extends BaseSystem {
        ComponentMapper<Marker> markers;
        int spawned;

        @Override
        protected void processSystem() {
            if (spawned++ == 0) {
                markers.create(world.create()).value = 7;
            }
        }
    }

    @TickRate(60)
    @All(Marker.class)
    static final class Counter extends IteratingSystem {
        final List<Integer> seen = new ArrayList<>();

        @Override
        protected void process(int entityId) {
            seen.add(entityId);
        }
    }

    @EveryFrame
    @All(Marker.class)
    static final class FrameCounter extends IteratingSystem {
        int seen;

        @Override
        protected void process(int entityId) {
            seen++;
        }
    }

    @TickRate(60)
    static final class Exploding extends BaseSystem {
        int runs;

        @Override
        protected void processSystem() {
            if (runs++ == 1) {
                throw new IllegalStateException("boom");
            }
        }
    }

    @Test
    void entitiesCreatedByOneSystemAreVisibleToTheNextInTheSameTick() {
        ManualClock clock = new ManualClock();
        Spawner spawner = new Spawner();
        Counter counter = new Counter();
        FrameCounter frameCounter = new FrameCounter();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(spawner, counter, frameCounter)).build();
        clock.advance(16_666_667L);
        loop.frame();
        assertEquals(1, counter.seen.size(), "counter ticks right after spawner at the same instant");
        assertEquals(1, frameCounter.seen);
    }

    @Test
    void disabledSystemsDoNotRunAndResumeWithoutABurst() {
        ManualClock clock = new ManualClock();
        Counter counter = new Counter();
        Spawner spawner = new Spawner();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(spawner, counter)).build();
        counter.setEnabled(false);
        assertFalse(counter.isEnabled());
        clock.advance(200_000_000L);
        loop.frame();
        assertEquals(0, counter.seen.size());
        assertEquals(12, spawner.spawned);
        counter.setEnabled(true);
        clock.advance(16_666_667L);
        loop.frame();
        assertEquals(1, counter.seen.size(), "one tick, not the 13 due since it was disabled");
    }

    @Test
    void aSystemThatThrowsEndsTheFrameAtItsTickAndTheLoopStaysUsable() {
        ManualClock clock = new ManualClock();
        Exploding exploding = new Exploding();
        Counter counter = new Counter();
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(exploding, counter)).build();
        clock.advance(50_000_000L);       // three instants due: the second one's Exploding throws
        TickFailedException e = assertThrows(TickFailedException.class, loop::frame);
        assertTrue(e.getMessage().contains("Exploding"), e.getMessage());
        assertEquals(Exploding.class, e.system());
        assertEquals(33_333_334L, e.simulatedNanos());
        assertTrue(e.getCause() instanceof IllegalStateException);
        assertEquals(33_333_334L, loop.simulatedNanos(), "the frame ends at the failed tick's instant");
        assertEquals(50_000_000L - 33_333_334L, loop.droppedNanos(), "the rest is past the bound: dropped");
        loop.frame();                     // Counter, still due at the failed instant, runs first
        assertEquals(2, exploding.runs);
        assertEquals(2, loop.stats().runs(loop.system(Counter.class)));
        clock.advance(16_666_667L);       // simulated 50,000,001 ns: the third instant
        loop.frame();
        assertEquals(3, exploding.runs);
        assertEquals(3, loop.stats().runs(loop.system(Counter.class)));
    }
}
