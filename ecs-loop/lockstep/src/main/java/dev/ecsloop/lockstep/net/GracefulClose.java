package dev.ecsloop.lockstep.net;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection so that what was written to it arrives: flush, then end the output (the peer reads every
 * byte, then the end), and let the peer close; close outright if it has not within {@link #GRACE_SECONDS}.
 *
 * <p>Why not just close: a socket closed while bytes the peer sent are still unread (a player's turns keep coming)
 * is reset rather than ended, and the reset throws away what is still queued to go out. The last message, the one
 * that says why (the host's "the host left (quit)", a dropped seat's own reason), was then lost at random, and
 * the player saw only "disconnected". Ending the output sends the queued bytes first; the peer's own close then
 * ends the connection, and reading what it sent meanwhile leaves nothing unread.
 */
final class GracefulClose {

    /** How long the peer has to close after the output ended. */
    static final int GRACE_SECONDS = 2;

    private GracefulClose() {
    }

    /**
     * Ends the connection once what was written to it is flushed, and closes it within {@link #GRACE_SECONDS}
     * whatever the peer does (one that never reads never lets the flush finish); never throws.
     *
     * @param ch the connection (any thread)
     */
    static void close(Channel ch) {
        if (!ch.isActive()) {
            ch.close();
            return;
        }
        ch.eventLoop().schedule(() -> ch.close(), GRACE_SECONDS, TimeUnit.SECONDS);
        ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(written -> {
            if (ch instanceof SocketChannel socket && written.isSuccess() && socket.isActive()) {
                socket.shutdownOutput();
            } else {
                ch.close();
            }
        });
    }
}
