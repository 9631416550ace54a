package dev.ecsloop.lockstep.net;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.FrameDecoder;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.lockstep.wire.MessageCodec;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Joins a {@link LockstepHost}'s game: answers the challenge with an HMAC under the shared secret, checks that the
 * host knows the secret too, waits for every seat to fill, and from then on hands the host's relayed messages to
 * the loop thread. Losing the host (connection closed, or silent for the stall timeout) is handed on as a
 * {@link Message.Lost} naming the host: without the relay no more inputs come, so the game ends for this peer once
 * it has played the turns it holds.
 */
public final class LockstepClient {

    /** The first wait before a refused or unanswered try is made again; it doubles up to {@link #RETRY_MOST_MILLIS}. */
    private static final long RETRY_FIRST_MILLIS = 50;
    /** The longest wait between two tries while nobody listens or answers at the host's address. */
    private static final long RETRY_MOST_MILLIS = 500;

    private LockstepClient() {
    }

    /**
     * Connects and waits for the game to start. A joiner may be started before its host: while nobody listens or
     * answers at the address, the connection is tried again within the timeout, each try given the settings'
     * handshake timeout (the first failure of each kind is told to the settings' {@link PeerSettings#notices}).
     *
     * @param settings this player's identity, the secret, build and setup, timeouts
     * @param host     the host's address
     * @param port     the host's port
     * @param timeout  how long to wait for the connection, the handshake and the other players together
     * @return the link, once the game has started
     * @throws LockstepRefusedException if the host cannot be reached (an unknown name, or nobody listened or
     *                                  answered there within the timeout), refuses (the reason is the host's line),
     *                                  does not prove it knows the secret, or the game does not start in time
     * @throws InterruptedException     if interrupted while waiting
     */
    public static PeerLink join(PeerSettings settings, String host, int port, Duration timeout)
            throws LockstepRefusedException, InterruptedException {
        return connect(settings, host, port, timeout, false, null);
    }

    /**
     * As {@link #join}, keeping this seat's token in {@code tokens} ({@link SeatTokens#file} says where); if a
     * token of this host, port and name is kept there already, reclaims that seat in the match under way instead
     * (the link's {@link PeerLink#rejoining()} is then true). A token of an earlier match joins as a new player.
     *
     * @param settings this player's identity, the secret, build and setup, timeouts
     * @param host     the host's address
     * @param port     the host's port
     * @param timeout  how long to wait for the connection, the handshake and the other players together
     * @param tokens   where seat tokens are kept
     * @return the link, once the game has started (or the seat is reclaimed)
     * @throws LockstepRefusedException as {@link #join}; also if the token file is damaged, cannot be written, or
     *                                  the host refuses the token (one line each)
     * @throws InterruptedException     if interrupted while waiting
     */
    public static PeerLink join(PeerSettings settings, String host, int port, Duration timeout, SeatTokens tokens)
            throws LockstepRefusedException, InterruptedException {
        return connect(settings, host, port, timeout, false, java.util.Objects.requireNonNull(tokens, "tokens"));
    }

    /**
     * Connects as a spectator and waits for the game to start: the link's {@link PeerLink#seat()} is -1, it sends
     * nothing but its leave, and it receives everything the host relays to the players, in the same order. Spectators
     * join at any time (at most 16); one that joins a match under way gets a link whose {@link PeerLink#rejoining()}
     * is true and catches up from the host player's snapshot ({@code LateStart.rejoin}). The host drops a spectator
     * that does not keep up rather than wait for it.
     *
     * @param settings this spectator's name, the secret, build and setup, timeouts
     * @param host     the host's address
     * @param port     the host's port
     * @param timeout  how long to wait for the connection, the handshake and the players together
     * @return the link, once the game has started
     * @throws LockstepRefusedException as {@link #join}; also if no spectator fits
     * @throws InterruptedException     if interrupted while waiting
     */
    public static PeerLink spectate(PeerSettings settings, String host, int port, Duration timeout)
            throws LockstepRefusedException, InterruptedException {
        return connect(settings, host, port, timeout, true, null);
    }

