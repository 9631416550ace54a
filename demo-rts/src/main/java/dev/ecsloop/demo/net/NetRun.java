package dev.ecsloop.demo.net;

import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.Screenshot;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * What the rest of the command line asks of a network match.
 *
 * @param config      the game (every player must give the same, or the host refuses)
 * @param headless    no window
 * @param offscreen   a window without an X server
 * @param fps         frame cap
 * @param stopAtNanos simulated time to end at, or null to play until quit or the match stops
 * @param record      where to save this player's recording at the end (a stopped or interrupted match too), or
 *                    null for no recording file
 * @param load        the snapshot every player of a resumed match loads (the same file everywhere), or null
 * @param printHash   print the final world hash
 * @param screenshots PNGs to write (window only)
 * @param counters    the headless counters line for a game (the session's line is appended), or null for none
 *                    ({@code --quiet})
 * @param exitGuard   given the match's console once the game runs, returns what to run once the match has saved
 *                    what it owes: the command line installs its Ctrl-C saver there
 * @param workers     threads the parallel systems run on ({@code --workers}); peers may differ, the simulation
 *                    does not depend on it
 */
public record NetRun(MatchSetup config, boolean headless, boolean offscreen, int fps, Long stopAtNanos, Path record,
                     Path load, boolean printHash, List<Screenshot> screenshots,
                     Function<RtsGame, String> counters, Function<Console, Runnable> exitGuard, int workers) {
}
