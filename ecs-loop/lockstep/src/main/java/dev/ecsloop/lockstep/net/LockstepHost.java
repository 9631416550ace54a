package dev.ecsloop.lockstep.net;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.FrameDecoder;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.lockstep.wire.MessageCodec;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The host of a lockstep game: it takes the seats (its own player is seat 0), checks every joiner's secret, build
 * and setup, and once every seat is taken starts the game and relays each peer's turns and hashes to all the
 * others in the order it received them. It has no authority over the simulation: it runs the same one as everybody
 * else, through its own {@link PeerLink}.
 *
 * <p>Fault rule: a peer whose connection closes, that stays silent for the stall timeout, or that holds the game
 * back (others have sent later turns) without sending its own inputs for the stall timeout is dropped. The host then
 * tells everyone from which turn on that seat's inputs are empty, and the others play on without it (its units
 * idle). Because the host relays in one order on one thread, every peer has received exactly the dropped seat's
 * turns before that one, so all of them agree on what it did.
 *
 * <p>A stranger gets a challenge and nothing else: frames over {@link Codec#MAX_HANDSHAKE_FRAME} bytes, anything
 * that is not a well-formed join, or no join within the handshake timeout closes the connection; at most
 * {@link #MAX_PENDING} handshakes run at once, and a connection beyond that evicts the oldest one still in the
 * handshake (logged), so sockets that never authenticate cannot keep a player out. Text a peer sends (a stop or
 * leave reason) is relayed only under the sender's seat. All state lives on one Netty thread.
 */
public final class LockstepHost implements AutoCloseable {

    /** Most connections in the handshake at once; one more evicts the oldest of them. */
    public static final int MAX_PENDING = 16;
    /**
     * Most bytes waiting to be written to one player: a player that stops reading (or floods pings and never
     * reads the answers) is dropped when its backlog reaches this, instead of growing the host's memory.
     */
    public static final int MAX_BACKLOG = 1 << 20;
    /** Longest reason a leaving player may give, in characters; the rest is cut. */
    static final int MAX_LEAVE_REASON = 60;

    private final PeerSettings settings;
    private final Handshake handshake;
    private final int players;
    private final int inputDelay;
    private final EventLoopGroup group;
    private final EventLoop loop;
    private final Channel server;
    private final ByteCounter counter = new ByteCounter();
    private final Inbox localInbox = new Inbox();
    private final String[] names;
    private final Channel[] channels;
    private final boolean[] playing;
    private final long[] lastProgress;
    private final long[] rtt;
    private final long[] lastHash;
    private final CountDownLatch started = new CountDownLatch(1);
    private final List<String> log = new ArrayList<>();
    private TurnBook relay;
    /** Connections still in the handshake, oldest first. */
    private final ArrayDeque<Channel> handshaking = new ArrayDeque<>();
    private boolean over;
    private volatile long worstRtt = -1;

    private LockstepHost(PeerSettings settings, InetAddress bind, int port, int players, int inputDelay)
            throws IOException {
        if (players < 2 || players > Codec.MAX_PEERS) {
            throw new IllegalArgumentException("a game has 2 to " + Codec.MAX_PEERS + " players, not " + players);
        }
        if (inputDelay < 1) {
            throw new IllegalArgumentException("input delay must be at least 1 turn, was " + inputDelay);
        }
        this.settings = settings;
        this.handshake = new Handshake(settings.secret());
        this.players = players;
        this.inputDelay = inputDelay;
        this.names = new String[players];
        this.channels = new Channel[players];
        this.playing = new boolean[players];
        this.lastProgress = new long[players];
        this.rtt = new long[players];
        this.lastHash = new long[players];
        java.util.Arrays.fill(lastHash, -1);
        names[0] = settings.name();
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.loop = group.next();
        try {
            this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                            new WriteBufferWaterMark(MAX_BACKLOG / 4, MAX_BACKLOG))
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            FrameDecoder framer = new FrameDecoder();
                            ch.pipeline().addLast(counter, new IdleStateHandler(
                                            settings.stallTimeout().toNanos(), 0, 0, TimeUnit.NANOSECONDS), framer,
                                    new MessageCodec(), new Connection(framer));
                            settings.pipelineHook().accept(ch.pipeline());
                        }
                    })
                    .bind(new InetSocketAddress(bind, port)).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IOException("cannot listen on " + bind.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        long every = settings.pingInterval().toNanos();
        loop.scheduleAtFixedRate(this::tick, every, every, TimeUnit.NANOSECONDS);
    }

    /**
     * Listens for players.
     *
     * @param settings   the host player's identity, the secret, build and setup, timeouts
     * @param bind       the address to listen on (loopback keeps the game on this machine)
     * @param port       the TCP port, 0 for any free one
     * @param players    seats in all, the host's included: 2 to 8
     * @param inputDelay the game's input delay in turns, which bounds how far ahead a peer may send
     * @return the host, listening
     * @throws IOException              if the address cannot be bound
     * @throws IllegalArgumentException if a count is out of range
     */
    public static LockstepHost open(PeerSettings settings, InetAddress bind, int port, int players, int inputDelay)
            throws IOException {
        return new LockstepHost(settings, bind, port, players, inputDelay);
    }

    /** @return the port listened on */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** @return the address listened on */
    public InetAddress address() {
        return ((InetSocketAddress) server.localAddress()).getAddress();
    }

    /**
     * Waits until every seat is taken and the game has started.
     *
     * @param timeout how long to wait
     * @return the host player's link
     * @throws TimeoutException     if seats are still free after {@code timeout}
     * @throws InterruptedException if interrupted
     */
    public PeerLink awaitStart(Duration timeout) throws TimeoutException, InterruptedException {
        if (!started.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new TimeoutException("no game after " + timeout.toSeconds() + " s: " + seated() + " of " + players
                    + " players joined");
        }
        return new LocalLink();
    }

    /** @return how many seats are taken, the host's included */
    public int seated() {
        return call(() -> {
            int n = 1;
            for (int s = 1; s < players; s++) {
                n += names[s] != null ? 1 : 0;
            }
            return n;
        });
    }

    /** @return the lines the host logged (joins, refusals, drops), oldest first */
    public List<String> log() {
        return call(() -> List.copyOf(log));
    }

    /**
     * Closes every connection once what was already sent to it is written (the last turns of a match reach the
     * players that are still playing them), then stops the host's thread.
     */
    @Override
    public void close() {
        if (!group.isShuttingDown()) {
            try {
                loop.submit(() -> {
                    for (Channel ch : channels) {
                        if (ch != null && ch.isActive()) {
                            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
                        }
                    }
                    server.close();
                }).await(2, TimeUnit.SECONDS);
                for (Channel ch : channels) {
                    if (ch != null) {
                        ch.closeFuture().await(2, TimeUnit.SECONDS);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private <T> T call(java.util.concurrent.Callable<T> task) {
        try {
            return loop.submit(task).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("host thread did not answer: " + e, e);
        }
    }

    private void note(String line) {
        log.add(line);
        if (log.size() > 1000) {
            log.remove(0);
        }
    }

    /** Every ping interval: probe round trips, and drop a seat that holds the game back past the stall timeout. */
    private void tick() {
        long now = settings.clock().nanoTime();
        for (int s = 1; s < players; s++) {
            if (channels[s] != null && channels[s].isActive() && channels[s].isWritable()) {
                channels[s].writeAndFlush(new Message.Ping(now));
            }
        }
        if (relay == null || over) {
            return;
        }
        long ahead = Long.MIN_VALUE;
        for (int s = 0; s < players; s++) {
            if (playing[s]) {
                ahead = Math.max(ahead, relay.received(s));
            }
        }
        for (int s = 0; s < players; s++) {
            if (playing[s] && relay.received(s) < ahead && now - lastProgress[s] > settings.stallTimeout().toNanos()) {
                drop(s, "stalled: no inputs for " + settings.stallTimeout().toMillis() + " ms while the others wait");
            }
        }
    }

    private void start() {
        List<String> all = List.of(names);
        relay = new TurnBook(players, inputDelay, false);
        long now = settings.clock().nanoTime();
        for (int s = 0; s < players; s++) {
            playing[s] = true;
            lastProgress[s] = now;
        }
        Message.Start start = new Message.Start(all);
        for (int s = 1; s < players; s++) {
            channels[s].writeAndFlush(start);
        }
        localInbox.offer(start);
        note("game started: " + String.join(", ", all));
        started.countDown();
    }

    /** A message from seat {@code seat} (0: the host's own player), on the host thread. */
    private void fromSeat(int seat, Message m) {
        if (!playing[seat]) {
            return;
        }
        if (m instanceof Message.Turn t) {
            if (t.peer() != seat) {
                drop(seat, "protocol error: sent a turn for seat " + t.peer());
                return;
            }
            try {
                relay.accept(seat, t.turn(), t.commands());
            } catch (IllegalArgumentException e) {
                drop(seat, "protocol error: " + e.getMessage());
                return;
            }
            lastProgress[seat] = settings.clock().nanoTime();
            relayFrom(seat, m);
        } else if (m instanceof Message.Hash h) {
            if (h.peer() != seat) {
                drop(seat, "protocol error: sent a hash for seat " + h.peer());
                return;
            }
            // A peer hashes checkpoint k once its simulation reaches turn k, which needs its own turn k - 1 sent:
            // at most one hash per turn, never ahead of its inputs.
            if (h.turn() <= lastHash[seat] || h.turn() > relay.received(seat) + 1) {
                drop(seat, "protocol error: hash for turn " + h.turn() + " after its hash for turn "
                        + lastHash[seat] + " and inputs to turn " + relay.received(seat));
                return;
            }
            lastHash[seat] = h.turn();
            relayFrom(seat, m);
        } else if (m instanceof Message.Stop s) {
            if (s.peer() != seat) {
                drop(seat, "protocol error: sent a stop for seat " + s.peer());
                return;
            }
            if (!over) {
                over = true;
                note("game stopped by " + names[seat] + ": " + Echo.printable(s.reason(), Codec.MAX_STRING));
                relayFrom(seat, m);
            }
        } else if (m instanceof Message.Leave l) {
            drop(seat, Echo.printable(l.reason(), MAX_LEAVE_REASON));
        } else if (m instanceof Message.Resume r) {
            if (r.peer() != seat) {
                drop(seat, "protocol error: sent a resume for seat " + r.peer());
                return;
            }
            relayFrom(seat, m);
        } else {
            drop(seat, "protocol error: sent " + m.getClass().getSimpleName() + " during the game");
        }
    }

    private void relayFrom(int seat, Message m) {
        for (int s = 0; s < players; s++) {
            if (s != seat && playing[s]) {
                to(s, m);
            }
        }
    }

    private void to(int seat, Message m) {
        if (seat == 0) {
            localInbox.offer(m);
        } else if (channels[seat] != null) {
            if (!channels[seat].isActive()) {
                return; // closing: its channelInactive drops it as disconnected
            }
            if (!channels[seat].isWritable() && playing[seat] && !(m instanceof Message.Drop)) {
                drop(seat, "not reading: " + MAX_BACKLOG + " bytes waiting for it");
                return;
            }
            channels[seat].writeAndFlush(m);
        }
    }

    /** Drops a seat: from the first turn not relayed yet, its inputs are empty everywhere. */
    private void drop(int seat, String reason) {
        if (!playing[seat]) {
            return;
        }
        playing[seat] = false;
        long from = relay.received(seat) + 1;
        relay.drop(seat, from);
        Message.Drop drop = new Message.Drop(seat, from, reason);
        note(names[seat] + " dropped from turn " + from + ": " + reason);
        for (int s = 0; s < players; s++) {
            if (s == seat || playing[s]) {
                to(s, drop);
            }
        }
        if (channels[seat] != null) {
            channels[seat].close();
        }
    }

    /** Seat 0's link: the host's own player, talking to the relay in process. */
    private final class LocalLink implements PeerLink {

        @Override
        public int seat() {
            return 0;
        }

        @Override
        public List<String> names() {
            return List.of(names);
        }

        @Override
        public void send(Message message) {
            loop.execute(() -> fromSeat(0, message));
        }

        @Override
        public Message poll() {
            return localInbox.poll();
        }

        @Override
        public Message await(long timeoutNanos) throws InterruptedException {
            return localInbox.await(timeoutNanos);
        }

        @Override
        public long rttNanos() {
            return worstRtt;
        }

        @Override
        public long bytes() {
            return counter.bytes();
        }

        @Override
        public void close() {
            LockstepHost.this.close();
        }
    }

    /** One remote peer's connection, from challenge to leaving. */
    private final class Connection extends SimpleChannelInboundHandler<Message> {

        private final FrameDecoder framer;
        private final byte[] nonce = Handshake.nonce();
        private int seat = -1;
        private boolean counted;

        Connection(FrameDecoder framer) {
            this.framer = framer;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (handshaking.size() >= MAX_PENDING) {
                Channel oldest = handshaking.pollFirst();
                note("evicted " + oldest.remoteAddress() + ": the oldest of " + MAX_PENDING
                        + " connections still in the handshake, for " + ctx.channel().remoteAddress());
                oldest.close();
            }
            handshaking.addLast(ctx.channel());
            counted = true;
            ctx.writeAndFlush(new Message.Challenge(Codec.VERSION, nonce));
            ctx.executor().schedule(() -> {
                if (seat < 0) {
                    ctx.close();
                }
            }, settings.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            handshakeOver(ctx);
            if (seat > 0 && relay != null) {
                drop(seat, "disconnected");
            } else if (seat > 0) {
                note(names[seat] + " left before the game started");
                names[seat] = null;
                channels[seat] = null;
            }
        }

        private void handshakeOver(ChannelHandlerContext ctx) {
            if (counted) {
                counted = false;
                handshaking.remove(ctx.channel());
            }
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Message m) {
            if (seat >= 0) {
                if (m instanceof Message.Ping p) {
                    if (ctx.channel().isActive() && !ctx.channel().isWritable()) {
                        if (relay != null) {
                            drop(seat, "not reading: " + MAX_BACKLOG + " bytes waiting for it");
                        }
                        ctx.close();
                        return;
                    }
                    ctx.writeAndFlush(new Message.Pong(p.nanos()));
                } else if (m instanceof Message.Pong p) {
                    rtt[seat] = settings.clock().nanoTime() - p.nanos();
                    long worst = -1;
                    for (long r : rtt) {
                        worst = Math.max(worst, r);
                    }
                    worstRtt = worst;
                } else if (relay != null) {
                    fromSeat(seat, m);
                } else {
                    ctx.close();
                }
                return;
            }
            if (!(m instanceof Message.Join join)) {
                ctx.close();
                return;
            }
            String refusal = check(join);
            if (refusal != null) {
                note("refused " + ctx.channel().remoteAddress() + ": " + refusal);
                ctx.writeAndFlush(new Message.Refuse(refusal)).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            int free = 1;
            while (names[free] != null) {
                free++;
            }
            seat = free;
            names[seat] = join.name();
            channels[seat] = ctx.channel();
            handshakeOver(ctx);
            framer.admit();
            ctx.writeAndFlush(new Message.Welcome(seat, handshake.hostMac(nonce, join.nonce())));
            note(join.name() + " joined at seat " + seat + " from " + ctx.channel().remoteAddress());
            boolean full = true;
            for (String n : names) {
                full &= n != null;
            }
            if (full) {
                start();
            }
        }

        /** What is wrong with a join, or null. The secret first: a stranger learns nothing else. */
        private String check(Message.Join join) {
            if (!Handshake.same(join.mac(), handshake.joinMac(nonce, join))) {
                return "wrong secret";
            }
            if (join.version() != Codec.VERSION) {
                return "protocol version " + join.version() + ", the host speaks version " + Codec.VERSION;
            }
            if (!join.build().equals(settings.build())) {
                return "built differently: the host runs build " + settings.build() + ", you run build "
                        + join.build();
            }
            if (!join.setup().equals(settings.setup())) {
                return "another setup: the host plays '" + settings.setup() + "', you asked for '" + join.setup()
                        + "'";
            }
            String badName = PeerSettings.checkName(join.name());
            if (badName != null) {
                return badName;
            }
            for (String n : names) {
                if (join.name().equals(n)) {
                    return "the name '" + join.name() + "' is taken";
                }
            }
            if (relay != null) {
                return "the game has started";
            }
            return null;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof IdleStateEvent) {
                if (seat > 0 && relay != null) {
                    drop(seat, "silent for " + settings.stallTimeout().toMillis() + " ms");
                }
                ctx.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            String why = cause instanceof IOException ? "disconnected (" + cause.getMessage() + ")"
                    : "protocol error: " + cause.getMessage();
            if (seat > 0 && relay != null) {
                drop(seat, why);
            } else {
                note("closed " + ctx.channel().remoteAddress() + ": " + why);
            }
            ctx.close();
        }
    }
}
