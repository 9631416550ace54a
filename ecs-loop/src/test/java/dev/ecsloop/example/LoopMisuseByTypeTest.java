package dev.ecsloop.example;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.LoopMisuseException;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Code outside the library's package can catch a misuse by its own type (it is public), for each kind of misuse.
 */
class LoopMisuseByTypeTest {

    @TickRate(60)
    public static final class Counter extends BaseSystem {
        int runs;

        @Override
        protected void processSystem() {
            runs++;
        }
    }

    @TickRate(60)
    public static final class Reenters extends BaseSystem {
        GameLoop loop;
        LoopMisuseException caught;

        @Override
        protected void processSystem() {
            try {
                loop.frame();
            } catch (LoopMisuseException e) {
                caught = e;
            }
        }
    }

    @Test
    void processingTheWorldDirectlyIsCaughtByType() {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Counter())).build();
        LoopMisuseException e = assertThrows(LoopMisuseException.class, () -> loop.world().process());
        assertTrue(e.getMessage().contains("loop.frame()"), e.getMessage());
    }

    @Test
    void reenteringFromASystemIsCaughtByType() {
        ManualClock clock = new ManualClock();
        Reenters system = new Reenters();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(system)).build();
        system.loop = loop;
        clock.advance(20_000_000L);
        loop.frame();
        assertNotNull(system.caught, "the nested frame() was not refused with a LoopMisuseException");
        assertTrue(system.caught.getMessage().contains("from inside"), system.caught.getMessage());
    }

    @Test
    void anotherThreadIsCaughtByType() throws InterruptedException {
        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Counter())).build();
        loop.frame();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                loop.frame();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        other.start();
        other.join();
        LoopMisuseException e = assertThrows(LoopMisuseException.class, () -> {
            throw thrown.get();
        });
        assertTrue(e.getMessage().contains("thread"), e.getMessage());
        assertEquals(IllegalStateException.class, LoopMisuseException.class.getSuperclass());
    }
}
