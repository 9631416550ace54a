package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A player who knows the secret but breaks the rules, speaking the protocol by hand: the host drops it by name and
 * tells the others from which turn its inputs are empty; its memory never grows with what the rogue sends.
 */
class RoguePlayerTest {

    static final String SETUP = "rogue-test";
    LockstepHost host;
    Socket socket;
    DataInputStream in;
    OutputStream out;

    @BeforeEach
    void joinByHand() throws Exception {
        PeerSettings s = PeerSettings.of("host", "s3cret", "b", SETUP);
        host = LockstepHost.open(s, InetAddress.getLoopbackAddress(), 0, 2, 3);
        socket = new Socket(InetAddress.getLoopbackAddress(), host.port());
        socket.setSoTimeout(20_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        Message.Challenge challenge = (Message.Challenge) read();
        byte[] nonce = Handshake.nonce();
        Message.Join unsigned = new Message.Join(Codec.VERSION, "b", SETUP, "rogue", nonce, new byte[32]);
        write(new Message.Join(Codec.VERSION, "b", SETUP, "rogue", nonce,
                new Handshake("s3cret").joinMac(challenge.nonce(), unsigned)));
        assertTrue(read() instanceof Message.Welcome);
        assertTrue(read() instanceof Message.SeatToken, "the seat token follows the welcome");
        assertEquals(new Message.Start(List.of("host", "rogue")), readSkippingPings());
    }

    @AfterEach
    void close() throws IOException {
        socket.close();
        host.close();
    }

    Message read() throws IOException {
        int n = in.readInt();
        byte[] body = new byte[n];
        in.readFully(body);
        return Codec.decode(Unpooled.wrappedBuffer(body));
    }

    Message readSkippingPings() throws IOException {
        Message m = read();
        while (m instanceof Message.Ping) {
            m = read();
        }
        return m;
    }

    /** Appends {@code m} to {@code b} with its length in front, as the wire frames it. */
    static void writeFramed(ByteBuf b, Message m) {
        int at = b.writerIndex();
        b.writeInt(0);
        Codec.encode(m, b);
        b.setInt(at, b.writerIndex() - at - 4);
    }

    void write(Message m) throws IOException {
        ByteBuf b = Unpooled.buffer();
        writeFramed(b, m);
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        out.write(bytes);
        out.flush();
    }

    /** The host player's view: the drop notice, by seat, with its reason. */
    Message.Drop dropSeenByTheHostPlayer(PeerLink local) throws InterruptedException {
        long deadline = TimeUnit.SECONDS.toNanos(20);
        for (Message m = local.await(deadline); m != null; m = local.await(deadline)) {
            if (m instanceof Message.Drop d) {
                return d;
            }
        }
        return null;
    }

    @Test
    void turnsOutOfOrderGetTheRogueDroppedFromItsNextTurn() throws Exception {
        PeerLink local = host.awaitStart(Duration.ofSeconds(5));
        write(new Message.Turn(1, 3, List.of()));
        write(new Message.Turn(1, 5, List.of()));
        Message.Drop drop = dropSeenByTheHostPlayer(local);
        assertNotNull(drop);
        assertEquals(1, drop.peer());
        assertEquals(4, drop.fromTurn());
        assertEquals("protocol error: seat 1 sent turn 5, expected turn 4", drop.reason());
    }

    @Test
    void inputsForAnotherSeatGetTheRogueDropped() throws Exception {
        PeerLink local = host.awaitStart(Duration.ofSeconds(5));
        write(new Message.Turn(0, 3, List.of()));
        Message.Drop drop = dropSeenByTheHostPlayer(local);
        assertNotNull(drop);
        assertEquals("protocol error: sent a turn for seat 0", drop.reason());
    }

    /**
     * The dropped seat reads why, then the end of the stream. Its turns keep coming after the bad one (a buggy
     * client does not stop at its own error), so the host's socket still holds unread bytes when it drops the seat;
     * closing outright then resets the connection, and the reset throws away the drop message queued before it.
     */
    @Test
    void aDroppedRogueReadsItsOwnReasonBeforeTheEnd() throws Exception {
        host.awaitStart(Duration.ofSeconds(5));
        ByteBuf b = Unpooled.buffer();
        writeFramed(b, new Message.Turn(0, 3, List.of()));
        for (int turn = 3; turn < 20_000; turn++) { // a few hundred kB of well-formed turns after the bad one
            writeFramed(b, new Message.Turn(1, turn, List.of()));
        }
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        Thread writer = new Thread(() -> {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException closedByTheHost) {
                // the host may close before it has read them all
            }
        });
        writer.start();
        Message.Drop own = null;
        try {
            while (own == null) {
                if (read() instanceof Message.Drop d && d.peer() == 1) {
                    own = d;
                }
            }
            assertEquals(-1, in.read(), "the end of the stream follows the drop");
        } finally {
            writer.join(20_000);
        }
        assertEquals("protocol error: sent a turn for seat 0", own.reason());
    }

    @Test
    void hashesAheadOfItsInputsGetTheRogueDropped() throws Exception {
        PeerLink local = host.awaitStart(Duration.ofSeconds(5));
        write(new Message.Hash(1, 1_000_000, 0, 0));
        Message.Drop drop = dropSeenByTheHostPlayer(local);
        assertNotNull(drop);
        assertTrue(drop.reason().startsWith("protocol error: hash for turn 1000000"), drop.reason());
    }

    @Test
    void aRogueThatFloodsPingsAndNeverReadsIsDropped() throws Exception {
        PeerLink local = host.awaitStart(Duration.ofSeconds(5));
        ByteBuf b = Unpooled.buffer();
        for (int i = 0; i < 4096; i++) {
            b.writeInt(9);
            Codec.encode(new Message.Ping(i), b);
        }
        byte[] burst = new byte[b.readableBytes()];
        b.readBytes(burst);
        try {
            for (int i = 0; i < 2_000; i++) { // 106 MB of pings, never reading a pong
                out.write(burst);
            }
        } catch (IOException closedByTheHost) {
            // expected once the host gives up on it
        }
        Message.Drop drop = dropSeenByTheHostPlayer(local);
        assertNotNull(drop);
        assertTrue(drop.reason().startsWith("not reading"), drop.reason());
    }
}
