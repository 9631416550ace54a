package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.lockstep.wire.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Late join over real loopback sockets: a host that leaves one of three seats open for a late joiner starts with
 * two players; a third joins at a seeded random turn, catches up from the host player's snapshot, plays (its order
 * lands on every peer), and a spectator who joins later still ends on the players' hash; hostile late joiners (a
 * wrong secret, garbage, a fourth player when no seat is open) are refused in one line each and change nothing.
 * The players that started call the seat by the late joiner's name from the moment it takes it.
 * A host without late seats refuses a player after the start.
 */
class LateJoinTest {

    static final LockstepConfig CONFIG = RejoinTest.CONFIG;
    static final long END = RejoinTest.END;
    static final String SETUP = RejoinTest.SETUP;

    @Test
    void aLatePlayerAndALateSpectatorEndOnThePlayersHash(@TempDir Path dir) throws Exception {
        Random random = new Random(2424);
        for (int attempt = 0; attempt < 2; attempt++) {
            long joinTurn = 20 + random.nextInt(150);
            long watchTurn = joinTurn + 10 + random.nextInt(60);
            lateJoin(dir.resolve("try" + attempt), joinTurn, watchTurn);
        }
    }

    private void lateJoin(Path dir, long joinTurn, long watchTurn) throws Exception {
        TestPeer ann = new TestPeer("ann", TestPeer.steady(16.667)).order(0.3, 0, 90, 90).order(9.0, 0, 10, 50);
        TestPeer bob = new TestPeer("bob", TestPeer.jitter(5, 40, 11)).order(0.55, 1, 5, 5);
        ann.serveRejoins = true;
        ann.recordTo = dir.resolve("ann.replay");
        TestPeer cy = new TestPeer("cy", TestPeer.steady(20)).order(13.5, 2, 20, 20);
        TestPeer eve = new TestPeer("eve", TestPeer.steady(25));
        // The host's player leaves saying where the match ended once the players are done; eve ends there.
        ann.closeSessionWhen = () -> bob.finished.getCount() == 0 && cy.finished.getCount() == 0;
        SeatTokens tokens = SeatTokens.in(dir.resolve("seats"));
        LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 3, CONFIG);
        AtomicReference<Boolean> openAtFirstTurn = new AtomicReference<>();
        try {
            host.lateSeats(1);
            PeerLink bobLink = LockstepClient.join(settings("bob", Match.SECRET), "127.0.0.1", host.port(),
                    Duration.ofSeconds(30), tokens);
            PeerLink annLink = host.awaitStart(Duration.ofSeconds(30));
            assertFalse(bobLink.rejoining());
            assertEquals(List.of("ann", "bob", "seat 2 (open)"), annLink.names());
            CountDownLatch atJoin = new CountDownLatch(2);
            CountDownLatch atWatch = new CountDownLatch(2);
            for (TestPeer p : List.of(ann, bob)) {
                p.gates.add(new TestPeer.Gate(joinTurn * CONFIG.turnNanos(), () -> {
                    atJoin.countDown();
                    return logged(host, "cy took open seat");
                }));
                p.gates.add(new TestPeer.Gate(watchTurn * CONFIG.turnNanos(), () -> {
                    atWatch.countDown();
                    return logged(host, "eve watches");
                }));
                // Near the end, until cy plays live, so that its order still counts.
                p.gates.add(new TestPeer.Gate((END - 60) * CONFIG.turnNanos(), () -> cy.live.getCount() == 0));
            }
            ann.gates.add(new TestPeer.Gate(CONFIG.turnNanos(), () -> { // read on ann's loop thread
                openAtFirstTurn.compareAndSet(null, ann.session.open(2) && !ann.session.open(1));
                return true;
            }));
            ann.start(annLink, CONFIG, END);
            bob.start(bobLink, CONFIG, END);
            assertTrue(atJoin.await(60, TimeUnit.SECONDS), "the players never reached turn " + joinTurn
                    + ": ann " + ann.status + " " + ann.reports + ann.failure + ", bob " + bob.status + " " + bob.reports
                    + bob.failure + "; host " + host.log());
            hostileLateJoiners(host);
            PeerLink cyLink = LockstepClient.join(settings("cy", Match.SECRET), "127.0.0.1", host.port(),
                    Duration.ofSeconds(30), tokens);
            assertTrue(cyLink.rejoining(), "cy joined as if the match had not started");
            assertEquals(List.of("ann", "bob", "cy"), cyLink.names());
            assertEquals(2, cyLink.seat());
            cy.start(cyLink, CONFIG, END);
            assertTrue(atWatch.await(60, TimeUnit.SECONDS), "the players never reached turn " + watchTurn);
            PeerLink eveLink = SpectatorTest.spectate(host.port(), "eve", CONFIG).get(30, TimeUnit.SECONDS);
            assertTrue(eveLink.rejoining(), "eve watches as if the match had not started");
            eve.start(eveLink, CONFIG, -1); // no end of its own: it ends where the host says the match ended
            for (TestPeer p : List.of(ann, bob, cy, eve)) {
                try {
                    p.await(LockstepMatchTest.PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; join at " + joinTurn + ", watch at " + watchTurn
                            + "; reports: ann " + ann.reports + ", cy " + cy.reports + ", eve " + eve.reports
                            + "; host " + host.log(), e);
                }
            }
            for (PeerLink l : List.of(bobLink, cyLink, eveLink)) {
                l.close();
            }
        } finally {
            host.close();
        }
        for (TestPeer p : List.of(ann, bob, cy, eve)) {
            assertNull(p.session.stopReason(), p.name + " stopped: " + p.reports);
            assertEquals(END * CONFIG.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
            assertEquals(ann.finalHash, p.finalHash, p.name + "'s final world (join at turn " + joinTurn
                    + ", watch at " + watchTurn + ")");
        }
        assertTrue(cy.catchUpFrames > 0, "cy never caught up: " + cy.reports);
        assertTrue(cy.reports.stream().anyMatch(r -> r.startsWith("caught up: playing again from turn")),
                cy.reports.toString());
        assertTrue(eve.reports.stream().anyMatch(r -> r.startsWith("caught up: watching from turn")),
                eve.reports.toString());
        assertTrue(eve.ended, "the spectator without an end did not end with the host's match");
        // cy's order, given after it caught up, took effect on every peer and the spectator at its turn.
        assertEquals(1, cy.given.size(), "cy's orders");
        long at = cy.given.get(0).effectTurn() * CONFIG.turnNanos();
        for (TestPeer p : List.of(ann, bob, cy, eve)) {
            assertTrue(p.seen.stream().anyMatch(s -> s.team() == 2 && s.x() == 20 && s.eventSimNanos() == at),
                    p.name + " never saw cy's order at " + at);
        }
        // The host player's recording holds the whole match, the late seat's inputs included.
        assertTrue(ann.replayed.matched(), "ann's recording: " + ann.replayed.divergence());
        assertEquals(ann.finalHash, ann.replayed.finalHash());
        // The players that started learn the late joiner's name when it takes the seat; the spectator, who came
        // later, has it from its Start.
        for (TestPeer p : List.of(ann, bob)) {
            assertTrue(p.reports.contains("cy took open seat 2"), p.name + ": " + p.reports);
            assertTrue(p.reports.stream().anyMatch(r -> r.startsWith("cy rejoined: plays again")),
                    p.name + ": " + p.reports);
        }
        assertEquals(Boolean.TRUE, openAtFirstTurn.get(), "ann's session: seat 2 open and seat 1 not, at the start");
        for (TestPeer p : List.of(ann, bob, cy, eve)) {
            assertEquals(List.of("ann", "bob", "cy"), p.session.names(), p.name + "'s names");
            assertFalse(p.session.open(2), p.name + ": seat 2 still open after cy took it");
        }
    }

