package dev.ecsloop.demo.window;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScreenshotTest {

    @Test
    void parsesFileAtSeconds() {
        Screenshot s = Screenshot.parse("out/shot.png@2.5");
        assertEquals(Path.of("out/shot.png"), s.file());
        assertEquals(2_500_000_000L, s.simNanos());
        assertEquals(Path.of("a@b.png"), Screenshot.parse("a@b.png@0").file(), "the last @ splits");
    }

    @Test
    void refusesMalformedSpecs() {
        for (String bad : new String[] {"shot.png", "@3", "shot.png@", "shot.png@-1", "shot.png@NaN", "x@1e12"}) {
            assertThrows(IllegalArgumentException.class, () -> Screenshot.parse(bad), bad);
        }
    }

    @Test
    void queueHandsOutScreenshotsInSimulatedTimeOrderOncePerDueTime() {
        ScreenshotQueue q = new ScreenshotQueue();
        q.add(new Screenshot(Path.of("late.png"), 2_000));
        q.add(new Screenshot(Path.of("early.png"), 1_000));
        assertNull(q.due(999));
        assertEquals(Path.of("early.png"), q.due(5_000).file());
        assertEquals(Path.of("late.png"), q.due(5_000).file(), "a frame past both takes both");
        assertNull(q.due(10_000));
        assertTrue(q.isEmpty());
        assertEquals(2, q.taken());
    }
}
