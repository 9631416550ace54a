package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Handshake;
import dev.ecsloop.lockstep.wire.Message;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

/** A peer speaking the protocol by hand over a plain socket, to play a hostile player or a hostile host. */
final class RawPeer implements AutoCloseable {

    final Socket socket;
    final DataInputStream in;
    final OutputStream out;

    RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(20_000);
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects to a host on loopback. */
    static RawPeer connect(int port) throws IOException {
        return new RawPeer(new Socket(InetAddress.getLoopbackAddress(), port));
    }

    /** Answers the challenge as {@code name} knowing {@code secret}; returns the host's answer. */
    Message join(String secret, String build, String setup, String name, int version) throws IOException {
        Message.Challenge challenge = (Message.Challenge) read();
        byte[] nonce = Handshake.nonce();
        Message.Join unsigned = new Message.Join(version, build, setup, name, nonce, new byte[32]);
        write(new Message.Join(version, build, setup, name, nonce,
                new Handshake(secret).joinMac(challenge.nonce(), unsigned)));
        return read();
    }

    /** Joins the test match ({@link Match}'s secret, build and setup) as {@code name}, a spectator or not. */
    Message joinAs(String name, boolean spectator) throws IOException {
        String setup = LockstepMatchTest.CONFIG.setup(TestPeer.GAME_SETUP);
        Message.Challenge challenge = (Message.Challenge) read();
        byte[] nonce = Handshake.nonce();
        Message.Join unsigned = new Message.Join(Codec.VERSION, Match.BUILD, setup, name, spectator, nonce,
                new byte[32]);
        write(new Message.Join(Codec.VERSION, Match.BUILD, setup, name, spectator, nonce,
                new Handshake(Match.SECRET).joinMac(challenge.nonce(), unsigned)));
        return read();
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

    void write(Message m) throws IOException {
        ByteBuf b = Unpooled.buffer();
        b.writeInt(0);
        Codec.encode(m, b);
        b.setInt(0, b.readableBytes() - 4);
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        out.write(bytes);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