    private static PeerLink connect(PeerSettings settings, String host, int port, Duration timeout,
                                    boolean spectator, SeatTokens tokens)
            throws LockstepRefusedException, InterruptedException {
        SeatTokens.Token token;
        try {
            token = tokens == null ? null : tokens.read(host, port, settings.name()).orElse(null);
        } catch (java.io.IOException e) {
            throw new LockstepRefusedException(e.getMessage());
        }
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        ClientLink link = new ClientLink(settings, group, spectator);
        link.keep = tokens == null ? null : t -> tokens.keep(host, port, settings.name(), t);
        link.token = token;
        try {
            Bootstrap boot = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, // one try
                            Math.min(timeout.toMillis(), settings.handshakeTimeout().toMillis())))
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            link.framer = new FrameDecoder(); // one a connection: a refused one kept its own
                            ch.pipeline().addLast(link.counter, new IdleStateHandler(
                                            settings.stallTimeout().toNanos(), 0, 0, TimeUnit.NANOSECONDS),
                                    link.framer, new MessageCodec(), link.new Handler());
                            settings.pipelineHook().accept(ch.pipeline());
                        }
                    });
            dial(boot, host, port, link, 0);
            return link.started.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            link.close();
            throw new LockstepRefusedException(e.getCause().getMessage());
        } catch (TimeoutException e) {
            link.close();
            Unreached unreached = link.unreached;
            throw new LockstepRefusedException(unreached != null && link.channel == null
                    ? "cannot reach " + where(host, port) + ": " + unreached.gaveUp + " " + seconds(timeout)
                    : "no game from " + where(host, port) + " within " + seconds(timeout));
        } catch (RuntimeException e) {
            link.close();
            throw new LockstepRefusedException("cannot join " + where(host, port) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            link.close();
            throw e;
        }
    }

    /**
     * Connects. While nobody listens at the address (the host may still be building its game, or was started after
     * this joiner) or nothing answers there within a try's time (the handshake timeout), tries again, soon at first
     * and then every {@value #RETRY_MOST_MILLIS} ms, until the join's timeout closes the link; each new kind of
     * failure is told to {@link PeerSettings#notices} once. Any other failure (an unknown host name, no route) ends
     * the join at once.
     */
    private static void dial(Bootstrap boot, String host, int port, ClientLink link, int attempt) {
        boot.connect(host, port).addListener(f -> {
            if (f.isSuccess() || link.started.isDone()) {
                return;
            }
            Throwable cause = f.cause();
            Unreached why = Unreached.of(cause);
            if (why == null) {
                link.started.completeExceptionally(new LockstepRefusedException("cannot reach " + where(host, port)
                        + ": " + (cause instanceof java.net.UnknownHostException ? "no such host name"
                        : cause.getMessage())));
                return;
            }
            if (link.unreached != why) {
                link.unreached = why;
                link.settings.notices().accept(String.format(why.notice, where(host, port)));
            }
            long wait = Math.min(RETRY_MOST_MILLIS, RETRY_FIRST_MILLIS << Math.min(attempt, 8));
            try {
                link.group.schedule(() -> dial(boot, host, port, link, attempt + 1), wait, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                // the join gave up and closed the link meanwhile
            }
        });
    }

    /** A failed try at connecting that a later try may get past: the host may not be there yet. */
    enum Unreached {
        /** Nobody listens at the address: the host is not started yet, or builds its game first. */
        REFUSED("nobody listens at %s yet (connection refused); trying again until the host does",
                "nobody listened there within"),
        /** Nothing answered: a firewall that drops what it is sent, or no machine at the address. */
        SILENT("no answer from %s yet (the connection timed out: a firewall, or no machine there?); trying again "
                + "until the host answers", "nothing answered there within");

        /** The line told to the notices, with the address for {@code %s}. */
        final String notice;
        /** What the join's refusal says once its timeout passed, before how long that was. */
        final String gaveUp;

        Unreached(String notice, String gaveUp) {
            this.notice = notice;
            this.gaveUp = gaveUp;
        }

        /**
         * @param cause why a try at connecting failed
         * @return what kind of failure a later try may get past, or null if none will (an unknown name, no route)
         */
        static Unreached of(Throwable cause) {
            if (!(cause instanceof ConnectException)) {
                return null;
            }
            boolean refused = !(cause instanceof ConnectTimeoutException)
                    && String.valueOf(cause.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("refused");
            return refused ? REFUSED : SILENT;
        }
    }

    /** @return the address as typed: an IPv6 address in brackets, so that its port stays apart */
    private static String where(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }

    /** Keeps a seat token where the same command finds it again. */
    private interface TokenSink {
        void keep(SeatTokens.Token token) throws java.io.IOException;
    }

    /** The client's side of the game. */
    private static final class ClientLink implements PeerLink {

        private final PeerSettings settings;
        private final Handshake handshake;
        private final EventLoopGroup group;
        private final ByteCounter counter = new ByteCounter();
        /** The connection's framer, made with its pipeline (each try at connecting has one). */
        private volatile FrameDecoder framer;
        private final Inbox inbox = new Inbox();
        private final CompletableFuture<PeerLink> started = new CompletableFuture<>();
        private final byte[] nonce = Handshake.nonce();
        private volatile Channel channel;
        private volatile int seat = -1;
        private volatile List<String> names = List.of();
        private volatile long rtt = -1;
        private volatile boolean closing;
        private boolean closed;
        private byte[] hostNonce;
        private final boolean spectator;
        private volatile boolean welcomed;
        /** Where a seat token from the host goes; null: not kept. */
        private TokenSink keep;
        /** The seat token this join reclaims a seat with; null: a plain join. */
        private SeatTokens.Token token;
        private volatile boolean rejoining;
        /** How the last try at connecting failed, if a later try may get past it; null before any failed. */
        private volatile Unreached unreached;
        /** Whether the host's seat token (a spectator's: its "under way") came. */
        private boolean tokenSeen;

        ClientLink(PeerSettings settings, EventLoopGroup group, boolean spectator) {
            this.spectator = spectator;
            this.settings = settings;
            this.handshake = new Handshake(settings.secret());
            this.group = group;
        }

        @Override
        public int seat() {
            return seat;
        }

        @Override
        public List<String> names() {
            return names;
        }

        @Override
        public void send(Message message) {
            Channel ch = channel;
            if (ch != null && (!spectator || message instanceof Message.Leave)) {
                ch.writeAndFlush(message);
            }
        }

        @Override
        public Message poll() {
            return inbox.poll();
        }

        @Override
        public Message await(long timeoutNanos) throws InterruptedException {
            return inbox.await(timeoutNanos);
        }

        @Override
        public long rttNanos() {
            return rtt;
        }

        @Override
        public long bytes() {
            return counter.bytes();
        }

        @Override
        public boolean rejoining() {
            return rejoining;
        }

        /**
         * Leaves once what was already sent is written: the host gets this player's last turns. A second call does
         * nothing (a session's close and the caller's try-with-resources both close the link).
         */
        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            closing = true;
            Channel ch = channel;
            if (ch != null) {
                ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
                ch.closeFuture().awaitUninterruptibly(2, TimeUnit.SECONDS);
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }

        private String hostName() {
            return names.isEmpty() || names.get(0).equals("host") ? "the host" : "the host " + names.get(0);
        }

        private void lost(String why) {
            if (!started.isDone()) {
                started.completeExceptionally(new LockstepRefusedException(why));
            } else if (!closing) {
                inbox.offer(new Message.Lost("lost " + hostName() + ": " + why));
            }
        }

        /** The connection's handler, on the client's Netty thread. */
        private final class Handler extends SimpleChannelInboundHandler<Message> {

            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                channel = ctx.channel();
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                lost(!welcomed ? "the host closed the connection during the handshake (it may be busy: try again)"
                        : "disconnected");
            }

            @Override
            protected void channelRead0(ChannelHandlerContext ctx, Message m) {
                if (m instanceof Message.Ping p) {
                    ctx.writeAndFlush(new Message.Pong(p.nanos()));
                } else if (m instanceof Message.Pong p) {
                    rtt = settings.clock().nanoTime() - p.nanos();
                } else if (hostNonce == null) {
                    if (!(m instanceof Message.Challenge c) || c.version() != Codec.VERSION) {
                        fail(ctx, m instanceof Message.Challenge c ? "the host speaks protocol version "
                                + c.version() + ", this build speaks " + Codec.VERSION : "not a lockstep host");
                        return;
                    }
                    hostNonce = c.nonce();
                    Message.Join unsigned = new Message.Join(Codec.VERSION, settings.build(), settings.setup(),
                            settings.name(), spectator, nonce, new byte[Codec.NONCE_BYTES]);
                    Message.Join join = new Message.Join(Codec.VERSION, settings.build(), settings.setup(),
                            settings.name(), spectator, nonce, handshake.joinMac(hostNonce, unsigned));
                    ctx.writeAndFlush(token == null ? join : new Message.Rejoin(join, token.match(),
                            SeatTokens.proof(token.token(), hostNonce, nonce, settings.name())));
                } else if (m instanceof Message.Refuse r) {
                    fail(ctx, "refused by the host: " + Echo.printable(r.reason(), Codec.MAX_STRING));
                } else if (!welcomed) {
                    if (!(m instanceof Message.Welcome w)) {
                        fail(ctx, "the host broke the handshake");
                        return;
                    }
                    if (!Handshake.same(w.mac(), handshake.hostMac(hostNonce, nonce))) {
                        fail(ctx, "the host does not know the secret");
                        return;
                    }
                    framer.admit();
                    welcomed = true;
                    seat = spectator ? -1 : w.peer();
                    long every = settings.pingInterval().toNanos();
                    ctx.executor().scheduleAtFixedRate(() -> ctx.writeAndFlush(
                            new Message.Ping(settings.clock().nanoTime())), 0, every, TimeUnit.NANOSECONDS);
                } else if (m instanceof Message.SeatToken t && !started.isDone()) {
                    // A player's token comes before the Start, unless the match is under way; a spectator gets
                    // one only when the match is under way. Either way a catch-up follows.
                    boolean late = spectator || names.size() > 0;
                    rejoining = late || token != null && Handshake.same(t.match(), token.match());
                    if (keep != null && !spectator) {
                        try {
                            keep.keep(new SeatTokens.Token(t.match(), t.token()));
                        } catch (java.io.IOException e) {
                            fail(ctx, "cannot keep the seat token: " + e.getMessage());
                            return;
                        }
                    }
                    tokenSeen = true;
                    if (!spectator && names.size() > 0) {
                        started.complete(ClientLink.this);
                    }
                } else if (!started.isDone()) {
                    if (!(m instanceof Message.Start s) || s.names().size() <= seat || names.size() > 0) {
                        fail(ctx, "the host broke the handshake");
                        return;
                    }
                    for (String name : s.names()) {
                        if (PeerSettings.checkName(name) != null) {
                            fail(ctx, "the host sent a bad player name: " + PeerSettings.checkName(name));
                            return;
                        }
                    }
                    names = s.names();
                    if (spectator || tokenSeen) {
                        started.complete(ClientLink.this); // a player without its token yet joined late: wait
                    }
                } else if (m instanceof Message.Turn || m instanceof Message.Hash || m instanceof Message.Drop
                        || m instanceof Message.Stop || m instanceof Message.Resume || m instanceof Message.Mismatch
                        || m instanceof Message.Probe || m instanceof Message.Fields
                        || m instanceof Message.Catchup || m instanceof Message.Rejoined
                        || m instanceof Message.Seated) {
                    inbox.offer(m);
                } else {
                    inbox.offer(new Message.Lost("protocol error from " + hostName() + ": "
                            + m.getClass().getSimpleName() + " during the game"));
                    closing = true;
                    ctx.close();
                }
            }

            private void fail(ChannelHandlerContext ctx, String why) {
                started.completeExceptionally(new LockstepRefusedException(why));
                closing = true;
                ctx.close();
            }

            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                if (evt instanceof IdleStateEvent) {
                    lost(hostNonce == null ? "no answer for " + settings.stallTimeout().toMillis()
                            + " ms: not a lockstep host, or a link that drops what it is sent"
                            : "silent for " + settings.stallTimeout().toMillis() + " ms");
                    closing = true;
                    ctx.close();
                }
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                lost(cause instanceof java.io.IOException ? "disconnected (" + cause.getMessage() + ")"
                        : "protocol error: " + cause.getMessage());
                closing = true;
                ctx.close();
            }
        }
    }
}
