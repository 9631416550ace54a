package dev.ecsloop.example;

import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.input.InputEvent;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;
import dev.ecsloop.time.Clock;

/** ecs-loop/docs/INPUT.md; ecs-loop/docs/CONSOLE-AND-REPLAY.md replays this game. */
final class TimestampedInput {

    private TimestampedInput() {
    }

    // region input
    public static final int KEY_PRESS = 1;                 // event types and codes are the game's own

    public static class Position extends Component {
        public float x;
    }

    @TickRate(30)
    @All(Position.class)
    public static class PlayerSystem extends IteratingSystem {
        final InputQueue inputs;
        ComponentMapper<Position> positions;

        PlayerSystem(InputQueue inputs) { this.inputs = inputs; }

        @Override protected void process(int entity) {
            InputView events = inputs.tickEvents();        // the events since the last tick, before this one
            for (int i = 0; i < events.size(); i++) {
                InputEvent e = events.get(i);
                if (e.type() == KEY_PRESS && e.code() == 'D') {
                    positions.get(entity).x += 1f;
                }
            }
        }
    }

    static GameLoop create(Clock clock, InputQueue inputs) {
        GameLoop loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new PlayerSystem(inputs)))
                .build();
        inputs.attach(loop);
        loop.world().edit(loop.world().create()).create(Position.class);
        return loop;
    }

    /** Called on the loop thread, e.g. from a GLFW key callback during glfwPollEvents. */
    static void onKey(InputQueue inputs, int key) {
        inputs.post().set(KEY_PRESS, key, 0f, 0f);         // stamped with the clock's time now
    }
    // endregion input
}