    /** A wrong secret, garbage and a spectator sending orders, each refused in one line while the match runs. */
    private void hostileLateJoiners(LockstepHost host) throws Exception {
        LockstepRefusedException wrong = assertThrows(LockstepRefusedException.class,
                () -> LockstepClient.join(settings("mallory", "not the secret"), "127.0.0.1", host.port(),
                        Duration.ofSeconds(10)));
        assertEquals("refused by the host: wrong secret", wrong.getMessage());
        try (RawPeer garbage = RawPeer.connect(host.port())) {
            assertInstanceOf(Message.Challenge.class, garbage.read());
            garbage.out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            garbage.out.flush();
            assertThrows(IOException.class, garbage::read, "the host kept a connection that sent garbage");
        }
        assertTrue(host.log().stream().anyMatch(l -> l.contains("refused") && l.contains("wrong secret")),
                host.log().toString());
        assertFalse(logged(host, "cy took"), "a hostile joiner took the open seat");
    }

    @Test
    void aHostWithoutLateSeatsRefusesAPlayerAfterTheStartAndAFullOneTooInOneLine(@TempDir Path dir)
            throws Exception {
        LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 2, CONFIG);
        try (host) {
            CompletableFuture<PeerLink> bob = CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(settings("bob", Match.SECRET), "127.0.0.1", host.port(),
                            Duration.ofSeconds(30));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            host.awaitStart(Duration.ofSeconds(30));
            try (PeerLink b = bob.get()) {
                LockstepRefusedException late = assertThrows(LockstepRefusedException.class,
                        () -> LockstepClient.join(settings("cy", Match.SECRET), "127.0.0.1", host.port(),
                                Duration.ofSeconds(10)));
                assertEquals("refused by the host: the game has started and every seat is taken", late.getMessage());
                LockstepRefusedException open = assertThrows(LockstepRefusedException.class,
                        () -> LockstepClient.join(settings("seat 1 (open)", Match.SECRET), "127.0.0.1",
                                host.port(), Duration.ofSeconds(10)));
                assertEquals("refused by the host: the game has started and every seat is taken",
                        open.getMessage());
                assertFalse(b.rejoining());
            }
        }
        LockstepHost three = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 3, CONFIG);
        try (three) {
            assertThrows(IllegalArgumentException.class, () -> three.lateSeats(3));
            three.lateSeats(2); // the host alone starts the match
            PeerLink ann = three.awaitStart(Duration.ofSeconds(30));
            assertEquals(List.of("ann", "seat 1 (open)", "seat 2 (open)"), ann.names());
            LockstepRefusedException open = assertThrows(LockstepRefusedException.class,
                    () -> LockstepClient.join(settings("seat 2 (open)", Match.SECRET), "127.0.0.1", three.port(),
                            Duration.ofSeconds(10)));
            assertEquals("refused by the host: the name 'seat 2 (open)' is taken", open.getMessage());
        }
    }

    static PeerSettings settings(String name, String secret) {
        return PeerSettings.of(name, secret, Match.BUILD, SETUP);
    }

    static boolean logged(LockstepHost host, String text) {
        return host.log().stream().anyMatch(l -> l.contains(text));
    }
}
