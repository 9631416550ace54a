package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.time.ManualClock;

/**
 * A freshly built game to replay into: a loop at simulated time 0, built from the game's setup, driven by
 * {@code clock}; {@code inputs} may be null for a game without input.
 */
public record ReplayTarget(GameLoop loop, ManualClock clock, InputQueue inputs) {
}
