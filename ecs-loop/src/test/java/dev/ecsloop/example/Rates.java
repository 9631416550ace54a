package dev.ecsloop.example;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickRate;

/** ecs-loop/docs/RATES-AND-PACING.md: "Rates and annotations" and retuning a running game. */
final class Rates {

    private Rates() {
    }

    // region rates
    @TickRate(15)                            // fixed step: 15 ticks per simulated second, delta exactly 1/15 s
    public static class AiSystem extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(value = 15, phase = 0.5)       // same rate, ticks half a step later: not in the AI's frames
    public static class PathfindingSystem extends BaseSystem {
        @Override protected void processSystem() { }
    }

    @TickRate(value = 4, catchUp = false)    // throttled: at most once a frame, missed ticks dropped
    public static class MinimapSystem extends BaseSystem {
        @Override protected void processSystem() { }
    }

    public static class CameraSystem extends BaseSystem {    // no annotation: runs once every frame
        @Override protected void processSystem() { }
    }
    // endregion rates

    // region retune
    static void retune(GameLoop loop) {
        loop.setRate(AiSystem.class, 5);          // new grid through its last tick; next tick the first after now
        loop.setPhase(PathfindingSystem.class, 0.25);   // the grid moves by the difference
        loop.setEveryFrame(MinimapSystem.class);  // and back with setRate
        loop.setTimeScale(0.5);                   // slow motion: half the ticks per real second, same step
        loop.pause();                             // simulated time stops; every-frame systems still run
        loop.step();                              // runs the next instant's ticks, stays paused
        loop.resume();
    }
    // endregion retune
}
