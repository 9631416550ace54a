package dev.ecsloop.lockstep;

import dev.ecsloop.AllocationMeter;
import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame under a lockstep session allocates nothing between turn boundaries: polling an empty link (with a wait
 * the frame does not need, too), moving the horizon, telling the late frames' cover where the frame stands, and the
 * loop's own frame. (A turn boundary sends a message: a few small objects per turn.)
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
        LateFrameCover cover = session.cover(clock); // each frame tells the cover where it stands
        Runnable frames = () -> {
            for (int i = 0; i < 100; i++) {
                clock.advance(1_000_000L);
                if (i % 2 == 0) {
                    session.poll();
                } else {
                    pollWithin(session); // as a window polls: the inputs cover the frame, so it does not wait
                }
                loop.frame();
                cover.standIn(clock.nanoTime() + 100_000_000L); // the cover has nothing due within a turn
            }
        };
        assertEquals(0, AllocationMeter.steadyStateBytes(frames, 5));
        assertTrue(loop.simulatedNanos() > 0 && loop.simulatedNanos() < 10_000_000_000L,
                "the rounds stayed within the first turn: " + loop.simulatedNanos());
        assertTrue(link.sent.isEmpty(), "nothing to send within a turn: " + link.sent);
    }

    private static void pollWithin(LockstepSession session) {
        try {
            session.poll(5_000_000L);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
