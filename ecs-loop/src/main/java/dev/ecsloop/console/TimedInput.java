package dev.ecsloop.console;

import dev.ecsloop.time.Clock;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A socket's input with two time limits: until {@link #idle} is called, the whole first line must arrive before
 * a deadline (so a client trickling a byte at a time cannot hold a connection open); after it, each read may
 * wait at most the idle time.
 */
final class TimedInput extends FilterInputStream {

    private final Socket socket;
    private final Clock clock;
    private final long deadline;
    private int idleMillis;

    TimedInput(Socket socket, Clock clock, long firstLineMillis) throws IOException {
        super(socket.getInputStream());
        this.socket = socket;
        this.clock = clock;
        this.deadline = clock.nanoTime() + firstLineMillis * 1_000_000L;
    }

    /** From now on, each read may wait at most {@code millis}. */
    void idle(int millis) {
        this.idleMillis = millis;
    }

    private void arm() throws IOException {
        if (idleMillis > 0) {
            socket.setSoTimeout(idleMillis);
            return;
        }
        long left = (deadline - clock.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new SocketTimeoutException("first line not sent in time");
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
    }

    @Override
    public int read() throws IOException {
        arm();
        return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        arm();
        return super.read(b, off, len);
    }
}
