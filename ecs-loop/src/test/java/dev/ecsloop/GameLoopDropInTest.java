package dev.ecsloop;

import com.artemis.BaseSystem;
import com.artemis.InvocationStrategy;
import com.artemis.WorldConfiguration;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.Wire;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Artemis code written before ecs-loop works unchanged: inherited annotations, full world configuration. */
class GameLoopDropInTest {

    private static final long MS = 1_000_000L;

    @TickRate(15)
    abstract static class AiBase extends BaseSystem {
        long runs;

        @Override
        protected void processSystem() {
            runs++;
        }
    }

    static final class ConcreteAi extends AiBase {
    }

    @Test
    void aSubclassTicksAtItsBaseClassRate() {
        ManualClock clock = new ManualClock();
        ConcreteAi ai = new ConcreteAi();
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(ai)).build();
        assertEquals(15.0, loop.system(ConcreteAi.class).rate());
        for (int f = 0; f < 60; f++) {
            clock.advance(16_666_667L);
            loop.frame();
        }
        assertEquals(15, ai.runs);
    }

    static final class Settings {
        final String name;

        Settings(String name) {
            this.name = name;
        }
    }

    @TickRate(10)
    static final class Wired extends BaseSystem {
        @Wire(name = "difficulty")
        Settings difficulty;

        @Override
        protected void processSystem() {
        }
    }

    @Test
    void aWorldConfigurationWithNamedWireObjectsAndAnEntityCountIsAccepted() {
        Settings hard = new Settings("hard");
        Wired wired = new Wired();
        WorldConfiguration config = new WorldConfigurationBuilder().with(wired).build()
                .register("difficulty", hard).expectedEntityCount(4096);
        GameLoop loop = GameLoop.builder().clock(new ManualClock()).world(config).build();
        assertSame(hard, wired.difficulty);
        assertEquals(10.0, loop.system(Wired.class).rate());
    }

    @Test
    void aUserInvocationStrategyIsRefusedNamingIt() {
        WorldConfigurationBuilder withStrategy = new WorldConfigurationBuilder().with(new Systems.B())
                .register(new InvocationStrategy());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GameLoop.builder().clock(new ManualClock()).world(withStrategy).build());
        assertTrue(e.getMessage().contains("com.artemis.InvocationStrategy"), e.getMessage());
        WorldConfiguration config = new WorldConfiguration().setInvocationStrategy(new InvocationStrategy());
        assertThrows(IllegalArgumentException.class,
                () -> GameLoop.builder().clock(new ManualClock()).world(config).build());
    }
}
