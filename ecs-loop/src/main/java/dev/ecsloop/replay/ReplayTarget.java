package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;

/**
 * A freshly built game to replay into: a loop at simulated time 0, built from the game's setup, driven by
 * {@code clock}; {@code inputs} may be null for a game without input; {@code snapshots} (of that loop, restoring
 * that queue) may be null, and without them a recording that starts from a snapshot cannot be replayed.
 */
public record ReplayTarget(GameLoop loop, ManualClock clock, InputQueue inputs, Snapshots snapshots) {

    /**
     * A target without snapshots: it replays recordings that start at simulated time 0.
     *
     * @param loop   built from the game's setup, at simulated time 0, driven by {@code clock}
     * @param clock  the loop's manual clock
     * @param inputs the loop's input queue, or null for a game without input
     */
    public ReplayTarget(GameLoop loop, ManualClock clock, InputQueue inputs) {
        this(loop, clock, inputs, null);
    }
}
