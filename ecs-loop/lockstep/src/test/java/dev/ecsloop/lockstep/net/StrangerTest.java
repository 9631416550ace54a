package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Strangers on the host's port: HTTP, oversized frames, garbage, silence and a flood of connections are closed
 * without harm, and a real player still gets in afterwards; joiners with the wrong secret, another build or another
 * setup are refused with one line.
 */
class StrangerTest {

    static final String SETUP = "stranger-test | lockstep turn=50000000ns delay=3 hash=20";
    LockstepHost host;

    @BeforeEach
    void open() throws IOException {
        PeerSettings s = new PeerSettings("host", "s3cret", "build-1", SETUP, Duration.ofSeconds(30),
                Duration.ofMillis(300), Duration.ofMillis(500), dev.ecsloop.time.Clock.system(), p -> { }, line -> { });
        host = LockstepHost.open(s, InetAddress.getLoopbackAddress(), 0, 2, 3);
    }

    @AfterEach
    void close() {
        host.close();
    }

    /** Sends bytes as a stranger and reads until the host closes; returns what the host sent. */
    byte[] strangerSends(byte[] bytes) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), host.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(bytes);
                out.flush();
            } catch (SocketException closedEarly) {
                // The host may close before all of it is written: that is the point.
            }
            return readToEnd(s.getInputStream());
        }
    }

    static byte[] readToEnd(InputStream in) throws IOException {
        try {
            return in.readAllBytes();
        } catch (SocketException reset) {
            return new byte[0];
        }
    }

    @Test
    void anHttpRequestIsClosedAfterTheChallenge() throws Exception {
        byte[] got = strangerSends("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertChallengeOnly(got);
        assertARealPlayerStillJoins();
    }

    @Test
    void anOversizedFrameIsClosedBeforeItsBodyIsRead() throws Exception {
        byte[] huge = new byte[4 + 1000];
        huge[0] = 0x7f;
        huge[1] = (byte) 0xff;
        huge[2] = (byte) 0xff;
        huge[3] = (byte) 0xff;
        assertChallengeOnly(strangerSends(huge));
        byte[] justOver = new byte[4 + Codec.MAX_HANDSHAKE_FRAME + 1];
        ByteBuf b = Unpooled.wrappedBuffer(justOver);
        b.setInt(0, Codec.MAX_HANDSHAKE_FRAME + 1);
        assertChallengeOnly(strangerSends(justOver));
        assertARealPlayerStillJoins();
    }

    @Test
    void garbageInAnyShapeIsClosed() throws Exception {
        Random r = new Random(5);
        for (int i = 0; i < 20; i++) {
            byte[] junk = new byte[1 + r.nextInt(300)];
            r.nextBytes(junk);
            if (i % 2 == 0 && junk.length > 8) { // a plausible length, then nonsense
                Unpooled.wrappedBuffer(junk).setInt(0, junk.length - 4);
            }
            byte[] got = strangerSends(junk);
            assertTrue(got.length <= 4 + 1 + 4 + 4 + Codec.NONCE_BYTES + 300, "host sent " + got.length + " bytes");
        }
        assertARealPlayerStillJoins();
    }

    @Test
    void aSilentStrangerIsClosedAfterTheHandshakeTimeout() throws Exception {
        assertChallengeOnly(strangerSends(new byte[0]));
        assertARealPlayerStillJoins();
    }

    @Test
    void aFloodOfConnectionsDoesNotKeepAPlayerOut() throws Exception {
        List<Socket> flood = new ArrayList<>();
        try {
            for (int i = 0; i < 3 * LockstepHost.MAX_PENDING; i++) {
                flood.add(new Socket(InetAddress.getLoopbackAddress(), host.port()));
            }
            for (Socket s : flood) {
                s.setSoTimeout(20_000);
                assertTrue(readToEnd(s.getInputStream()).length <= 4 + 1 + 8 + Codec.NONCE_BYTES);
            }
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
        assertARealPlayerStillJoins();
    }

    @Test
    void aWrongSecretIsRefusedInOneLine() {
        PeerSettings s = PeerSettings.of("eve", "guess", "build-1", SETUP);
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(20)));
        assertEquals("refused by the host: wrong secret", e.getMessage());
    }

    /** The lines a host's terminal shows of strangers: each refusal and eviction, and not the players' joins. */
    @Test
    void theTurnedAwaySinkGetsRefusalsAndEvictionsOnly() throws Exception {
        host.close(); // this one's handshakes may last 5 s, so the flood is evicted, not timed out
        host = LockstepHost.open(PeerSettings.of("host", "s3cret", "build-1", SETUP), InetAddress.getLoopbackAddress(),
                0, 2, 3);
        List<String> turnedAway = new java.util.concurrent.CopyOnWriteArrayList<>();
        host.onTurnedAway(turnedAway::add);
        assertThrows(LockstepRefusedException.class, () -> LockstepClient.join(
                PeerSettings.of("eve", "guess", "build-1", SETUP), "127.0.0.1", host.port(), Duration.ofSeconds(20)));
        List<Socket> flood = new ArrayList<>();
        try {
            for (int i = 0; i < LockstepHost.MAX_PENDING + 2; i++) {
                flood.add(new Socket(InetAddress.getLoopbackAddress(), host.port()));
            }
            for (Socket s : flood.subList(0, 2)) { // the two oldest are evicted: the host closes them
                s.setSoTimeout(20_000);
                readToEnd(s.getInputStream());
            }
        } finally {
            for (Socket s : flood) {
                s.close();
            }
        }
        assertARealPlayerStillJoins();
        assertTrue(turnedAway.get(0).matches("refused /127\\.0\\.0\\.1:\\d+: wrong secret"), turnedAway.toString());
        assertTrue(turnedAway.stream().skip(1).allMatch(l -> l.startsWith("evicted /127.0.0.1:")), turnedAway.toString());
        assertTrue(turnedAway.size() >= 3, "no eviction was handed on: " + turnedAway);
        assertTrue(host.log().stream().anyMatch(l -> l.startsWith("bob joined at seat 1")), host.log().toString());
    }

    @Test
    void anotherBuildIsRefusedInOneLine() {
        PeerSettings s = PeerSettings.of("bob", "s3cret", "build-2", SETUP);
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(20)));
        assertEquals("refused by the host: built differently: the host runs build build-1, you run build build-2",
                e.getMessage());
    }

    @Test
    void anotherSetupIsRefusedInOneLine() {
        PeerSettings s = PeerSettings.of("bob", "s3cret", "build-1", "stranger-test | lockstep turn=1ns");
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(20)));
        assertEquals("refused by the host: another setup: the host's has 'turn=50000000ns delay=3 hash=20' where "
                + "yours has 'turn=1ns' (the host plays '" + SETUP + "')", e.getMessage());
    }

    @Test
    void theHostsOwnNameIsTaken() {
        PeerSettings s = PeerSettings.of("host", "s3cret", "build-1", SETUP);
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(20)));
        assertEquals("refused by the host: the name 'host' is taken", e.getMessage());
    }

    @Test
    void nobodyListeningIsOneLine() throws IOException {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        PeerSettings s = PeerSettings.of("bob", "s3cret", "build-1", SETUP);
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(s, "127.0.0.1", port, Duration.ofSeconds(20)));
        assertTrue(e.getMessage().contains("127.0.0.1"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    /** The host's first frame is its challenge; after garbage it sends nothing else and closes. */
    static void assertChallengeOnly(byte[] got) {
        int challenge = 4 + 1 + 4 + 4 + Codec.NONCE_BYTES;
        assertEquals(challenge, got.length, "bytes from the host");
        ByteBuf b = Unpooled.wrappedBuffer(got);
        assertEquals(challenge - 4, b.readInt());
        assertTrue(Codec.decode(b) instanceof dev.ecsloop.lockstep.wire.Message.Challenge);
    }

    void assertARealPlayerStillJoins() throws Exception {
        PeerSettings s = PeerSettings.of("bob", "s3cret", "build-1", SETUP);
        try (PeerLink link = LockstepClient.join(s, "127.0.0.1", host.port(), Duration.ofSeconds(20))) {
            assertEquals(1, link.seat());
            assertEquals(List.of("host", "bob"), link.names());
        }
    }
}
