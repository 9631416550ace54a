package dev.ecsloop.state;

import dev.ecsloop.GameLoop;
import dev.ecsloop.console.Console;
import dev.ecsloop.time.Durations;


/** The console command {@code hash}, which prints the world-state hash that replays and peers compare. */
public final class HashCommand {

    private HashCommand() {
    }

    /**
     * Adds {@code hash} to a console.
     *
     * @param console the game's console
     * @param loop    the loop whose world is hashed
     * @throws IllegalArgumentException if the console already has a {@code hash} command
     */
    public static void register(Console console, GameLoop loop) {
        StateHash hasher = new StateHash(loop.world());
        console.register("hash", "hash", "prints the world-state hash, which replays compare", (args, out) -> {
            args.expectAtMost(0);
            out.accept("world-hash: " + StateHash.hex(hasher.hash()) + " at simulated time "
                    + Durations.seconds(loop.simulatedNanos()));
        });
    }
}
