package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.sim.RtsGame;

/**
 * Makes the game's console validate like its command line: {@code rate} reads Hz with the same rule as
 * {@code --rate} (same bounds, same message), so the console cannot set what the flags refuse.
 */
final class ConsoleRules {
    private ConsoleRules() {
    }

    static RtsGame apply(RtsGame game) {
        game.console().withRateRule((system, typed) -> RateSetting.parse(system.getSimpleName() + "=" + typed).hz());
        return game;
    }
}
