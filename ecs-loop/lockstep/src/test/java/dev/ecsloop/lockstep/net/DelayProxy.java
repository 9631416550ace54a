package dev.ecsloop.lockstep.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay in process, between a joiner and the host, that makes loopback look like a long and uneven network:
 * every chunk of bytes, each way, is held for half the round trip plus a seeded jitter of up to half the jitter
 * either side, in order (a {@link DelayHandler} on each outgoing side), so a round trip through it takes
 * {@code rtt ± jitter}. For tests and benchmarks: a peer joins the proxy's port instead of the host's. Closing one
 * side closes the other once what was held for it is written.
 */
public final class DelayProxy implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private final AtomicLong seeds;
    private final long leastOneWay;
    private final long jitterNanos;
    private final int targetPort;

    private DelayProxy(int targetPort, long rttNanos, long jitterNanos, long seed) {
        this.targetPort = targetPort;
        this.leastOneWay = Math.max(0, rttNanos / 2 - jitterNanos / 2);
        this.jitterNanos = jitterNanos;
        this.seeds = new AtomicLong(seed);
        this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel in) {
                        in.pipeline().addLast(new DelayHandler(leastOneWay, jitterNanos, seeds.getAndIncrement()),
                                new Inward());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).syncUninterruptibly().channel();
    }

    /**
     * Listens on a free loopback port and relays every connection to {@code targetPort} on loopback.
     *
     * @param targetPort  the host's port
     * @param rttNanos    the round trip to add (half each way)
     * @param jitterNanos the round trip varies this much either side (half of it each way), seeded
     * @param seed        the jitter's seed
     * @return the proxy
     */
    public static DelayProxy open(int targetPort, long rttNanos, long jitterNanos, long seed) {
        return new DelayProxy(targetPort, rttNanos, jitterNanos, seed);
    }

    /** @return the port to join instead of the host's */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The joiner's side: opens the host's side, then passes bytes on in both directions. */
    private final class Inward extends ChannelInboundHandlerAdapter {

        private Channel outward;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            Channel in = ctx.channel();
            new Bootstrap().group(in.eventLoop()).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel out) {
                            out.pipeline().addLast(new DelayHandler(leastOneWay, jitterNanos,
                                    seeds.getAndIncrement()), new Pass(in));
                        }
                    })
                    .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort))
                    .addListener((ChannelFutureListener) f -> {
                        if (f.isSuccess()) {
                            outward = f.channel();
                            in.config().setAutoRead(true);
                            in.read();
                        } else {
                            in.close();
                        }
                    });
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            outward.writeAndFlush(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            closeAfterHeld(outward);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** The host's side: passes bytes back to the joiner. */
    private static final class Pass extends ChannelInboundHandlerAdapter {

        private final Channel back;

        Pass(Channel back) {
            this.back = back;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            back.writeAndFlush(msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            closeAfterHeld(back);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** Closes {@code ch} once the bytes already held for it are written (an empty write queues behind them). */
    private static void closeAfterHeld(Channel ch) {
        if (ch != null && ch.isActive()) {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
