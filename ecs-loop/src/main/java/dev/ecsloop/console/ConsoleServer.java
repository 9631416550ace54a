package dev.ecsloop.console;

import dev.ecsloop.time.Clock;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The opt-in TCP transport: a line-based console for {@code nc 127.0.0.1 <port>} or {@code telnet}.
 *
 * <p>Security model, since a console that retunes, pauses, records and replays must be safe to leave on:
 * <ul>
 *   <li>It binds to 127.0.0.1 only: nothing off the machine can reach it.</li>
 *   <li>A client's first line must be {@code token <token>}; the token is random per server unless the game
 *       gives one ({@link #open(Console, int, String)}), and the game prints it where it starts. Other local
 *       users and programs do not know it. Nothing a client sends reaches the console before that line.</li>
 *   <li>A first line that is an HTTP request line is answered with {@code 403} and the connection closed
 *       without reading further: a web page that makes the browser POST console lines to the port (which needs
 *       no permission) runs nothing. Other protocols' greetings and binary bytes are refused the same way.</li>
 *   <li>The first line must arrive within {@value #FIRST_LINE_MILLIS} ms, whole; an authenticated client idle
 *       for {@value #IDLE_MILLIS} ms is disconnected.</li>
 *   <li>No lock-out: up to {@value #MAX_CLIENTS} authenticated clients at once (one more is told so), and up to
 *       {@value #MAX_WAITING} connections still owing their first line; when that many wait, the oldest is
 *       dropped for the newcomer, so connections that never authenticate cannot keep anyone else out.</li>
 * </ul>
 *
 * <p>Each client has its own daemon thread, and replies go only to the client that sent the command. Bad
 * clients harm nothing: a line over 4,096 bytes gets one error line and is discarded up to its end, binary bytes
 * after the token are just unknown commands, an abrupt disconnect ends only that client's thread, and a client
 * that stops reading blocks only its own thread (the loop thread never writes to a socket).
 */
public final class ConsoleServer implements AutoCloseable {

    /** Authenticated clients served at once. */
    public static final int MAX_CLIENTS = 16;
    /** Connections at once that have not yet sent their first line. */
    public static final int MAX_WAITING = 16;
    /** Time a new connection has to send its whole first line. */
    public static final int FIRST_LINE_MILLIS = 10_000;
    /** Time an authenticated client may stay silent before it is disconnected: ten minutes. */
    public static final int IDLE_MILLIS = 600_000;
    /** What a client reads when it connects. */
    static final String GREETING = "ecs-loop console: send 'token <token>' first";
    /** What an authenticated client reads before its first prompt. */
    static final String WELCOME = "ok: console ready (try 'help')";
    private static final long JOIN_MILLIS = 2_000;

    private final Console console;
    private final ServerSocket server;
    private final String token;
    private final int firstLineMillis;
    private final int idleMillis;
    private final Thread acceptor;
    /** Guarded by {@link #clients}, together with {@link #waiting} and {@link #closed}. */
    private final Set<Client> clients = new HashSet<>();
    private final Deque<Client> waiting = new ArrayDeque<>();
    private boolean closed;

    private ConsoleServer(Console console, ServerSocket server, String token, int firstLineMillis, int idleMillis) {
        this.console = console;
        this.server = server;
        this.token = token;
        this.firstLineMillis = firstLineMillis;
        this.idleMillis = idleMillis;
        this.acceptor = new Thread(this::accept, "ecs-loop-console-accept-" + server.getLocalPort());
        acceptor.setDaemon(true);
    }

    /**
     * Binds 127.0.0.1 and starts accepting clients, with a random token (see {@link #token()}).
     *
     * @param console the console the clients drive
     * @param port    the TCP port, or 0 for any free one (see {@link #port()})
     * @return the running server
     * @throws IOException              if the port cannot be bound, e.g. because it is taken
     * @throws IllegalArgumentException if {@code port} is outside 0 to 65535
     * @throws NullPointerException     if {@code console} is null
     */
    public static ConsoleServer open(Console console, int port) throws IOException {
        return open(console, port, newToken());
    }

    /**
     * Binds 127.0.0.1 and starts accepting clients that open with {@code token <token>}.
     *
     * @param console the console the clients drive
     * @param port    the TCP port, or 0 for any free one (see {@link #port()})
     * @param token   16 to 128 of {@code A-Z a-z 0-9 . _ ~ -}
     * @return the running server
     * @throws IOException              if the port cannot be bound, e.g. because it is taken
     * @throws IllegalArgumentException if {@code port} is outside 0 to 65535 or the token is malformed
     * @throws NullPointerException     if {@code console} is null
     */
    public static ConsoleServer open(Console console, int port, String token) throws IOException {
        return open(console, port, token, FIRST_LINE_MILLIS, IDLE_MILLIS);
    }

    /** As {@link #open(Console, int, String)} with other time limits, for tests. */
    static ConsoleServer open(Console console, int port, String token, int firstLineMillis, int idleMillis)
            throws IOException {
        Objects.requireNonNull(console, "console");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("bad port " + port + " (0 to 65535; 0 picks a free one)");
        }
        if (!FirstLine.validToken(token)) {
            throw new IllegalArgumentException("bad console token (16 to 128 of A-Z a-z 0-9 . _ ~ -)");
        }
        ServerSocket socket = new ServerSocket();
        try {
            socket.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port));
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        ConsoleServer server = new ConsoleServer(console, socket, token, firstLineMillis, idleMillis);
        server.acceptor.start();
        return server;
    }

    /**
     * A fresh random token: 128 bits from {@link SecureRandom}, as 32 hex digits.
     *
     * @return the token
     */
    public static String newToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Whether {@code token} can be a console token: 16 to 128 of {@code A-Z a-z 0-9 . _ ~ -}.
     *
     * @param token the candidate
     * @return true if {@link #open(Console, int, String)} accepts it
     */
    public static boolean isValidToken(String token) {
        return FirstLine.validToken(token);
    }

    /** @return the token clients must send first; print it for the user, keep it from strangers */
    public String token() {
        return token;
    }

    /** @return the bound port: the one asked for, or the one picked for port 0 */
    public int port() {
        return server.getLocalPort();
    }

    /** @return the address bound: always 127.0.0.1 */
    public InetAddress address() {
        return server.getInetAddress();
    }

    private void accept() {
        int count = 0;
        while (true) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Client client = new Client(socket, "ecs-loop-console-client-" + port() + "-" + ++count);
            Client dropped = null;
            synchronized (clients) {
                if (closed) {
                    refuse(socket, "error: console closed\n");
                    continue;
                }
                if (waiting.size() >= MAX_WAITING) {
                    dropped = waiting.pollFirst();
                }
                waiting.addLast(client);
            }
            if (dropped != null) {
                dropped.disconnect();
            }
            // Started outside the lock; if close() got here first, the thread finds its socket closed and ends.
            client.thread.start();
        }
    }

    private void serve(Client client) {
        try (Socket socket = client.socket) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            try {
                converse(client, socket, out);
            } catch (SocketTimeoutException e) {
                out.write(("error: " + (isClient(client) ? "idle for " + idleMillis + " ms"
                        : "no first line within " + firstLineMillis + " ms") + "; closing\n")
                        .getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            // The client went away or sent a reset: only this client is affected.
        } finally {
            synchronized (clients) {
                clients.remove(client);
                waiting.remove(client);
            }
        }
    }

    /** Greets, judges the first line, and if it is the token, runs the console session. */
    private void converse(Client client, Socket socket, OutputStream out) throws IOException {
        out.write((GREETING + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        TimedInput in = new TimedInput(socket, Clock.system(), firstLineMillis);
        BoundedLineReader lines = new BoundedLineReader(in);
        BoundedLineReader.Result first = lines.read();
        if (first == BoundedLineReader.Result.END) {
            return;
        }
        FirstLine.Verdict verdict = first == BoundedLineReader.Result.TOO_LONG ? FirstLine.Verdict.FOREIGN
                : FirstLine.judge(lines.line(), token);
        if (verdict != FirstLine.Verdict.ACCEPTED) {
            out.write(FirstLine.refusal(verdict).getBytes(StandardCharsets.UTF_8));
            out.flush();
            return;
        }
        synchronized (clients) {
            waiting.remove(client);
            if (closed || clients.size() >= MAX_CLIENTS) {
                out.write((closed ? "error: console closed\n" : "error: too many clients (" + MAX_CLIENTS
                        + ")\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                return;
            }
            clients.add(client);
        }
        in.idle(idleMillis);
        out.write((WELCOME + "\n").getBytes(StandardCharsets.UTF_8));
        new ConsoleSession(console, lines, out, true).run();
    }

    private boolean isClient(Client client) {
        synchronized (clients) {
            return clients.contains(client);
        }
    }

    private static void refuse(Socket socket, String text) {
        try (socket) {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            // It is leaving anyway.
        }
    }

    /** @return how many authenticated clients are connected now */
    public int clientCount() {
        synchronized (clients) {
            return clients.size();
        }
    }

    /** @return how many connections have not yet sent their first line */
    int waitingCount() {
        synchronized (clients) {
            return waiting.size();
        }
    }

    /**
     * Stops accepting, disconnects every client and waits (up to two seconds each) for their threads to end.
     * Commands already submitted still run at the next drain; their replies are dropped. Idempotent.
     */
    @Override
    public void close() {
        List<Client> open;
        synchronized (clients) {
            if (closed) {
                return;
            }
            closed = true;
            open = new ArrayList<>(clients);
            open.addAll(waiting);
        }
        try {
            server.close();
        } catch (IOException e) {
            // Closing anyway.
        }
        for (Client client : open) {
            client.disconnect();
        }
        try {
            acceptor.join(JOIN_MILLIS);
            for (Client client : open) {
                client.thread.join(JOIN_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One connected client and the daemon thread serving it. */
    private final class Client {
        final Socket socket;
        final Thread thread;

        Client(Socket socket, String name) {
            this.socket = socket;
            this.thread = new Thread(() -> serve(this), name);
            thread.setDaemon(true);
        }

        void disconnect() {
            try {
                socket.close();
            } catch (IOException e) {
                // Closing anyway.
            }
            thread.interrupt();
        }
    }
}
