// region first-loop
package dev.ecsloop.example;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.time.Clock;

/** Three systems at three rates, run for one simulated second at up to 60 frames per second. */
public class FirstLoop {

    @TickRate(15)                        // 15 ticks per simulated second
    public static class AiSystem extends BaseSystem {
        @Override protected void processSystem() { /* world.getDelta() is exactly 1/15 s here */ }
    }

    @TickRate(60)
    public static class PhysicsSystem extends BaseSystem {
        @Override protected void processSystem() { /* world.getDelta() is exactly 1/60 s here */ }
    }

    @EveryFrame                          // once per frame; a system with no annotation does the same
    public static class RenderSystem extends BaseSystem {
        @Override protected void processSystem() { /* draw; world.getDelta() is the frame's simulated time */ }
    }

    public static GameLoop create(Clock clock) {
        return GameLoop.builder()
                .clock(clock)
                .world(new WorldConfigurationBuilder()
                        .with(new AiSystem(), new PhysicsSystem(), new RenderSystem()))
                .build();
    }

    public static void main(String[] args) {
        GameLoop loop = create(Clock.system());
        LoopRunner runner = new LoopRunner(new FramePacer(Clock.system(), 60));
        runner.run(() -> {
            loop.frame();                // reads the clock once, runs the due ticks in order, then RenderSystem
            if (loop.simulatedNanos() >= 1_000_000_000L) {
                runner.stop();           // one simulated second is enough for a first look
            }
        });
        System.out.printf("%.2f s simulated in %d frames: AiSystem ticked %d times, PhysicsSystem %d, RenderSystem %d%n",
                loop.simulatedNanos() / 1e9, loop.stats().frames(), loop.stats().runs(loop.system(AiSystem.class)),
                loop.stats().runs(loop.system(PhysicsSystem.class)), loop.stats().runs(loop.system(RenderSystem.class)));
    }
}
// endregion first-loop
