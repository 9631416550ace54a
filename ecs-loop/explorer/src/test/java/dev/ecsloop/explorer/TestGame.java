package dev.ecsloop.explorer;

import com.artemis.Component;
import com.artemis.ComponentMapper;
import com.artemis.WorldConfigurationBuilder;
import com.artemis.annotations.All;
import com.artemis.systems.IteratingSystem;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.replay.ReplayTarget;
import dev.ecsloop.time.ManualClock;
import org.joml.Vector2f;

import java.time.Duration;

/** A small deterministic game the explorer tests drive: walkers that move and age, on a manual clock. */
final class TestGame {

    static final String SETUP = "explorer-test walkers=200";
    static final long FRAME = 16_666_667L;

    enum Mood { CALM, ANGRY }

    public static final class Body extends Component {
        public final Vector2f position = new Vector2f();
        public final Vector2f velocity = new Vector2f();
        public float spin;
    }

    public static final class Life extends Component {
        public int age;
        public double energy = 100;
        public boolean tired;
        public Mood mood = Mood.CALM;
        public String name = "walker";
    }

    @TickRate(60)
    @All(Body.class)
    public static final class Walk extends IteratingSystem {
        ComponentMapper<Body> bodies;

        @Override
        protected void process(int e) {
            Body b = bodies.get(e);
            b.position.add(b.velocity.x * world.getDelta(), b.velocity.y * world.getDelta());
        }
    }

    @TickRate(10)
    @All(Life.class)
    public static final class Age extends IteratingSystem {
        ComponentMapper<Life> lives;
        ComponentMapper<Body> bodies;

        @Override
        protected void process(int e) {
            Life l = lives.get(e);
            l.age++;
            l.energy -= 0.5;
            if (bodies.has(e)) {
                bodies.get(e).velocity.mul(l.mood == Mood.ANGRY ? 1.01f : 0.999f);
            }
        }
    }

    @EveryFrame
    public static final class Draw extends com.artemis.BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    final ManualClock clock = new ManualClock();
    final GameLoop loop;
    final Recorder recorder;

    TestGame(boolean record) {
        loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Walk(), new Age(), new Draw())).build();
        ComponentMapper<Body> bodies = loop.world().getMapper(Body.class);
        ComponentMapper<Life> lives = loop.world().getMapper(Life.class);
        for (int i = 0; i < 200; i++) {
            int e = loop.world().create();
            Body b = bodies.create(e);
            b.position.set(i, i * 0.5f);
            b.velocity.set((i % 7) - 3, (i % 5) - 2);
            if (i % 2 == 0) {
                lives.create(e);
            }
        }
        recorder = record ? Recorder.attach(loop, null, SETUP, Duration.ofMillis(100)) : null;
    }

    /** A fresh copy for replays. */
    static ReplayTarget fresh() {
        TestGame copy = new TestGame(false);
        return new ReplayTarget(copy.loop, copy.clock, null);
    }

    void frame() {
        clock.advance(FRAME);
        loop.frame();
    }
}
