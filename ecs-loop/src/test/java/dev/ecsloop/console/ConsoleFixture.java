package dev.ecsloop.console;

import dev.ecsloop.FrameRig;
import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A loop on a manual clock with a console for it; the test thread is the loop thread. Replies are collected by
 * submitting and draining, the same path the transports use.
 */
final class ConsoleFixture {

    static final long FRAME_NANOS = 1_000_000_000L / 60;

    final ManualClock clock = new ManualClock();
    final GameLoop loop;
    final Console console;

    ConsoleFixture(BaseSystem... systems) {
        loop = GameLoop.builder()
                .world(new WorldConfigurationBuilder().with(systems))
                .clock(clock)
                .profiler(clock)
                .build();
        console = Console.forLoop(loop);
    }

    /** The usual four: AiSystem 15 Hz, MovementSystem 60 Hz, MapSystem 4 Hz throttled, RenderSystem per frame. */
    static ConsoleFixture standard() {
        return new ConsoleFixture(new TestSystems.AiSystem(), new TestSystems.MovementSystem(),
                new TestSystems.MapSystem(), new TestSystems.RenderSystem());
    }

    /** Submits {@code line}, drains, and returns every reply line. */
    List<String> lines(String line) {
        List<String> out = new ArrayList<>();
        console.submit(line, out::add);
        console.drain();
        return out;
    }

    /** Submits {@code line}, drains, and returns its only reply line. */
    String one(String line) {
        List<String> out = lines(line);
        assertEquals(1, out.size(), () -> "expected one line for '" + line + "', got " + out);
        return out.get(0);
    }

    /** Runs {@code frames} frames of 1/60 s of real time each. */
    void frames(int frames) {
        new FrameRig(clock, loop).frames(frames, FRAME_NANOS);
    }

    /** Everything a console command may change, as one comparable string. */
    String state() {
        StringBuilder sb = new StringBuilder();
        for (Class<? extends BaseSystem> type : loop.systems()) {
            sb.append(type.getSimpleName()).append('=').append(loop.system(type).isEveryFrame() ? "frame" : loop.system(type).rate())
                    .append(loop.system(type).isThrottled() ? "T" : "").append(' ');
        }
        Duration bound = loop.catchUpBound();
        return sb.append("paused=").append(loop.isPaused()).append(" scale=").append(loop.timeScale())
                .append(" bound=").append(bound).append(" debt=").append(loop.debtPolicy())
                .append(" sim=").append(loop.simulatedNanos()).toString();
    }
}
