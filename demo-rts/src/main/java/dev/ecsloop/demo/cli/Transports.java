package dev.ecsloop.demo.cli;

import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.demo.sim.RtsGame;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * The console transports of a windowed game: standard input always, TCP when {@code --console-port} asks.
 * Started only once the window is open, so a window that fails to open (and the headless run that follows)
 * finds standard input untouched.
 */
final class Transports implements AutoCloseable {
    private final RtsGame game;
    private final InputStream in;
    private final PrintStream out;
    private final Integer port;
    private final String token;
    private ConsoleReader reader;
    private ConsoleServer server;

    Transports(RtsGame game, InputStream in, PrintStream out, Integer port, String token) {
        this.game = game;
        this.in = in;
        this.out = out;
        this.port = port;
        this.token = token;
    }

    /** @throws UncheckedIOException if the port cannot be opened */
    void start() {
        if (port != null) {
            try {
                server = ConsoleServer.open(game.console(), port, token == null ? ConsoleServer.newToken() : token);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open console port " + port + ": " + e.getMessage(), e);
            }
            out.println(HeadlessSession.consoleLine(server));
        }
        reader = ConsoleReader.start(game.console(), in, out);
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
