package dev.ecsloop.explorer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * A raw HTTP/1.1 client over one socket, for the tests: it sends exactly the bytes given (any Host, any header,
 * pipelined requests) and reads responses by Content-Length, while the test thread keeps draining the loop.
 */
final class Http implements AutoCloseable {

    /** One response: status, headers as read, body. */
    record Response(int status, String head, String body) {
        String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    Http(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(20_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    static String post(int port, String token, String body) {
        return request("POST", "/rpc", port, token, "application/json", null, body);
    }

    static String request(String method, String path, int port, String token, String type, String origin,
                          String body) {
        byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1:").append(port).append("\r\n");
        if (token != null) {
            sb.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        if (type != null) {
            sb.append("Content-Type: ").append(type).append("\r\n");
        }
        if (origin != null) {
            sb.append("Origin: ").append(origin).append("\r\n");
        }
        sb.append("Content-Length: ").append(b.length).append("\r\n\r\n");
        return sb + new String(b, StandardCharsets.UTF_8);
    }

    void send(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads one response while {@code pump} runs the loop side on this (the loop's) thread. */
    Response read(Runnable pump) throws IOException {
        CompletableFuture<Response> f = CompletableFuture.supplyAsync(() -> {
            try {
                return readNow();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        pumpUntil(f::isDone, pump);
        return f.join();
    }

    static void pumpUntil(BooleanSupplier done, Runnable pump) {
        long spins = 0;
        while (!done.getAsBoolean()) {
            pump.run();
            if (++spins % 64 == 0) {
                Thread.yield();
            }
        }
    }

    /** Reads a response head and body (by Content-Length); -1 status if the server closed first. */
    Response readNow() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int c;
        int state = 0;
        while (state < 4 && (c = in.read()) >= 0) {
            head.write(c);
            state = (c == '\r' && (state == 0 || state == 2)) || (c == '\n' && (state == 1 || state == 3))
                    ? state + 1 : (c == '\r' ? 1 : 0);
        }
        String h = head.toString(StandardCharsets.UTF_8);
        if (state < 4) {
            return new Response(-1, h, "");
        }
        int status = Integer.parseInt(h.substring(9, 12));
        Response partial = new Response(status, h, "");
        String length = partial.header("Content-Length");
        if (length == null) {
            return partial; // a stream: the caller reads it with readChunkLines
        }
        byte[] body = in.readNBytes(Integer.parseInt(length));
        return new Response(status, h, new String(body, StandardCharsets.UTF_8));
    }

    /** Reads chunked server-sent-event data lines until {@code n} arrived. */
    List<String> readEvents(int n, Runnable pump) {
        CompletableFuture<List<String>> f = CompletableFuture.supplyAsync(() -> {
            List<String> events = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            try {
                int c;
                while (events.size() < n && (c = in.read()) >= 0) {
                    if (c == '\n') {
                        String l = line.toString().strip();
                        if (l.startsWith("data: ")) {
                            events.add(l.substring(6));
                        }
                        line.setLength(0);
                    } else {
                        line.append((char) c);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return events;
        });
        pumpUntil(f::isDone, pump);
        return f.join();
    }

    /** The raw response stream, for a reader that only keeps up. */
    InputStream stream() {
        return in;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
