package dev.ecsloop.lockstep.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The graceful close on the channel's own (manual) clock: it ends even when the peer never takes a byte. */
class GracefulCloseTest {

    /** Holds every write forever, as a full socket to a peer that never reads does. */
    static final class NeverWritten extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            // neither written nor failed: the flush never finishes
        }
    }

    @Test
    void aPeerThatNeverReadsIsClosedOnceTheGraceIsOver() {
        EmbeddedChannel ch = new EmbeddedChannel(new NeverWritten());
        ch.freezeTime();
        GracefulClose.close(ch);
        ch.advanceTimeBy(GracefulClose.GRACE_SECONDS * 1000L - 1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertTrue(ch.isOpen(), "open while the grace lasts");
        ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen(), "closed when it is over");
    }

    @Test
    void aConnectionWhoseLastBytesAreWrittenClosesWithoutWaiting() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.freezeTime();
        GracefulClose.close(ch); // not a socket: nothing to half-close, so it closes once flushed
        ch.runPendingTasks();
        assertFalse(ch.isOpen());
    }
}
