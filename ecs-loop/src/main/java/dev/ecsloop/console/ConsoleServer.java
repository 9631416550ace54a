package dev.ecsloop.console;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The opt-in TCP transport: a line-based console for {@code nc 127.0.0.1 <port>} or {@code telnet}.
 *
 * <p>It binds to 127.0.0.1 only, because a console that retunes or pauses the game must not be reachable from
 * the network; there is no authentication. Each client gets a prompt ({@code "> "}) and its own daemon thread,
 * and replies go only to the client that sent the command. Up to {@link #MAX_CLIENTS} clients at once; one more
 * is told so and disconnected.
 *
 * <p>Bad clients harm nothing: a line over 4,096 bytes gets one error line and is discarded up to its end,
 * binary bytes are just unknown commands, an abrupt disconnect ends only that client's thread, and a client that
 * stops reading blocks only its own thread (the loop thread never writes to a socket).
 */
public final class ConsoleServer implements AutoCloseable {

    /** Clients served at once. */
    public static final int MAX_CLIENTS = 16;
    private static final long JOIN_MILLIS = 2_000;

    private final Console console;
    private final ServerSocket server;
    private final Thread acceptor;
    /** Guarded by itself, together with {@link #closed}. */
    private final Set<Client> clients = new HashSet<>();
    private boolean closed;

    private ConsoleServer(Console console, ServerSocket server) {
        this.console = console;
        this.server = server;
        this.acceptor = new Thread(this::accept, "ecs-loop-console-accept-" + server.getLocalPort());
        acceptor.setDaemon(true);
    }

    /**
     * Binds 127.0.0.1 and starts accepting clients.
     *
     * @param port the TCP port, or 0 for any free one (see {@link #port()})
     * @param console where lines are submitted
     * @return the open server
     * @throws IOException              if the port cannot be bound, e.g. because it is taken
     * @throws IllegalArgumentException if {@code port} is outside 0 to 65535
     * @throws NullPointerException     if {@code console} is null
     */
    public static ConsoleServer open(Console console, int port) throws IOException {
        Objects.requireNonNull(console, "console");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("bad port " + port + " (0 to 65535; 0 picks a free one)");
        }
        ServerSocket socket = new ServerSocket();
        try {
            socket.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port));
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        ConsoleServer server = new ConsoleServer(console, socket);
        server.acceptor.start();
        return server;
    }

    /**
     * The bound port: the one asked for, or the one picked for port 0.
     *
     * @return the bound port
     */
    public int port() {
        return server.getLocalPort();
    }

    /**
     * The address bound: always 127.0.0.1.
     *
     * @return the loopback address
     */
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
            synchronized (clients) {
                if (closed || clients.size() >= MAX_CLIENTS) {
                    refuse(socket, closed ? "error: console closed" : "error: too many clients (" + MAX_CLIENTS + ")");
                    continue;
                }
                clients.add(client);
            }
            // Started outside the lock; if close() got here first, the thread finds its socket closed and ends.
            client.thread.start();
        }
    }

    private void serve(Client client) {
        try (Socket socket = client.socket) {
            socket.setTcpNoDelay(true);
            new ConsoleSession(console, socket.getInputStream(), socket.getOutputStream(), true).run();
        } catch (IOException e) {
            // The client went away or sent a reset: only this client is affected.
        } finally {
            synchronized (clients) {
                clients.remove(client);
            }
        }
    }

    private static void refuse(Socket socket, String line) {
        try (socket) {
            OutputStream out = socket.getOutputStream();
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            // It is leaving anyway.
        }
    }

    /**
     * How many clients are connected now.
     *
     * @return clients connected now
     */
    public int clientCount() {
        synchronized (clients) {
            return clients.size();
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
