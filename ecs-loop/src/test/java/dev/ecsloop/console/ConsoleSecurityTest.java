package dev.ecsloop.console;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TCP console is safe to leave on: strangers on the same machine, web pages in its browser and other
 * protocols' clients run nothing, cannot keep the user out, and are disconnected.
 */
class ConsoleSecurityTest {

    private static final String TOKEN = "0123456789abcdef-test-token";

    private final ConsoleFixture f = ConsoleFixture.standard();
    private final AtomicInteger ran = new AtomicInteger();
    private ConsoleServer server;
    private LoopThread loop;

    private void open(int firstLineMillis, int idleMillis) throws IOException {
        f.console.register("quit", "quit", "counts instead of quitting", (args, out) -> {
            ran.incrementAndGet();
            out.accept("quitting");
        });
        server = ConsoleServer.open(f.console, 0, TOKEN, firstLineMillis, idleMillis);
        loop = new LoopThread(f.console);
    }

    @AfterEach
    void close() throws InterruptedException {
        if (server != null) {
            server.close();
            loop.close();
        }
    }

    /** The loop still serves an authenticated client, and nothing the strangers sent ran. */
    private void assertNothingRanAndTheConsoleLives() throws IOException {
        try (TestClient user = TestClient.connect(server)) {
            assertEquals(List.of(), user.untilPrompt());
            assertEquals(List.of("quitting"), user.command("quit"));
        }
        assertEquals(1, ran.get(), "only the user's quit ran");
        assertFalse(f.loop.isPaused());
    }

    @Test
    void anHttpPostWhoseBodyHoldsCommandsRunsNothingAndTheGameLives() throws Exception {
        open(ConsoleServer.FIRST_LINE_MILLIS, ConsoleServer.IDLE_MILLIS);
        String body = "pause\nrecord /tmp/overwritten\nstop\nquit\n";
        String post = "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nContent-Type: text/plain\r\n"
                + "Origin: http://evil.example\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
        try (TestClient browser = new TestClient(server.port())) {
            browser.send(post);
            String reply;
            try {
                reply = browser.readToEnd();
            } catch (java.net.SocketException reset) {
                reply = "(reset)"; // closing with the body unread may reset the connection: also a refusal
            }
            assertTrue(reply.equals("(reset)") || reply.contains("HTTP/1.0 403 Forbidden\r\n"), reply);
        }
        assertNothingRanAndTheConsoleLives();
    }

    @Test
    void everyHttpMethodAndVersionIsRefusedAtTheRequestLine() throws Exception {
        open(ConsoleServer.FIRST_LINE_MILLIS, ConsoleServer.IDLE_MILLIS);
        for (String line : List.of("GET / HTTP/1.1", "PUT /quit HTTP/1.0", "OPTIONS * HTTP/1.1",
                "PRI * HTTP/2.0", "DELETE /x HTTP/1.1", "CONNECT 127.0.0.1:1 HTTP/1.1")) {
            try (TestClient client = new TestClient(server.port())) {
                client.send(line + "\r\n");
                String reply = client.readToEnd();
                assertTrue(reply.startsWith(ConsoleServer.GREETING + "\nHTTP/1.0 403 Forbidden\r\n"), line + ": "
                        + reply);
            }
        }
        assertNothingRanAndTheConsoleLives();
    }

    @Test
    void otherProtocolsGreetingsACommandWithoutTokenAndAWrongTokenAreRefused() throws Exception {
        open(ConsoleServer.FIRST_LINE_MILLIS, ConsoleServer.IDLE_MILLIS);
        byte[] tls = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03, '\n'};
        List<byte[]> firsts = List.of(tls, "SSH-2.0-OpenSSH_9.6\r\n".getBytes(StandardCharsets.US_ASCII),
                "quit\n".getBytes(StandardCharsets.US_ASCII),
                ("token " + TOKEN.replace('0', '1') + "\nquit\n").getBytes(StandardCharsets.US_ASCII),
                ("token\nquit\n").getBytes(StandardCharsets.US_ASCII),
                ("x".repeat(10_000) + "\nquit\n").getBytes(StandardCharsets.US_ASCII));
        List<String> replies = new ArrayList<>();
        for (byte[] first : firsts) {
            try (TestClient client = new TestClient(server.port())) {
                client.send(first);
                replies.add(client.readToEnd());
            }
        }
        assertEquals(List.of(
                ConsoleServer.GREETING + "\nerror: not a console client; closing\n",
                ConsoleServer.GREETING + "\nerror: not a console client; closing\n",
                ConsoleServer.GREETING + "\n" + FirstLine.refusal(FirstLine.Verdict.NO_TOKEN),
                ConsoleServer.GREETING + "\nerror: wrong token; closing\n",
                ConsoleServer.GREETING + "\n" + FirstLine.refusal(FirstLine.Verdict.NO_TOKEN),
                ConsoleServer.GREETING + "\nerror: not a console client; closing\n"), replies);
        assertNothingRanAndTheConsoleLives();
    }

    @Test
    void aClientTricklingItsFirstLineIsCutOffAtTheDeadline() throws Exception {
        open(300, ConsoleServer.IDLE_MILLIS);
        try (TestClient slow = new TestClient(server.port())) {
            slow.send("tok");
            assertEquals(ConsoleServer.GREETING + "\nerror: no first line within 300 ms; closing\n", slow.readToEnd());
        }
        assertNothingRanAndTheConsoleLives();
    }

    @Test
    void anIdleAuthenticatedClientTimesOut() throws Exception {
        open(ConsoleServer.FIRST_LINE_MILLIS, 300);
        try (TestClient idle = TestClient.connect(server)) {
            assertEquals(List.of(), idle.untilPrompt());
            assertEquals("error: idle for 300 ms; closing\n", idle.readToEnd());
        }
        long deadline = dev.ecsloop.time.Clock.system().nanoTime() + 5_000_000_000L;
        while (server.clientCount() != 0 && dev.ecsloop.time.Clock.system().nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // the thread leaves just after closing
        }
        assertEquals(0, server.clientCount());
    }

    @Test
    void connectionsThatNeverAuthenticateCannotLockTheUserOut() throws Exception {
        open(ConsoleServer.FIRST_LINE_MILLIS, ConsoleServer.IDLE_MILLIS);
        List<TestClient> strangers = new ArrayList<>();
        try {
            for (int i = 0; i < 3 * ConsoleServer.MAX_WAITING; i++) {
                strangers.add(new TestClient(server.port()));
            }
            assertNothingRanAndTheConsoleLives();
            assertTrue(server.waitingCount() <= ConsoleServer.MAX_WAITING, "waiting: " + server.waitingCount());
        } finally {
            for (TestClient s : strangers) {
                s.close();
            }
        }
    }

    @Test
    void tokensAreRandomPerServerAndMalformedOnesAreRefused() throws Exception {
        String a = ConsoleServer.newToken();
        assertTrue(ConsoleServer.isValidToken(a) && a.length() == 32, a);
        assertFalse(a.equals(ConsoleServer.newToken()));
        String[] bads = {"short", "has space in it 12345", "x".repeat(129), "\u00fcn\u00efc\u00f6d\u00e9-token-long"};
        for (String bad : bads) {
            assertThrows(IllegalArgumentException.class, () -> ConsoleServer.open(f.console, 0, bad), bad);
        }
    }
}
