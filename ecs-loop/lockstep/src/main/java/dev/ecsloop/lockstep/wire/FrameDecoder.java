package dev.ecsloop.lockstep.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.TooLongFrameException;

/**
 * Splits the byte stream into frames of a 4-byte big-endian length and that many bytes. Until {@link #admit()},
 * a frame may be at most {@link Codec#MAX_HANDSHAKE_FRAME} bytes, so a stranger can make the host buffer no more
 * than that; afterwards a full turn fits. A longer length (an HTTP request's first bytes read as one) fails at once,
 * before any of the frame is buffered.
 */
public final class FrameDecoder extends LengthFieldBasedFrameDecoder {

    private int limit = Codec.MAX_HANDSHAKE_FRAME;

    /** A decoder at the handshake limit. */
    public FrameDecoder() {
        super(Codec.MAX_FRAME, 0, 4, 0, 4, true);
    }

    /** The peer is in: allow frames up to {@link Codec#MAX_FRAME}. */
    public void admit() {
        limit = Codec.MAX_FRAME;
    }

    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        if (in.readableBytes() >= 4) {
            long length = in.getUnsignedInt(in.readerIndex());
            if (length > limit) {
                throw new TooLongFrameException("frame of " + length + " bytes, the limit is " + limit);
            }
            if (length == 0) {
                throw new TooLongFrameException("empty frame");
            }
        }
        return super.decode(ctx, in);
    }
}
