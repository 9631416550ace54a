package dev.ecsloop.demo.net;

import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.window.Screenshot;
import java.nio.file.Path;
import java.util.List;

/**
 * What the rest of the command line asks of a network match.
 *
 * @param config      the game (every player must give the same, or the host refuses)
 * @param headless    no window
 * @param offscreen   a window without an X server
 * @param fps         frame cap
 * @param stopAtNanos simulated time to end at, or null to play until quit or the match stops
 * @param record      where to save this player's recording at the end, or null (a stopped match saves one anyway)
 * @param printHash   print the final world hash
 * @param screenshots PNGs to write (window only)
 */
public record NetRun(MatchSetup config, boolean headless, boolean offscreen, int fps, Long stopAtNanos, Path record,
                     boolean printHash, List<Screenshot> screenshots) {
}
