package dev.ecsloop.explorer;

import dev.ecsloop.GameLoop;
import dev.ecsloop.replay.Recorder;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The setup docs/EXPLORER.md shows, compiled and run. */
class ExplorerUsageTest {

    @Test
    void theDocumentedSetupServesTheLoop() throws IOException {
        TestGame game = new TestGame(true);
        GameLoop loop = game.loop;
        Recorder recorder = game.recorder;
        String consoleToken = "documented-token-0123456789";
        int[] frames = {0};
        // region explorer-setup
        try (Explorer explorer = Explorer.builder(loop)
                .port(0)                      // 27750 by default; 0 picks a free port
                .token(consoleToken)          // the console's token: one secret for both
                .edits(true)                  // world.set and the loop controls (read-only by default)
                .recorder(recorder)           // edits are journaled, so a replay reproduces them
                .open()) {
            System.out.println("explorer on " + explorer.pageUrl());
            while (running(frames)) {
                explorer.drain();             // answers requests between frames, on the loop thread
                loop.frame();
            }
        }
        // endregion explorer-setup
        assertEquals(3, loop.stats().frames());
    }

    private static boolean running(int[] frames) {
        return frames[0]++ < 3;
    }
}
