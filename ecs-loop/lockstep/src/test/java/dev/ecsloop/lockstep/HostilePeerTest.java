package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a hostile peer can do with the other end's terminal, names, teams and lobby, over real loopback sockets:
 * text from the other end is shown escaped and named, names that hide or reorder text are refused, a seat's
 * commands reach the game as that seat's, idle sockets cannot keep a player out, and a stranger learns nothing
 * but "wrong secret".
 */
class HostilePeerTest {

    static final String SETUP = "hostile-test";
    static final String SECRET = "s3cret";
    /** Window title, clear screen, a fake line: what a terminal must never receive raw. */
    static final String NASTY = "\u001b]0;owned\u0007\u001b[2J\r\nerror: fake line\u009b31m";

    LockstepHost host;

    @BeforeEach
    void open() throws IOException {
        host = LockstepHost.open(PeerSettings.of("host", SECRET, "b", SETUP), InetAddress.getLoopbackAddress(), 0,
                2, 3);
    }

    @AfterEach
    void close() {
        host.close();
    }

    static void assertPrintable(String text) {
        assertNotNull(text);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            assertTrue(c >= 0x20 && c != 0x7f && !(c >= 0x80 && c < 0xa0), "raw control character "
                    + (int) c + " in: " + text.replaceAll("\\p{Cntrl}", "^"));
        }
    }

    @Test
    void aFakeHostsRefusalReachesTheJoinerEscaped() throws Exception {
        try (ServerSocket fake = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> serve = CompletableFuture.runAsync(() -> {
                try (RawPeer joiner = new RawPeer(fake.accept())) {
                    joiner.write(new Message.Challenge(Codec.VERSION, Handshake.nonce()));
                    joiner.read();
                    joiner.write(new Message.Refuse(NASTY));
                    joiner.in.read();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            LockstepRefusedException e = assertThrows(LockstepRefusedException.class, () -> LockstepClient.join(
                    PeerSettings.of("bob", SECRET, "b", SETUP), "127.0.0.1", fake.getLocalPort(),
                    Duration.ofSeconds(20)));
            assertTrue(e.getMessage().startsWith("refused by the host: "), e.getMessage());
            assertPrintable(e.getMessage());
            assertTrue(e.getMessage().contains("fake line"), e.getMessage());
            serve.get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void aStopFromAnAuthenticatedPeerIsNamedAndEscaped() throws Exception {
        try (RawPeer rogue = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Welcome.class, rogue.join(SECRET, "b", SETUP, "rogue", Codec.VERSION));
            PeerLink local = host.awaitStart(Duration.ofSeconds(10));
            ManualClock clock = new ManualClock();
            TestPeer.Game game = TestPeer.build(clock);
            LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), local,
                    LockstepConfig.defaults());
            List<String> reports = new ArrayList<>();
            session.onReport(reports::add);
            rogue.write(new Message.Stop(1, "desync at turn 40: host has 3f0c, rogue has 91aa " + NASTY));
            // Frames run the simulation to its horizon (the rogue sends no turns), where poll waits for messages.
            for (int i = 0; i < 2_000 && session.stopReason() == null; i++) {
                session.poll(TimeUnit.MILLISECONDS.toNanos(10));
                clock.advance(16_666_667L);
                game.loop().frame();
            }
            assertNotNull(session.stopReason(), "the stop never arrived");
            assertTrue(session.stopReason().startsWith("stopped by rogue: desync at turn 40"), session.stopReason());
            assertPrintable(session.stopReason());
            reports.forEach(HostilePeerTest::assertPrintable);
        }
    }

    @Test
    void aStopInAnotherSeatsNameGetsTheSenderDropped() throws Exception {
        try (RawPeer rogue = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Welcome.class, rogue.join(SECRET, "b", SETUP, "rogue", Codec.VERSION));
            PeerLink local = host.awaitStart(Duration.ofSeconds(10));
            rogue.write(new Message.Stop(0, "desync at turn 40: the host says so"));
            Message m = local.await(TimeUnit.SECONDS.toNanos(20));
            while (m instanceof Message.Start) {
                m = local.await(TimeUnit.SECONDS.toNanos(20));
            }
            Message.Drop drop = assertInstanceOf(Message.Drop.class, m);
            assertEquals(1, drop.peer());
            assertEquals("protocol error: sent a stop for seat 0", drop.reason());
        }
    }

    @Test
    void aDesyncProbeInAnotherSeatsNameOrAFloodOfThemGetsTheSenderDropped() throws Exception {
        assertEquals("protocol error: sent a desync diagnosis for seat 0",
                droppedFor(List.of(new Message.Probe(0, 3, 0, 0, new long[4]))));
        host.close();
        open();
        List<Message> flood = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            flood.add(new Message.Mismatch(1, 3 + i));
        }
        assertEquals("protocol error: more than 8 desync diagnosis messages", droppedFor(flood));
    }

    /** A rogue at seat 1 sends these; the reason the host drops it for. */
    private String droppedFor(List<Message> sent) throws Exception {
        try (RawPeer rogue = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Welcome.class, rogue.join(SECRET, "b", SETUP, "rogue", Codec.VERSION));
            PeerLink local = host.awaitStart(Duration.ofSeconds(10));
            for (Message m : sent) {
                rogue.write(m);
            }
            Message m = local.await(TimeUnit.SECONDS.toNanos(20));
            while (!(m instanceof Message.Drop) && m != null) {
                m = local.await(TimeUnit.SECONDS.toNanos(20));
            }
            Message.Drop drop = assertInstanceOf(Message.Drop.class, m);
            assertEquals(1, drop.peer());
            return drop.reason();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u202Eevil", "bo\u200Bb", " bob", "bob ", "\u2028bob", "bob\uD800"})
    void namesThatHideOrReorderTextAreRefused(String name) throws Exception {
        assertNotNull(PeerSettings.checkName(name), "accepted " + name);
        if (!new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(name)) {
            return; // a lone surrogate cannot cross the wire: UTF-8 turns it into '?'
        }
        try (RawPeer rogue = RawPeer.connect(host.port())) {
            Message answer = rogue.join(SECRET, "b", SETUP, name, Codec.VERSION);
            Message.Refuse refuse = assertInstanceOf(Message.Refuse.class, answer);
            assertPrintable(refuse.reason());
        }
    }

    @Test
    void plainNamesWithAccentsAndInnerSpacesAreFine() {
        assertEquals(null, PeerSettings.checkName("José de la Vega"));
        assertEquals(null, PeerSettings.checkName("李"));
    }

    @Test
    void aSeatsCommandsReachTheGameAsThatSeats() throws Exception {
        try (RawPeer rogue = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Welcome.class, rogue.join(SECRET, "b", SETUP, "rogue", Codec.VERSION));
            PeerLink local = host.awaitStart(Duration.ofSeconds(10));
            ManualClock clock = new ManualClock();
            TestPeer.Game game = TestPeer.build(clock);
            LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), local,
                    LockstepConfig.defaults());
            List<String> admitted = new ArrayList<>();
            // The game's rule: the team is the code, and seat s commands team s % 2.
            session.filter((seat, c) -> {
                admitted.add(seat + ":" + c.code());
                return c.code() == seat % 2 ? c : null;
            });
            long next = 3;
            for (int i = 0; i < 2_000 && game.loop().simulatedNanos() < 400_000_000L; i++) {
                while (next <= session.turn() + 3) { // team 0's orders, sent by seat 1, in step with the host
                    rogue.write(new Message.Turn(1, next++, List.of(new Command(1, 0, 5, 5, 0, 0))));
                }
                session.poll(TimeUnit.MILLISECONDS.toNanos(10));
                clock.advance(16_666_667L);
                game.loop().frame();
            }
            assertTrue(game.loop().simulatedNanos() >= 400_000_000L, "the match did not run");
            assertFalse(admitted.isEmpty());
            assertTrue(admitted.stream().allMatch(a -> a.equals("1:0")), admitted.toString());
            assertTrue(game.commands().seen.isEmpty(), "team 0 moved on seat 1's orders: " + game.commands().seen);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {LockstepHost.MAX_PENDING, 64})
    void idleSocketsDoNotKeepAPlayerOut(int idle) throws Exception {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < idle; i++) {
                sockets.add(new Socket(InetAddress.getLoopbackAddress(), host.port()));
            }
            try (PeerLink link = LockstepClient.join(PeerSettings.of("bob", SECRET, "b", SETUP), "127.0.0.1",
                    host.port(), Duration.ofSeconds(20))) {
                assertEquals(1, link.seat());
            }
            assertTrue(host.log().stream().anyMatch(l -> l.startsWith("evicted ")), host.log().toString());
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    /**
     * A stranger that reopens every socket as soon as the host closes it (from another address) cannot cycle a
     * player's join out before it arrives: the lobby evicts the oldest connection of the address holding the most,
     * so the stranger only evicts its own. (Evicting the oldest of all lost this race every time.)
     */
    @Test
    void socketsReopenedAsFastAsTheyCloseDoNotKeepAPlayerFromAnotherAddressOut() throws Exception {
        InetAddress other = InetAddress.getByName("127.0.0.2");
        try (SocketChannel probe = SocketChannel.open()) {
            probe.bind(new InetSocketAddress(other, 0));
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("no second loopback address here: " + e);
        }
        AtomicBoolean flooding = new AtomicBoolean(true);
        AtomicInteger reopened = new AtomicInteger();
        CountDownLatch full = new CountDownLatch(1);
        Thread flood = new Thread(() -> {
            SocketChannel[] sockets = new SocketChannel[2 * LockstepHost.MAX_PENDING];
            ByteBuffer sink = ByteBuffer.allocate(4096);
            try {
                while (flooding.get()) {
                    for (int i = 0; i < sockets.length; i++) {
                        sink.clear();
                        if (sockets[i] == null || sockets[i].read(sink) < 0) { // closed by the host: reopen at once
                            if (sockets[i] != null) {
                                sockets[i].close();
                                reopened.incrementAndGet();
                            }
                            sockets[i] = SocketChannel.open();
                            sockets[i].bind(new InetSocketAddress(other, 0));
                            sockets[i].connect(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                                    host.port()));
                            sockets[i].configureBlocking(false);
                        }
                    }
                    full.countDown();
                }
            } catch (IOException e) {
                // the host closed mid-connect: the test's end
            } finally {
                for (SocketChannel c : sockets) {
                    try {
                        if (c != null) {
                            c.close();
                        }
                    } catch (IOException ignored) {
                        // closing
                    }
                }
            }
        }, "flood");
        flood.start();
        try {
            assertTrue(full.await(20, TimeUnit.SECONDS), "the flood never filled the lobby");
            assertTrue(RejoinTest.waitFor(() -> reopened.get() > LockstepHost.MAX_PENDING),
                    "the host never closed the flood's sockets: " + host.log());
            try (PeerLink link = LockstepClient.join(PeerSettings.of("bob", SECRET, "b", SETUP), "127.0.0.1",
                    host.port(), Duration.ofSeconds(20))) {
                assertEquals(1, link.seat());
            }
            assertTrue(host.log().stream().anyMatch(l -> l.startsWith("evicted /127.0.0.2:")), host.log().toString());
        } finally {
            flooding.set(false);
            flood.join(10_000);
        }
    }

    @Test
    void aLinkClosedTwiceLogsNothing() throws Exception {
        List<java.util.logging.LogRecord> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger netty = java.util.logging.Logger.getLogger("io.netty");
        java.util.logging.Handler catcher = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        netty.addHandler(catcher);
        try {
            PeerLink link = LockstepClient.join(PeerSettings.of("bob", SECRET, "b", SETUP), "127.0.0.1", host.port(),
                    Duration.ofSeconds(20));
            link.close(); // the session's close ...
            link.close(); // ... then the caller's try-with-resources
        } finally {
            netty.removeHandler(catcher);
        }
        assertTrue(logged.stream().noneMatch(r -> r.getLevel().intValue() >= java.util.logging.Level.WARNING
                .intValue()), () -> logged.stream().map(r -> r.getMessage()).toList().toString());
    }

    @Test
    void theSecretIsCheckedBeforeTheVersion() throws Exception {
        try (RawPeer stranger = RawPeer.connect(host.port())) {
            Message answer = stranger.join("guess", "b", SETUP, "eve", Codec.VERSION + 7);
            assertEquals(new Message.Refuse("wrong secret"), answer);
        }
        try (RawPeer old = RawPeer.connect(host.port())) {
            Message answer = old.join(SECRET, "b", SETUP, "eve", Codec.VERSION - 1);
            assertEquals(new Message.Refuse("protocol version " + (Codec.VERSION - 1) + ", the host speaks version "
                    + Codec.VERSION), answer);
        }
    }
}
