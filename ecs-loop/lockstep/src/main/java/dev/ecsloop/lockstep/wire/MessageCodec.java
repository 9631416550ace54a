package dev.ecsloop.lockstep.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageCodec;

import java.util.List;

/** Turns frame bodies into {@link Message}s and back, with the 4-byte length prefix on the way out. */
public final class MessageCodec extends MessageToMessageCodec<ByteBuf, Message> {

    @Override
    protected void encode(ChannelHandlerContext ctx, Message msg, List<Object> out) {
        ByteBuf buf = ctx.alloc().buffer(64);
        try {
            buf.writeInt(0);
            Codec.encode(msg, buf);
            buf.setInt(0, buf.readableBytes() - 4);
        } catch (RuntimeException e) {
            buf.release();
            throw e;
        }
        out.add(buf);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
        out.add(Codec.decode(msg));
    }
}
