package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.console.Console;
import dev.ecsloop.time.ManualClock;

import java.util.function.IntConsumer;

/**
 * A game for the overlay's window tests: eleven systems (as many as the RTS) of which the first three tick at 60,
 * 15 and 5 Hz, a 128 x 128 map, two small armies of 60 units in opposite corners. A manual clock advances exactly
 * 1/60 s per drawn frame, so ticks sit at exact simulated instants and screenshots are deterministic; a hook runs
 * at each frame with its number, for real input events sent at a known moment.
 */
final class RatesGame implements WindowGame {

    static final int MAP = 128;
    static final long FRAME = 1_000_000_000L / 60;

    @TickRate(60)
    public static final class Sixty extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(15)
    public static final class Fifteen extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(5)
    public static final class Five extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    /** Fillers, so the panel and the timeline hold as many systems as the RTS. */
    @TickRate(10)
    public static final class F10 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(20)
    public static final class F20 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(30)
    public static final class F30 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(2)
    public static final class F2 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(3)
    public static final class F3 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(value = 4, catchUp = false)
    public static final class Throttled4 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(40)
    public static final class F40 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(50)
    public static final class F50 extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private final ManualClock clock = new ManualClock();
    private final GameLoop loop = GameLoop.builder().clock(clock).world(new WorldConfigurationBuilder().with(
            new Sixty(), new Fifteen(), new Five(), new F10(), new F20(), new F30(), new F2(), new F3(),
            new Throttled4(), new F40(), new F50())).build();
    private final Console console = Console.forLoop(loop);
    private final IntConsumer onFrame;
    private boolean mapSet;
    private int frame;

    RatesGame(IntConsumer onFrame) {
        this.onFrame = onFrame;
    }

    @Override
    public GameLoop loop() {
        return loop;
    }

    @Override
    public Console console() {
        return console;
    }

    @Override
    public void fill(RenderSnapshot s) {
        if (!mapSet) {
            s.setMap(MAP, MAP, new boolean[MAP * MAP]);
            mapSet = true;
        }
        for (int i = 0; i < 60; i++) {
            s.addUnit(10 + i % 8 * 1.5f, 10 + i / 8 * 1.5f, 0.5f, 0, 1f, false);
            s.addUnit(MAP - 10 - i % 8 * 1.5f, MAP - 10 - i / 8 * 1.5f, 3.6f, 1, 1f, false);
        }
        onFrame.accept(frame++);
        clock.advance(FRAME);
    }

    @Override
    public void onSelect(float x0, float y0, float x1, float y1) {
    }

    @Override
    public void onOrder(float x, float y) {
    }
}
