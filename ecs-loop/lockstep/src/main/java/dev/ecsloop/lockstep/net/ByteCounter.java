package dev.ecsloop.lockstep.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

import java.util.concurrent.atomic.AtomicLong;

/** Counts the bytes a connection sends and receives, framing included: what the benchmark reports. */
@ChannelHandler.Sharable
final class ByteCounter extends ChannelDuplexHandler {

    private final AtomicLong bytes = new AtomicLong();

    long bytes() {
        return bytes.get();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b) {
            bytes.addAndGet(b.readableBytes());
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b) {
            bytes.addAndGet(b.readableBytes());
        }
        ctx.write(msg, promise);
    }
}
