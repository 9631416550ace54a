package dev.ecsloop.console;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A console client over a real loopback socket. Reads block for at most five seconds (the socket timeout), so
 * a broken server fails the test instead of hanging it.
 */
final class TestClient implements AutoCloseable {

    static final int TIMEOUT_MILLIS = 5_000;

    final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    TestClient(int port) throws IOException {
        socket = new Socket(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /**
     * Connects and authenticates: reads the greeting, sends the server's token and reads the welcome line, so the
     * next {@link #untilPrompt()} returns the lines before the first prompt.
     */
    static TestClient connect(ConsoleServer server) throws IOException {
        TestClient client = new TestClient(server.port());
        client.expectLine(ConsoleServer.GREETING);
        client.send("token " + server.token() + "\n");
        client.expectLine(ConsoleServer.WELCOME);
        return client;
    }

    /** Reads one line and checks it. */
    void expectLine(String expected) throws IOException {
        String line = readLine();
        if (!expected.equals(line)) {
            throw new IOException("expected '" + expected + "', got '" + line + "'");
        }
    }

    /** Reads one line, without its line break; null at the end of the stream. */
    String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(b);
        }
    }

    /** Reads up to and including the next prompt; returns the whole lines before it. */
    List<String> untilPrompt() throws IOException {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("server closed the connection after " + lines);
            }
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
                continue;
            }
            line.write(b);
            if (line.toString(StandardCharsets.UTF_8).equals(ConsoleSession.PROMPT)) {
                return lines;
            }
        }
    }

    /** Sends one command line and returns its reply lines. */
    List<String> command(String line) throws IOException {
        send(line + "\n");
        return untilPrompt();
    }

    void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads everything until the server closes the connection. */
    String readToEnd() throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** Disconnects abruptly: a TCP reset rather than an orderly close. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
