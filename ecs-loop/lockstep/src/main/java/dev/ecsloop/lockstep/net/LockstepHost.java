package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.FrameDecoder;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.lockstep.wire.MessageCodec;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.io.IOException;
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
 * handshake of the address that holds the most of them (logged), so sockets that never authenticate, even reopened
 * as fast as they close, cannot keep out a player from another address. Text a peer sends (a stop or
 * leave reason) is relayed only under the sender's seat. All state lives on one Netty thread.
 *
 * <p>This class owns the socket and the thread; the work is split by concern: {@code Seats} (who sits where),
 * {@code Lobby} (admission), {@code HostConnection} (one socket's events) and {@code TurnRelay} (the game).
 */
public final class LockstepHost implements AutoCloseable {

    /** Most connections in the handshake at once; one more evicts the oldest of the address holding the most. */
    public static final int MAX_PENDING = 16;
    /**
     * Most bytes waiting to be written to one player: a player that stops reading (or floods pings and never
     * reads the answers) is dropped when its backlog reaches this, instead of growing the host's memory.
     */
    public static final int MAX_BACKLOG = 1 << 20;
    /** Most spectators of one match. */
    public static final int MAX_SPECTATORS = Spectators.MAX;
    /** Longest reason a leaving player may give, in characters; the rest is cut. */
    static final int MAX_LEAVE_REASON = 60;

    private final PeerSettings settings;
    private final int players;
    private final EventLoopGroup group;
    private final EventLoop loop;
    private final Channel server;
    private final ByteCounter counter = new ByteCounter();
    private final Inbox localInbox = new Inbox();
    private final CountDownLatch started = new CountDownLatch(1);
    private final Seats seats;
    private final TurnRelay relay;
    private final Lobby lobby;
    /** Spectators that must have joined before the game starts (host thread only). */
    private int spectatorsFirst;
    /** Spectators watching, as of the last ping round or the start; read by any thread without waiting. */
    private volatile int watching;

    private LockstepHost(PeerSettings settings, InetAddress bind, int port, int players, int inputDelay, int ahead)
            throws IOException {
        if (players < 2 || players > Codec.MAX_PEERS) {
            throw new IllegalArgumentException("a game has 2 to " + Codec.MAX_PEERS + " players, not " + players);
        }
        if (inputDelay < 1) {
            throw new IllegalArgumentException("input delay must be at least 1 turn, was " + inputDelay);
        }
        this.settings = settings;
        this.players = players;
        this.seats = new Seats(players, settings.name());
        this.relay = new TurnRelay(settings, seats, localInbox, inputDelay, Math.max(inputDelay, ahead));
        this.lobby = new Lobby(settings, seats, relay);
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
                                    new MessageCodec(), new HostConnection(settings, lobby, seats, relay,
                                            LockstepHost.this::start, framer));
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
        return new LockstepHost(settings, bind, port, players, inputDelay, inputDelay);
    }

    /**
     * Listens for players of a game with these rules; with an adaptive input delay a peer may send up to its
     * ceiling ahead of the slowest player.
     *
     * @param settings the host player's identity, the secret, build and setup, timeouts
     * @param bind     the address to listen on
     * @param port     the TCP port, 0 for any free one
     * @param players  seats in all, the host's included: 2 to 8
     * @param rules    the game's rules (their input delay and its ceiling bound how far ahead a peer may send)
     * @return the host, listening
     * @throws IOException              if the address cannot be bound
     * @throws IllegalArgumentException if a count is out of range
     */
    public static LockstepHost open(PeerSettings settings, InetAddress bind, int port, int players,
                                    dev.ecsloop.lockstep.LockstepConfig rules) throws IOException {
        return new LockstepHost(settings, bind, port, players, rules.inputDelay(), rules.delayCeiling());
    }

    /**
     * Starts the game only once {@code n} spectators have joined too, not as soon as every seat is taken: a streamed
     * match, or a test that needs its spectator in. Call before the last player joins.
     *
     * @param n spectators to wait for, 0 to {@link #MAX_SPECTATORS}
     * @throws IllegalArgumentException if {@code n} is out of range
     */
    public void startAfterSpectators(int n) {
        if (n < 0 || n > MAX_SPECTATORS) {
            throw new IllegalArgumentException("a match waits for 0 to " + MAX_SPECTATORS + " spectators, not " + n);
        }
        call(() -> {
            spectatorsFirst = n;
            start();
            return null;
        });
    }

    /**
     * Starts the match once all but {@code n} seats are taken: the free seats stay open (their inputs empty: no
     * orders) and a player who joins the match under way takes one, catching up from a snapshot as a rejoin
     * does, and keeps it for the match. Default 0: the match starts with every seat taken and refuses new players
     * once started. Spectators may join at any time either way. Call before the last player joins.
     *
     * @param n seats that may be taken after the start, 0 to {@code players - 1}
     * @throws IllegalArgumentException if {@code n} is out of range
     */
    public void lateSeats(int n) {
        if (n < 0 || n >= players) {
            throw new IllegalArgumentException("a match of " + players + " seats leaves 0 to " + (players - 1)
                    + " of them for late joiners, not " + n);
        }
        call(() -> {
            lobby.allowLate(n);
            start();
            return null;
        });
    }

    /**
     * @return how many spectators watch the match, as of the start or the last ping round (at most one ping
     *         interval old); never waits, so a loop thread may show it every frame
     */
    public int spectators() {
        return watching;
    }

    /**
     * @param seat a seat
     * @return how the host names a seat left open for a late joiner until one takes it (a name no joiner may take)
     */
    public static String openSeatName(int seat) {
        return Seats.openName(seat);
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
     * Waits until every seat is taken (all but the {@link #lateSeats late seats}) and the game has started.
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

    /**
     * Makes this a match resumed from a snapshot at turn {@code turn} (every peer restores the same one and starts
     * its session with {@code LateStart.resume}): the relay expects the players' turns from there on. Call before
     * the last player joins.
     *
     * @param turn the snapshot's turn
     * @throws IllegalStateException if the match has started or the turn is negative
     */
    public void resumeAt(long turn) {
        call(() -> {
            relay.resumeAt(turn);
            return null;
        });
    }

    /** @return how many seats are taken, the host's included */
    public int seated() {
        return call(seats::seated);
    }

    /**
     * Sends every line the host logs from now on (joins, refusals, evictions, drops; see {@link #log()}) to
     * {@code sink} as well, as it is logged: a host's terminal can show who knocked. The sink runs on the host's
     * thread, so it must return at once; the lines carry what strangers sent (names, reasons), so escape them
     * before a terminal shows them, and bound them: a flood of strangers is a flood of lines.
     *
     * @param sink where the lines go
     */
    public void onLog(java.util.function.Consumer<String> sink) {
        java.util.Objects.requireNonNull(sink, "sink");
        call(() -> {
            seats.onNote(sink);
            return null;
        });
    }

    /**
     * Sends every line about a connection the lobby turns away from now on (refused: a wrong secret, another build
     * or setup, a taken name, no seat; evicted: the oldest handshake of the busiest address when too many are under
     * way) to {@code sink} as well: what a host's terminal shows of strangers, while the session reports the players'
     * joins, leaves and drops. As {@link #onLog}: the sink runs on the host's thread and must return at once, and the
     * lines carry what strangers sent, so escape and bound them.
     *
     * @param sink where the lines go
     */
    public void onTurnedAway(java.util.function.Consumer<String> sink) {
        java.util.Objects.requireNonNull(sink, "sink");
        call(() -> {
            seats.onTurnedAway(sink);
            return null;
        });
    }

    /** @return the lines the host logged (joins, refusals, drops), oldest first */
    public List<String> log() {
        return call(seats::log);
    }

    /**
     * Closes every connection once what was already sent to it is written (the last turns of a match, and the
     * host's reason for leaving, reach the players that are still playing them; see {@link GracefulClose}), then
     * stops the host's thread.
     */
    @Override
    public void close() {
        if (!group.isShuttingDown()) {
            try {
                loop.submit(() -> {
                    for (int s = 1; s < players; s++) {
                        Channel ch = seats.channel(s);
                        if (ch != null && ch.isActive()) {
                            GracefulClose.close(ch);
                        }
                    }
                    server.close();
                }).await(2, TimeUnit.SECONDS);
                for (int s = 1; s < players; s++) {
                    Channel ch = seats.channel(s);
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

    /** Every ping interval: probe round trips, and drop a seat that holds the game back past the stall timeout. */
    private void tick() {
        long now = settings.clock().nanoTime();
        for (int s = 1; s < players; s++) {
            Channel ch = seats.channel(s);
            if (ch != null && ch.isActive() && ch.isWritable()) {
                ch.writeAndFlush(new Message.Ping(now));
            }
        }
        relay.dropStalled(now);
        watching = relay.spectators().count();
    }

    /**
     * Starts the game once every seat is taken (all but the late seats) and the spectators asked for have joined;
     * wakes {@link #awaitStart}.
     */
    private void start() {
        if (relay.started() || seats.seated() < players - lobby.lateSeats()
                || relay.spectators().count() < spectatorsFirst) {
            return;
        }
        relay.start();
        watching = relay.spectators().count();
        started.countDown();
    }

    /** Seat 0's link: the host's own player, talking to the relay in process. */
    private final class LocalLink implements PeerLink {

        @Override
        public int seat() {
            return 0;
        }

        @Override
        public List<String> names() {
            return seats.names();
        }

        @Override
        public void send(Message message) {
            loop.execute(() -> relay.fromSeat(0, message));
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
            return seats.worstRtt();
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
}
