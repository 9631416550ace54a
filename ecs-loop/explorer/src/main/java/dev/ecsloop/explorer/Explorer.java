package dev.ecsloop.explorer;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecsloop.GameLoop;
import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.replay.Recorder;
import dev.ecsloop.time.Clock;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A browser explorer for a running loop: JSON-RPC 2.0 over HTTP {@code POST /rpc} (systems, stats, component
 * schemas, entity queries, component values, edits and loop controls), a {@code world.watch} stream of
 * server-sent events, and a web page at {@code /}, all on one Netty server bound to 127.0.0.1. The protocol is
 * in {@code docs/EXPLORER.md}.
 *
 * <pre>{@code
 * Explorer explorer = Explorer.builder(loop).port(27750).token(consoleServer.token()).recorder(recorder).open();
 * while (running) {
 *     explorer.drain();   // answers requests between frames, on the loop thread
 *     loop.frame();
 * }
 * explorer.close();
 * }</pre>
 *
 * <p>Threads: the server threads parse and check requests and only queue them; {@link #drain()}, called by the
 * loop's thread between frames, feeds the watch streams and answers at most {@value LoopSide#CALLS_PER_DRAIN}
 * requests or as many as fit in half a millisecond (at least one), copying what they need out of the world into
 * plain values that the server threads then serialize: a busy client slows its own answers, not the frame.
 * Nothing of the explorer reads or writes the world elsewhere. With no request waiting, no client connected and
 * no watch open, {@link #drain()} does no work and allocates nothing.
 *
 * <p>Edits ({@code world.set}) and controls ({@code loop.set_rate}, {@code loop.pause}, {@code loop.step},
 * {@code loop.timescale}) are refused unless {@link Builder#edits(boolean) enabled}. They apply between frames at
 * the current simulated instant; controls reach the recorder as any control change does, and edits are journaled
 * through {@link Recorder#edited}, so a replay reproduces both. A game in a lockstep match refuses them with
 * {@link Builder#refuseEdits(String)} until controls are match-wide.
 *
 * <p>Security: as the console's TCP server. Loopback only; every API request carries the token as
 * {@code Authorization: Bearer}; Host must be a loopback name and a browser's Origin this server's own; API
 * bodies are {@code application/json} of at most {@value #MAX_BODY_BYTES} bytes; each connection may make
 * {@value RateLimit#PER_SECOND} requests per second; at most {@value #MAX_CONNECTIONS} connections at once.
 */
public final class Explorer implements AutoCloseable {

    /** Largest request body. */
    public static final int MAX_BODY_BYTES = 64 * 1024;
    /** Connections served at once. */
    public static final int MAX_CONNECTIONS = 32;
    /** The default port, Flecs's explorer's. */
    public static final int DEFAULT_PORT = 27750;
    private static final int IDLE_SECONDS = 300;

    private final Settings settings;
    private final LoopSide side;
    private final EventLoopGroup group;
    private final Channel channel;

    /** What the server threads need to judge requests. */
    record Settings(String token, boolean edits, String editRefusal, Clock clock) {
    }

    private Explorer(Settings settings, LoopSide side, EventLoopGroup group, Channel channel) {
        this.settings = settings;
        this.side = side;
        this.group = group;
        this.channel = channel;
    }

    /**
     * Starts configuring an explorer for {@code loop}.
     *
     * @param loop the loop to explore; its thread must call {@link #drain()} between frames
     * @return a builder
     * @throws NullPointerException if {@code loop} is null
     */
    public static Builder builder(GameLoop loop) {
        return new Builder(Objects.requireNonNull(loop, "loop"));
    }

    /**
     * Feeds watch streams and answers waiting requests (at most {@value LoopSide#CALLS_PER_DRAIN}, and no more
     * than fit in half a millisecond after the first). Call it on the loop's thread between frames, like
     * {@code Console.drain()}.
     *
     * @return how many requests it answered (watch events are not counted): a game or a benchmark can tell the
     *         drains that did work from those that only looked
     */
    public int drain() {
        return side.drain();
    }

    /** @return the bound port */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** @return the token API requests must carry */
    public String token() {
        return settings.token();
    }

    /** @return the page's address with the token in its fragment (which the browser never sends to a server) */
    public String pageUrl() {
        return "http://127.0.0.1:" + port() + "/#token=" + settings.token();
    }

    /** @return connected HTTP clients now */
    public int clientCount() {
        return side.connections.get();
    }

    /** Stops the server and closes every connection; waits up to two seconds. Idempotent. */
    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }

    /** Configures an {@link Explorer}. */
    public static final class Builder {
        private final GameLoop loop;
        private int port = DEFAULT_PORT;
        private String token;
        private boolean edits;
        private String refusal;
        private Recorder recorder;
        private Clock clock = Clock.system();

        private Builder(GameLoop loop) {
            this.loop = loop;
        }

        /**
         * @param port the TCP port on 127.0.0.1, or 0 for any free one; default {@value #DEFAULT_PORT}
         * @return this builder
         * @throws IllegalArgumentException if outside 0 to 65535
         */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("bad port " + port + " (0 to 65535; 0 picks a free one)");
            }
            this.port = port;
            return this;
        }

        /**
         * @param token the token clients send, e.g. the console's ({@link ConsoleServer#token()}); default a new
         *              random one
         * @return this builder
         * @throws IllegalArgumentException if not 16 to 128 of {@code A-Z a-z 0-9 . _ ~ -}
         */
        public Builder token(String token) {
            if (!ConsoleServer.isValidToken(token)) {
                throw new IllegalArgumentException("bad explorer token (16 to 128 of A-Z a-z 0-9 . _ ~ -)");
            }
            this.token = token;
            return this;
        }

        /**
         * @param enabled whether {@code world.set} and the loop controls are allowed; default false (read-only)
         * @return this builder
         */
        public Builder edits(boolean enabled) {
            this.edits = enabled;
            return this;
        }

        /**
         * Refuses edits and controls with this reason even when enabled: a lockstep match, where a change made on
         * one machine only would desynchronize the others.
         *
         * @param reason one line, e.g. "in a lockstep match edits are not match-wide yet"
         * @return this builder
         */
        public Builder refuseEdits(String reason) {
            this.refusal = Objects.requireNonNull(reason, "reason").replace('\n', ' ');
            return this;
        }

        /**
         * @param recorder the game's recorder, which journals edits so that a replay reproduces them; null for none
         * @return this builder
         */
        public Builder recorder(Recorder recorder) {
            this.recorder = recorder;
            return this;
        }

        /**
         * @param clock real time for rate limits, watch throttling and stats samples; default the system clock
         * @return this builder
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Binds 127.0.0.1 and starts serving.
         *
         * @return the running explorer
         * @throws java.io.UncheckedIOException if the port cannot be bound (the one-line message names it)
         */
        public Explorer open() {
            Settings settings = new Settings(token != null ? token : ConsoleServer.newToken(), edits, refusal, clock);
            LoopSide side = new LoopSide(loop, recorder, clock);
            ObjectMapper json = new ObjectMapper(JsonFactory.builder().streamReadConstraints(
                    StreamReadConstraints.builder().maxNestingDepth(32).maxStringLength(MAX_BODY_BYTES)
                            .maxNumberLength(64).build()).build());
            StaticFiles files = new StaticFiles();
            EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
            try {
                Channel channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                        .childHandler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                ch.pipeline().addLast(new IdleStateHandler(0, 0, IDLE_SECONDS),
                                        new HttpServerCodec(4096, 8192, 8192),
                                        new HttpObjectAggregator(MAX_BODY_BYTES),
                                        new HttpFront(settings, side, json, files));
                            }
                        })
                        .bind(new InetSocketAddress(loopback(), port)).syncUninterruptibly().channel();
                group.scheduleAtFixedRate(side::sampleSecond, 1, 1, TimeUnit.SECONDS);
                return new Explorer(settings, side, group, channel);
            } catch (RuntimeException e) {
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                String why = "cannot open explorer port " + port + ": " + e.getMessage();
                throw new java.io.UncheckedIOException(why, new java.io.IOException(why, e));
            }
        }

        private static InetAddress loopback() {
            try {
                return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
