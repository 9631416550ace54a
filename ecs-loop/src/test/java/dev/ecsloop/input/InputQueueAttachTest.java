package dev.ecsloop.input;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A queue made before the loop reaches its consumer through the constructor, and is attached after build. */
class InputQueueAttachTest {

    @TickRate(10)
    static final class Player extends BaseSystem {
        final InputQueue inputs;
        final List<Integer> codes = new ArrayList<>();

        Player(InputQueue inputs) {
            this.inputs = inputs;
        }

        @Override
        protected void processSystem() {
            InputView events = inputs.tickEvents();
            for (int i = 0; i < events.size(); i++) {
                codes.add(events.get(i).code());
            }
        }
    }

    @TickRate(10)
    static final class Other extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @Test
    void aConsumerBuiltBeforeTheLoopSeesEventsOnceTheQueueIsAttached() {
        ManualClock clock = new ManualClock();
        InputQueue inputs = new InputQueue(Player.class);
        Player player = new Player(inputs);
        GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(player)).build();
        inputs.attach(loop);
        clock.advance(30_000_000L);
        inputs.post().set(1, 42, 0f, 0f);
        clock.advance(100_000_000L);
        loop.frame();
        assertEquals(List.of(42), player.codes);
    }

    @Test
    void misuseIsRefusedWithAMessageAndAttachesNothing() {
        IllegalStateException early = assertThrows(IllegalStateException.class,
                () -> new InputQueue(Player.class).post());
        assertTrue(early.getMessage().contains("attach(loop)"), early.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new InputQueue(Player.class, Player.class));
        assertThrows(IllegalArgumentException.class, () -> new InputQueue(Player.class, null));

        GameLoop loop = GameLoop.builder().clock(new ManualClock())
                .world(new WorldConfigurationBuilder().with(new Other())).build();
        InputQueue stranger = new InputQueue(Player.class);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> stranger.attach(loop));
        assertTrue(e.getMessage().contains("Player"), e.getMessage());
        assertThrows(IllegalStateException.class, stranger::post, "a refused attach leaves it unattached");

        InputQueue queue = new InputQueue(Other.class).attach(loop);
        assertThrows(IllegalStateException.class, () -> queue.attach(loop));
    }
}
