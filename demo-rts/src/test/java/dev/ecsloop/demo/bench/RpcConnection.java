package dev.ecsloop.demo.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection to the explorer, as a benchmark client: it writes a JSON-RPC request and
 * reads the whole answer, with no HTTP library in between (a library's own threads and allocation would compete
 * with the loop thread being measured, on a 2-core machine). Loopback only. Not thread-safe: one thread per
 * connection,
 * or one writing ({@link #send}) and one reading ({@link #answer}).
 */
final class RpcConnection implements Closeable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final String head;
    private long nextId = 1;

    /**
     * @throws IOException if the explorer cannot be reached on 127.0.0.1:{@code port}
     */
    RpcConnection(int port, String token) throws IOException {
        socket = new Socket(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        head = "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + token
                + "\r\nContent-Type: application/json\r\n";
    }

    /**
     * Sends one request and reads its answer.
     *
     * @param method the JSON-RPC method
     * @param params its params object as JSON text
     * @return the answer's body
     * @throws IOException if the connection fails or the answer is not HTTP 200
     */
    String call(String method, String params) throws IOException {
        send(method, params);
        return answer();
    }

    /**
     * Reads the next answer: with requests pipelined ({@link #send} several times), answers come in their order.
     *
     * @return the answer's body
     * @throws IOException if the connection fails or the answer is not HTTP 200
     */
    String answer() throws IOException {
        int length = -1;
        String status = line();
        for (String h = line(); !h.isEmpty(); h = line()) {
            if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(h.substring(15).trim());
            }
        }
        if (length < 0) {
            throw new IOException("answer without Content-Length: " + status);
        }
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new IOException("connection closed mid-answer");
        }
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException(status + ": " + new String(body, StandardCharsets.UTF_8));
        }
        return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * Opens a {@code world.watch} stream on this connection.
     *
     * @return the stream of events (chunked server-sent events, not decoded): the caller reads it until closed
     * @throws IOException if the explorer refuses the watch
     */
    InputStream watch(String params) throws IOException {
        send("world.watch", params);
        String status = line();
        boolean events = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
            events |= h.toLowerCase(Locale.ROOT).startsWith("content-type: text/event-stream");
        }
        if (!status.startsWith("HTTP/1.1 200") || !events) {
            throw new IOException("watch refused: " + status);
        }
        return in;
    }

    /**
     * Writes one request without waiting for its answer (the explorer answers pipelined requests in order).
     *
     * @throws IOException if the connection fails
     */
    void send(String method, String params) throws IOException {
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":"
                + params + "}").getBytes(StandardCharsets.UTF_8);
        out.write((head + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
