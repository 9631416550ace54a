package dev.ecsloop.lockstep.net;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a joiner meets before its match, over real loopback sockets. Two terminals, the joiner's command typed first,
 * or a host still building its game: the joiner waits for the host to listen instead of giving up at the first
 * refused connection. Something else listening there is named as such.
 */
class JoiningTest {

    static final String SETUP = "joining-test | lockstep turn=50000000ns delay=3 hash=20";

    /** @return a loopback port nobody listens on (it was free a moment ago) */
    static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Test
    void aJoinerStartedBeforeItsHostJoinsOnceTheHostListens() throws Exception {
        int port = freePort();
        BlockingQueue<String> notices = new LinkedBlockingQueue<>();
        CompletableFuture<PeerLink> joining = CompletableFuture.supplyAsync(() -> {
            try {
                return LockstepClient.join(PeerSettings.of("bob", "s3cret", "build-1", SETUP)
                        .withNotices(notices::add), "127.0.0.1", port, Duration.ofSeconds(60));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        String notice = notices.poll(60, TimeUnit.SECONDS); // refused at least once: nobody listened yet
        assertEquals("nobody listens at 127.0.0.1:" + port + " yet (connection refused); trying again until the host "
                + "does", notice);
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("ann", "s3cret", "build-1", SETUP),
                InetAddress.getLoopbackAddress(), port, 2, 3);
             PeerLink hosted = host.awaitStart(Duration.ofSeconds(60));
             PeerLink joined = joining.get(60, TimeUnit.SECONDS)) {
            assertNotNull(hosted);
            assertEquals(1, joined.seat());
            assertEquals(java.util.List.of("ann", "bob"), joined.names());
        }
        assertTrue(notices.isEmpty(), "told once, not at every try: " + notices);
    }

    @Test
    void aJoinerGivesUpOnceNobodyListenedWithinItsTimeout() throws Exception {
        int port = freePort();
        LockstepRefusedException e = assertThrows(LockstepRefusedException.class, () -> LockstepClient.join(
                PeerSettings.of("bob", "s3cret", "build-1", SETUP), "127.0.0.1", port, Duration.ofMillis(300)));
        assertEquals("cannot reach 127.0.0.1:" + port + ": nobody listened there within 300 ms", e.getMessage());
    }

    @Test
    void somethingThatListensButNeverSpeaksIsNamedAsNoLockstepHost() throws Exception {
        try (ServerSocket mute = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<LockstepRefusedException> refused = CompletableFuture.supplyAsync(() -> {
                try {
                    LockstepClient.join(PeerSettings.of("bob", "s3cret", "build-1", SETUP)
                            .withStallTimeout(Duration.ofMillis(300)), "127.0.0.1", mute.getLocalPort(),
                            Duration.ofSeconds(60)).close();
                    return null;
                } catch (LockstepRefusedException e) {
                    return e;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (java.net.Socket accepted = mute.accept()) { // accepted, and never a byte sent
                LockstepRefusedException e = refused.get(60, TimeUnit.SECONDS);
                assertNotNull(e, "joined something that never spoke");
                assertEquals("no answer for 300 ms: not a lockstep host, or a link that drops what it is sent",
                        e.getMessage());
            }
        }
    }

    @Test
    void aRefusedOrUnansweredTryIsTriedAgainAndAnythingElseIsNot() {
        assertEquals(LockstepClient.Unreached.REFUSED,
                LockstepClient.Unreached.of(new java.net.ConnectException("Connection refused")));
        assertEquals(LockstepClient.Unreached.SILENT, LockstepClient.Unreached.of(
                new io.netty.channel.ConnectTimeoutException("connection timed out after 5000 ms: /10.1.2.3:7000")));
        assertEquals(LockstepClient.Unreached.SILENT, // the system's own timeout, after its SYN retries
                LockstepClient.Unreached.of(new java.net.ConnectException("Connection timed out")));
        assertNull(LockstepClient.Unreached.of(new java.net.UnknownHostException("no-such-host")));
        assertNull(LockstepClient.Unreached.of(new java.net.NoRouteToHostException("No route to host")));
        assertEquals("no answer from 10.1.2.3:7000 yet (the connection timed out: a firewall, or no machine there?); "
                + "trying again until the host answers",
                String.format(LockstepClient.Unreached.SILENT.notice, "10.1.2.3:7000"));
    }
}
