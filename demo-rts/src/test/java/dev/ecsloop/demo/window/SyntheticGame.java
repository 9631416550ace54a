package dev.ecsloop.demo.window;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.console.Console;
import dev.ecsloop.interpolate.InterpolationMode;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

/**
 * A stand-in for the RTS: a map with two obstacle blocks, units of both teams marching right at
 * {@link #SPEED} cells per simulated second (so positions are a pure function of simulated time), every tenth
 * selected with a path, every seventh wounded. With a {@link ManualClock} each drawn frame is exactly 1/60 s of
 * simulated time, so screenshots are deterministic.
 */
final class SyntheticGame implements WindowGame {

    static final int MAP_W = 64;
    static final int MAP_H = 40;
    static final float SPEED = 4f;

    @TickRate(15)
    public static class Ai extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    @TickRate(60)
    public static class Movement extends BaseSystem {
        @Override
        protected void processSystem() {
        }
    }

    private final GameLoop loop;
    private final Console console;
    private final ManualClock manual;
    private final int units;
    private boolean mapSet;
    int selects;
    int orders;
    InterpolationMode mode = InterpolationMode.INTERPOLATE;

    /** Deterministic: a manual clock advanced 1/60 s per drawn frame. */
    static SyntheticGame deterministic(int units) {
        ManualClock clock = new ManualClock();
        return new SyntheticGame(units, clock, clock);
    }

    /** Real time, for measuring frame rates. */
    static SyntheticGame realTime(int units) {
        return new SyntheticGame(units, Clock.system(), null);
    }

    private SyntheticGame(int units, Clock clock, ManualClock manual) {
        this.units = units;
        this.manual = manual;
        this.loop = GameLoop.builder().clock(clock)
                .world(new WorldConfigurationBuilder().with(new Ai(), new Movement())).build();
        this.console = Console.forLoop(loop);
    }

    static boolean blocked(int cx, int cy) {
        return (cx >= 20 && cx < 26 && cy >= 4 && cy < 16) || (cx >= 40 && cx < 52 && cy >= 26 && cy < 32);
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
            boolean[] blocked = new boolean[MAP_W * MAP_H];
            for (int cy = 0; cy < MAP_H; cy++) {
                for (int cx = 0; cx < MAP_W; cx++) {
                    blocked[cy * MAP_W + cx] = blocked(cx, cy);
                }
            }
            s.setMap(MAP_W, MAP_H, blocked);
            mapSet = true;
        }
        float t = loop.simulatedNanos() / 1e9f;
        int columns = Math.max(1, (int) Math.sqrt(units * 2.0));
        for (int i = 0; i < units; i++) {
            int col = i % columns;
            int row = i / columns;
            float x = 2f + (col * 30f / columns + SPEED * t) % 60f;
            float y = 1.5f + (row * (MAP_H - 3f) / Math.max(1, units / columns)) % (MAP_H - 3f);
            boolean selected = i % 10 == 0;
            s.addUnit(x, y, 0f, (row & 1), i % 7 == 0 ? 0.4f : 1f, selected);
            if (selected) {
                s.beginPath();
                s.pathPoint(x, y);
                s.pathPoint(x + 3, y + 1);
                s.pathPoint(x + 6, y);
            }
        }
        if (manual != null) {
            manual.advance(1_000_000_000L / 60);
        }
    }

    @Override
    public void onSelect(float x0, float y0, float x1, float y1) {
        selects++;
    }

    @Override
    public void onOrder(float x, float y) {
        orders++;
    }

    @Override
    public void setInterpolation(InterpolationMode mode) {
        this.mode = mode;
    }

    @Override
    public InterpolationMode interpolation() {
        return mode;
    }
}
