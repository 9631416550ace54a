package dev.ecsloop.console;

import dev.ecsloop.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The localhost TCP transport over real loopback sockets; a background thread plays the loop. */
class ConsoleServerTest {

    private final ConsoleFixture f = ConsoleFixture.standard();
    private ConsoleServer server;
    private LoopThread loop;

    @BeforeEach
    void open() throws IOException {
        server = ConsoleServer.open(f.console, 0);
        loop = new LoopThread(f.console);
    }

    @AfterEach
    void close() throws InterruptedException {
        server.close();
        loop.close();
    }

    /** Waits, at most five seconds, until the count is as expected. */
    private static void awaitCount(int expected, IntSupplier count) {
        long deadline = Clock.system().nanoTime() + 5_000_000_000L;
        while (count.getAsInt() != expected && Clock.system().nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
        assertEquals(expected, count.getAsInt());
    }

    @Test
    void theServerBindsToLoopbackOnlyAndExposesTheEphemeralPort() {
        assertTrue(server.port() > 0);
        assertEquals("127.0.0.1", server.address().getHostAddress());
    }

    @Test
    void aPortOutOfRangeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> ConsoleServer.open(f.console, 65_536));
    }

    @Test
    void aTakenPortIsAnIOException() {
        assertThrows(IOException.class, () -> ConsoleServer.open(f.console, server.port()));
    }

    @Test
    void aClientGetsAPromptAndTheRepliesToItsCommands() throws Exception {
        try (TestClient client = TestClient.connect(server)) {
            assertEquals(List.of(), client.untilPrompt());
            assertEquals(List.of("paused at simulated time 0.000 s"), client.command("pause"));
            assertEquals(List.of(), client.command(""));
            assertEquals(List.of("error: unknown command 'warp' (try 'help')"), client.command("warp"));
            assertEquals(10, client.command("help").size()); // the built-ins (hash is the state package's)
        }
        loop.close();
        assertTrue(f.loop.isPaused());
    }

    @Test
    void twoClientsAtOnceEachGetOnlyTheirOwnReplies() throws Exception {
        try (TestClient a = TestClient.connect(server); TestClient b = TestClient.connect(server)) {
            a.untilPrompt();
            b.untilPrompt();
            a.send("timescale 2\n");
            b.send("debt keep\n");
            assertEquals(List.of("debt policy keep (was discard)"), b.untilPrompt());
            assertEquals(List.of("time scale 2 (was 1)"), a.untilPrompt());
            assertEquals(List.of("error: missing <system> (usage: rate <system> <hz>|frame)"), b.command("rate"));
            assertEquals(List.of("AiSystem: 30 Hz fixed (was 15 Hz)"), a.command("rate ai 30"));
        }
        loop.close();
        assertEquals(30.0, f.loop.system(TestSystems.AiSystem.class).rate());
    }

    @Test
    void binaryGarbageAndAOneMegabyteLineThenAValidCommandStillWorks() throws Exception {
        try (TestClient client = TestClient.connect(server)) {
            client.untilPrompt();
            byte[] garbage = new byte[255];
            for (int i = 0, b = 0; i < garbage.length; b++) {
                if (b != '\n') {
                    garbage[i++] = (byte) b;
                }
            }
            client.send(garbage);
            List<String> reply = client.command("");
            assertEquals(1, reply.size(), reply::toString);
            assertTrue(reply.get(0).startsWith("error: unknown command '?????????'"), reply.get(0));

            client.send("x".repeat(1 << 20));
            assertEquals(List.of(ConsoleSession.TOO_LONG), client.command(""));
            assertEquals(List.of("paused at simulated time 0.000 s"), client.command("pause"));
        }
    }

    @Test
    void anEndlessLineFromOneClientDoesNotStopTheOthers() throws Exception {
        try (TestClient flood = TestClient.connect(server); TestClient other = TestClient.connect(server)) {
            flood.untilPrompt();
            other.untilPrompt();
            flood.send("y".repeat(1 << 20)); // no line break yet
            assertEquals(List.of(ConsoleSession.TOO_LONG), flood.untilPrompt());
            assertEquals(List.of("paused at simulated time 0.000 s"), other.command("pause"));
            flood.send("y".repeat(1 << 16) + "\n");
            assertEquals(List.of("resumed at simulated time 0.000 s"), flood.command("resume"));
        }
    }

    @Test
    void aClientThatDisconnectsAbruptlyHarmsNothing() throws Exception {
        try (TestClient stays = TestClient.connect(server)) {
            stays.untilPrompt();
            TestClient halfLine = TestClient.connect(server);
            halfLine.untilPrompt();
            halfLine.send("pau");
            halfLine.reset();
            TestClient noWait = TestClient.connect(server);
            noWait.untilPrompt();
            noWait.send("timescale 3\n"); // runs at the next drain, after the client is gone
            noWait.reset();
            awaitCount(1, server::clientCount);
            assertEquals(List.of("time scale 0.5 (was 3)"), stays.command("timescale 0.5"));
        }
        loop.close();
        assertEquals(false, f.loop.isPaused(), "the half line never ran");
    }

    @Test
    void closeStopsTheServerAndDisconnectsItsClients() throws Exception {
        try (TestClient client = TestClient.connect(server)) {
            client.untilPrompt();
            server.close();
            assertEquals("", client.readToEnd());
            assertEquals(0, server.clientCount());
            assertThrows(ConnectException.class, () -> new TestClient(server.port()).close());
        }
    }

    @Test
    void oneClientTooManyIsToldSoAndDisconnected() throws Exception {
        List<TestClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < ConsoleServer.MAX_CLIENTS; i++) {
                TestClient client = TestClient.connect(server);
                client.untilPrompt();
                clients.add(client);
            }
            try (TestClient extra = new TestClient(server.port())) {
                extra.send("token " + server.token() + "\n");
                assertEquals(ConsoleServer.GREETING + "\nerror: too many clients (16)\n", extra.readToEnd());
            }
            clients.remove(0).close();
            awaitCount(ConsoleServer.MAX_CLIENTS - 1, server::clientCount);
            try (TestClient next = TestClient.connect(server)) {
                next.untilPrompt();
                assertEquals(1, next.command("stats").size());
            }
        } finally {
            for (TestClient client : clients) {
                client.close();
            }
        }
    }

    @Test
    void theTestClientReallyUsesLoopback() throws Exception {
        try (TestClient client = TestClient.connect(server)) {
            assertEquals(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), client.socket.getInetAddress());
        }
    }
}
