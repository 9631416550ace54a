package dev.ecsloop.example;

import dev.ecsloop.GameLoop;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.time.Clock;

/** ecs-loop/docs/RATES-AND-PACING.md: "Pacing". */
final class Pacing {

    private Pacing() {
    }

    // region pacing
    static void run(GameLoop loop, Runnable pollEvents, Runnable swapBuffers) {
        FramePacer pacer = new FramePacer(Clock.system(), 144);     // cap at 144 FPS; 0 = uncapped (vsync)
        LoopRunner runner = new LoopRunner(pacer, pollEvents, swapBuffers);
        loop.run(runner);          // poll, frame, swap, wait; returns after runner.stop() from any thread
    }
    // endregion pacing
}
