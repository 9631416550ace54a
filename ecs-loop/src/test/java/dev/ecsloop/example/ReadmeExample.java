package dev.ecsloop.example;

import com.artemis.BaseSystem;
import com.artemis.WorldConfigurationBuilder;
import dev.ecsloop.DebtPolicy;
import dev.ecsloop.EveryFrame;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;
import java.time.Duration;

// README example: kept identical to the block in README.md (ReadmeExampleTest checks it).
public class ReadmeExample {

    @TickRate(15)
    public static class AiSystem extends BaseSystem {
        @Override protected void processSystem() { /* world.getDelta() == 1/15 s */ }
    }

    @TickRate(60)
    public static class PhysicsSystem extends BaseSystem {
        @Override protected void processSystem() { /* world.getDelta() == 1/60 s */ }
    }

    @EveryFrame
    public static class RenderSystem extends BaseSystem {
        @Override protected void processSystem() { /* draw, blending by loop.alpha(PhysicsSystem.class) */ }
    }

    public static GameLoop create() {
        return GameLoop.builder()
                .world(new WorldConfigurationBuilder()
                        .with(new AiSystem(), new PhysicsSystem(), new RenderSystem()))
                .maxCatchUp(Duration.ofMillis(250))
                .debtPolicy(DebtPolicy.DISCARD)
                .build();
    }

    public static void main(String[] args) {
        GameLoop loop = create();
        for (int i = 0; i < 600; i++) {
            loop.frame();   // reads the clock once, runs due ticks in simulated-time order, then RenderSystem
        }
        System.out.println(loop.stats().line());
    }
}
