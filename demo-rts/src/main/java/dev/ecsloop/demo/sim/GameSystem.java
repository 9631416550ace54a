package dev.ecsloop.demo.sim;

import com.artemis.Aspect;
import com.artemis.BaseEntitySystem;

/**
 * A simulation system that stops once the game is over: the world then stays as the last tick left it, so a
 * finished game hashes the same however many frames run after its end.
 */
abstract class GameSystem extends BaseEntitySystem {
    /** Shared by every system of one game. */
    final Outcome outcome;

    GameSystem(Aspect.Builder aspect, Outcome outcome) {
        super(aspect);
        this.outcome = outcome;
    }

    @Override
    protected boolean checkProcessing() {
        return !outcome.over();
    }
}
