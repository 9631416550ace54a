package dev.ecsloop.lockstep;

import dev.ecsloop.AllocationMeter;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame under a lockstep session allocates nothing between turn boundaries: polling an empty link, moving the
 * horizon and the loop's own frame. (A turn boundary sends a message: a few small objects per turn.)
 */
class SessionAllocationTest {

    @Test
    void aFrameWithinATurnAllocatesNothing() {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        GameLoop loop = game.loop();
        SilentLink link = new SilentLink("solo");
        LockstepSession session = LockstepSession.start(loop, game.inputs(), link,
                new LockstepConfig(10_000_000_000L, 1, 1));
        Runnable frames = () -> {
            for (int i = 0; i < 100; i++) {
                session.poll();
                clock.advance(1_000_000L);
                loop.frame();
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
        assertTrue(loop.simulatedNanos() > 0 && loop.simulatedNanos() < 10_000_000_000L,
                "the rounds stayed within the first turn: " + loop.simulatedNanos());
        assertTrue(link.sent.isEmpty(), "nothing to send within a turn: " + link.sent);
    }
}
