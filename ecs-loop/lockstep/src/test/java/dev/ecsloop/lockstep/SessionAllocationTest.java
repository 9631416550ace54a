package dev.ecsloop.lockstep;

import dev.ecsloop.AllocationMeter;
import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A frame under a lockstep session allocates nothing between turn boundaries: polling an empty link, moving the
 * horizon and the loop's own frame. (A turn boundary sends a message: a few small objects per turn.)
 */
class SessionAllocationTest {

    /** A one-seat game's link: what is sent is counted, nothing ever arrives. */
    static final class SoloLink implements PeerLink {
        final List<Message> sent = new ArrayList<>();

        @Override
        public int seat() {
            return 0;
        }

        @Override
        public List<String> names() {
            return List.of("solo");
        }

        @Override
        public void send(Message message) {
            sent.add(message);
        }

        @Override
        public Message poll() {
            return null;
        }

        @Override
        public Message await(long timeoutNanos) {
            return null;
        }

        @Override
        public long rttNanos() {
            return -1;
        }

        @Override
        public long bytes() {
            return 0;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aFrameWithinATurnAllocatesNothing() {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        GameLoop loop = game.loop();
        SoloLink link = new SoloLink();
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
