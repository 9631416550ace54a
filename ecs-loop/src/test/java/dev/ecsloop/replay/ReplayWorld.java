package dev.ecsloop.replay;

import dev.ecsloop.FrameRig;
import dev.ecsloop.state.Presentation;
import com.artemis.BaseSystem;
import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.input.InputView;
import dev.ecsloop.time.ManualClock;

/** A small deterministic game for replay tests: movers steered by input, an AI that turns them. */
final class ReplayWorld {

    static final String SETUP = "replay-test movers=50";

    public static final class Position extends Component {
        public float x;
        public float y;
    }

    public static final class Velocity extends Component {
        public float dx;
        public float dy;
    }

    @Presentation
    public static final class Sprite extends Component {
        public float phase;
    }

    @TickRate(60)
    @All({Position.class, Velocity.class})
    public static final class Mover extends IteratingSystem {
        ComponentMapper<Position> positions;
        ComponentMapper<Velocity> velocities;
        InputQueue inputs;

        @Override
        protected void begin() {
            InputView events = inputs.tickEvents();
            for (int i = 0; i < events.size(); i++) {
                int target = events.get(i).code();
                if (velocities.has(target)) {
                    velocities.get(target).dx += events.get(i).x();
                }
            }
        }

        @Override
        protected void process(int e) {
            Position p = positions.get(e);
            Velocity v = velocities.get(e);
            p.x += v.dx * world.getDelta();
            p.y += v.dy * world.getDelta();
        }
    }

    @TickRate(15)
    @All(Velocity.class)
    public static final class Steering extends IteratingSystem {
        ComponentMapper<Velocity> velocities;
        int ticks;

        @Override
        protected void begin() {
            ticks++;
        }

        @Override
        protected void process(int e) {
            Velocity v = velocities.get(e);
            float t = v.dx;
            v.dx = v.dx * 0.9f - v.dy * 0.1f;
            v.dy = v.dy * 0.9f + t * 0.1f + (ticks % 7) * 0.01f;
        }
    }

    /** Reads real time: a simulation that depends on frame timing, which a replay must catch. */
    @TickRate(20)
    @All(Position.class)
    public static final class Leaky extends IteratingSystem {
        ComponentMapper<Position> positions;
        GameLoop loop;
        boolean leak;

        @Override
        protected void process(int e) {
            if (leak) {
                positions.get(e).y += (loop.clock().nanoTime() % 1009) * 1e-6f;
            }
        }
    }

    @EveryFrame
    @All(Sprite.class)
    public static final class Animation extends IteratingSystem {
        ComponentMapper<Sprite> sprites;

        @Override
        protected void process(int e) {
            sprites.get(e).phase += world.getDelta();
        }
    }

    final ManualClock clock = new ManualClock();
    final Mover mover = new Mover();
    final Leaky leaky = new Leaky();
    final GameLoop loop;
    private final FrameRig frames;
    final InputQueue inputs;

    ReplayWorld(boolean leak) {
        loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder()
                .with(mover, new Steering(), leaky, new Animation())).build();
        inputs = InputQueue.install(loop, Mover.class);
        mover.inputs = inputs;
        leaky.loop = loop;
        frames = new FrameRig(clock, loop);
        leaky.leak = leak;
        ComponentMapper<Position> positions = loop.world().getMapper(Position.class);
        ComponentMapper<Velocity> velocities = loop.world().getMapper(Velocity.class);
        ComponentMapper<Sprite> sprites = loop.world().getMapper(Sprite.class);
        for (int i = 0; i < 50; i++) {
            int e = loop.world().create();
            positions.create(e).x = i;
            velocities.create(e).dy = (i % 5) - 2;
            sprites.create(e);
        }
    }

    void frame(long nanos) {
        frames.frame(nanos);
    }

    static Class<? extends BaseSystem> steering() {
        return Steering.class;
    }
}
