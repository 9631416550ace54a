package dev.ecsloop.explorer;

import dev.ecsloop.AllocationMeter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** With nobody connected, the explorer costs the loop nothing: drain() does no work and allocates nothing. */
class ExplorerIdleTest {

    @Test
    void drainWithNoClientAllocatesNothing() {
        TestGame game = new TestGame(false);
        game.frame();
        try (Explorer explorer = Explorer.builder(game.loop).port(0).clock(game.clock).open()) {
            long bytes = AllocationMeter.steadyStateBytes(() -> {
                for (int i = 0; i < 1000; i++) {
                    explorer.drain();
                }
            }, 20);
            assertEquals(0, bytes);
            assertEquals(0, explorer.clientCount());
        }
    }
}
