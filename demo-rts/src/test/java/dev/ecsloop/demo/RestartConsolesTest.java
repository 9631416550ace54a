package dev.ecsloop.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecsloop.console.ConsoleReader;
import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.time.ManualClock;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A restart (the window's F5 or its banner's button) keeps the consoles working: the terminal reader and the TCP
 * server were started on the first game's console, and their lines must reach the game that runs now. Without a
 * window: the window does nothing more than call {@link RtsWindowGame#restart()} and drain the fresh console.
 */
class RestartConsolesTest {

    private final RtsGame first = RtsGame.create(new MatchSetup(40, 5, 32, 5_000, List.of()), new ManualClock(),
            false);

    /** Drains {@code game}'s console, as the window does every frame, until {@code done} or 10 s pass. */
    private static void drainUntil(RtsGame game, CompletableFuture<?> done) throws Exception {
        for (int i = 0; i < 10_000 && !done.isDone(); i++) {
            game.console().drain();
            try {
                done.get(1, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // not yet
            }
        }
        assertTrue(done.isDone(), "the line never reached the running game's console");
    }

    @Test
    void theTerminalReaderStartedOnTheFirstGameDrivesTheRestartedOne() throws Exception {
        PipedOutputStream typing = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(typing);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        ConsoleReader reader = ConsoleReader.start(first.console(), stdin, out);
        try {
            RtsGame fresh = restart(first);
            assertNotSame(first.console(), fresh.console());
            fresh.console().register("probe", "probe", "answers from the fresh game", (args, reply) ->
                    reply.accept("fresh game answers"));
            CompletableFuture<Void> answered = CompletableFuture.runAsync(() -> {
                while (!printed.toString(StandardCharsets.UTF_8).contains("fresh game answers")) {
                    Thread.onSpinWait();
                }
            });
            typing.write("probe\n".getBytes(StandardCharsets.US_ASCII));
            typing.flush();
            drainUntil(fresh, answered);
        } finally {
            reader.close();
            typing.close();
        }
    }

    @Test
    void theTcpConsoleStartedOnTheFirstGameDrivesTheRestartedOne() throws Exception {
        try (ConsoleServer server = ConsoleServer.open(first.console(), 0, ConsoleServer.newToken())) {
            RtsGame fresh = restart(first);
            fresh.console().register("probe", "probe", "answers from the fresh game", (args, reply) ->
                    reply.accept("fresh game answers"));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                client.setSoTimeout(10_000);
                OutputStream send = client.getOutputStream();
                BufferedReader receive = new BufferedReader(new InputStreamReader(client.getInputStream(),
                        StandardCharsets.UTF_8));
                send.write(("token " + server.token() + "\nprobe\n").getBytes(StandardCharsets.US_ASCII));
                send.flush();
                CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
                    try {
                        for (String line; (line = receive.readLine()) != null; ) {
                            if (line.contains("fresh game answers") || line.startsWith("error")) {
                                return line;
                            }
                        }
                        return "closed";
                    } catch (java.io.IOException e) {
                        return e.toString();
                    }
                });
                drainUntil(fresh, reply);
                assertEquals("fresh game answers", reply.get().replaceFirst("^(> )+", ""));
            }
        }
    }

    /** What F5 does to the game: {@link RtsWindowGame#restart()}; returns the fresh game it runs. */
    private static RtsGame restart(RtsGame game) {
        RtsGame[] fresh = new RtsGame[1];
        new RtsWindowGame(game, -1, g -> fresh[0] = g).restart();
        return fresh[0];
    }
}
