package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.DelayProxy;
import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adaptive input delay over real loopback sockets. With the host's lateness readings scripted by turn, the
 * delay follows them exactly (up at once, down only once the slow readings have left the window), every player and a
 * spectator switch at the same turns, the match ends in sync with every order seen at the turn it was scheduled
 * for, and every player's recording replays to its world. Through the delay proxy (a real 150 ms ± 25 ms round
 * trip to one joiner), the delay rises to what the injected one-way trip needs at least, stays under the ceiling,
 * and the match ends in sync: what is asserted is the protocol's behaviour, never a timing.
 */
class AdaptiveDelayTest {

    static final LockstepConfig ADAPTIVE = new LockstepConfig(50_000_000L, 3, 10).withAdaptiveDelay(1, 8);
    static final long END = 560;

    /**
     * 180 ms for turns 0-99 (a budget of 188 ms: 5 turns), 320 ms for 100-199 (over the ceiling: 8 turns), 20 ms
     * from 200 on (a budget of 28 ms: 2 turns, once the slow readings have left the window).
     */
    static long script(long turn) {
        return turn < 100 ? 180_000_000L : turn < 200 ? 320_000_000L : 20_000_000L;
    }

    @Test
    void theDelayFollowsTheRoundTripAndEveryPeerSwitchesAtTheSameTurn(@TempDir Path dir) throws Exception {
        List<TestPeer> players = LockstepMatchTest.peers(3);
        for (TestPeer p : players) {
            p.recordTo = dir.resolve(p.name + ".replay");
        }
        players.get(0).order(6.0, 0, 30, 30).order(12.0, 0, 70, 20);
        players.get(1).order(5.2, 1, 40, 40).order(14.1, 1, 20, 60);
        players.get(2).order(10.4, 2, 90, 10);
        TestPeer watcher = new TestPeer("watcher", TestPeer.steady(25));
        List<CompletableFuture<PeerLink>> watching = new ArrayList<>();
        try (Match match = new Match(LockstepMatchTest.names(players), ADAPTIVE, UnaryOperator.identity(),
                host -> {
                    watching.add(SpectatorTest.spectate(host.port(), watcher.name, ADAPTIVE));
                    SpectatorTest.awaitLog(host, "watches", 1);
                })) {
            TestPeer host = players.get(0);
            host.start(new ScriptedRoundTrip(match.links.get(0), () -> host.session, AdaptiveDelayTest::script),
                    ADAPTIVE, END);
            for (PeerLink link : match.links.subList(1, match.links.size())) {
                players.get(link.seat()).start(link, ADAPTIVE, END);
            }
            watcher.start(watching.get(0).get(), ADAPTIVE, END);
            for (TestPeer p : players) {
                p.await(LockstepMatchTest.PATIENCE);
            }
            watcher.await(LockstepMatchTest.PATIENCE);
        }
        LockstepMatchTest.assertAllAgree(players, ADAPTIVE, END);
        List<DelayChange> changes = players.get(0).session.delayChanges();
        assertEquals(List.of(5, 8, 2), changes.stream().map(DelayChange::delay).toList(), changes.toString());
        // Each change is met within the delay in force when the host saw the new round trip, plus its own turn.
        assertTrue(changes.get(0).fromTurn() <= 0 + 3 + 1, changes.toString());
        assertTrue(changes.get(1).fromTurn() > 100 && changes.get(1).fromTurn() <= 100 + 5 + 1, changes.toString());
        long window = InputDelay.WINDOW_NANOS / ADAPTIVE.turnNanos();
        assertTrue(changes.get(2).fromTurn() > 200 + window - 1 && changes.get(2).fromTurn() <= 200 + window + 8,
                "the delay fell before the slow readings left the window: " + changes);
        for (TestPeer p : players) {
            assertEquals(changes, p.session.delayChanges(), p.name + " switched elsewhere");
            assertTrue(p.reports.contains("input delay 8 -> 2 turns (budget 28 ms) from turn "
                            + changes.get(2).fromTurn()),
                    p.name + ": " + p.reports);
        }
        for (TestPeer p : players) {
            assertTrue(p.replayed.matched(), p.name + "'s recording: " + p.replayed.divergence());
            assertEquals(p.finalHash, p.replayed.finalHash(), p.name + "'s replay ends elsewhere");
        }
        assertNull(watcher.session.stopReason(), watcher.reports.toString());
        assertEquals(changes, watcher.session.delayChanges(), "the spectator switched elsewhere");
        assertEquals(players.get(0).finalHash, watcher.finalHash, "the spectator ended on another world");
        for (TestPeer p : players) {
            for (TestPeer.Given g : p.given) {
                // At least the delay in force less the part of a turn its budget was cut by; more only just after a
                // fall, while the batches sent already run ahead.
                long delay = g.effectTurn() - g.turn();
                assertTrue(delay >= delayAt(changes, g.turn()) - 1 && delay <= ADAPTIVE.delayCeiling(),
                        p.name + "'s order " + g + " under " + changes);
            }
        }
    }

    /** The delay in force in {@code turn}, from the changes. */
    static int delayAt(List<DelayChange> changes, long turn) {
        int d = ADAPTIVE.inputDelay();
        for (DelayChange c : changes) {
            if (c.fromTurn() <= turn) {
                d = c.delay();
            }
        }
        return d;
    }

    @Test
    void throughARealSlowLinkTheDelayRisesWithinItsCeilingAndThePeersStayInSync() throws Exception {
        LockstepConfig config = new LockstepConfig(50_000_000L, 1, 10).withAdaptiveDelay(1, 6);
        long end = 200;
        List<TestPeer> players = List.of(
                new TestPeer("ann", TestPeer.steady(16.667)).order(0.3, 0, 90, 90).order(7.0, 0, 10, 50),
                new TestPeer("bob", TestPeer.steady(33.333)).order(0.55, 1, 5, 5).order(8.5, 1, 60, 20));
        String setup = config.setup(TestPeer.GAME_SETUP);
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, setup),
                InetAddress.getLoopbackAddress(), 0, 2, config);
             DelayProxy proxy = DelayProxy.open(host.port(), 150_000_000L, 50_000_000L, 3)) {
            CompletableFuture<PeerLink> bob = CompletableFuture.supplyAsync(() -> {
                try {
                    return LockstepClient.join(PeerSettings.of("bob", Match.SECRET, Match.BUILD, setup),
                            "127.0.0.1", proxy.port(), Duration.ofSeconds(30));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            PeerLink annLink = host.awaitStart(Duration.ofSeconds(30));
            PeerLink bobLink = bob.get();
            players.get(0).start(annLink, config, end);
            players.get(1).start(bobLink, config, end);
            for (TestPeer p : players) {
                p.await(Duration.ofSeconds(60));
            }
            bobLink.close();
        }
        LockstepMatchTest.assertAllAgree(players, config, end);
        List<DelayChange> changes = players.get(0).session.delayChanges();
        assertEquals(changes, players.get(1).session.delayChanges(), "bob switched elsewhere");
        assertTrue(!changes.isEmpty(), "the delay never moved off 1 turn with a 50 ms one-way trip at least");
        int last = changes.get(changes.size() - 1).delay();
        // Each way takes at least 50 ms (75 - 25): a budget over one turn of 50 ms, so 1 + 2 turns at least (the
        // delay covers the one-way path a batch travels once the host has balanced the pair, not the round trip);
        // never over 6.
        assertTrue(last >= 3 && last <= 6, "delay " + last + " turns: " + changes);
        assertTrue(changes.stream().allMatch(c -> c.delay() >= 1 && c.delay() <= 6), changes.toString());
    }
}
