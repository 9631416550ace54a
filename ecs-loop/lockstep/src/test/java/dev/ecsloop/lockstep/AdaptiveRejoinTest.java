package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepClient;
import dev.ecsloop.lockstep.net.LockstepHost;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.PeerSettings;
import dev.ecsloop.lockstep.net.SeatTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adaptive input delay and rejoin together, over real loopback sockets. The host's lateness readings are scripted by
 * turn ({@link AdaptiveDelayTest#script}: the delay goes 3 to 5 at once, to 8 from turn 100, back to 2 once the slow
 * readings have left the window after turn 200). A peer is killed at turn 60 while the delay is 5 with a budget of
 * 188 ms (cut below its whole 200 ms) and takes its seat back: its catch-up must carry the delay and the budget in
 * force at the snapshot (the world's snapshot holds neither), so the rejoiner sends as every peer does from its
 * first batch on, schedules its order at least the delay ahead (less the part of a turn a budget cuts), and meets
 * the later rise to 8 and fall to 2 as the others do. Every peer ends on one hash with the same delay changes, and the survivors' recordings replay.
 */
class AdaptiveRejoinTest {

    static final LockstepConfig ADAPTIVE = AdaptiveDelayTest.ADAPTIVE;
    static final long END = AdaptiveDelayTest.END;
    static final long KILL_TURN = 60;
    static final String SETUP = ADAPTIVE.setup(TestPeer.GAME_SETUP);

    @Test
    void aPeerRejoinsUnderAChangedDelayAndEveryPeerEndsOnOneHashWithTheSameChanges(@TempDir Path dir)
            throws Exception {
        List<TestPeer> peers = RejoinTest.players();
        TestPeer ann = peers.get(0);
        TestPeer bob = peers.get(1);
        TestPeer cy = peers.get(2);
        cy.killAtNanos = KILL_TURN * ADAPTIVE.turnNanos();
        ann.recordTo = dir.resolve("ann.replay");
        bob.recordTo = dir.resolve("bob.replay");
        // cy's order after its return falls at turn 260: after the rise to 8, before the fall to 2 (turn 440 on).
        TestPeer back = new TestPeer("cy", TestPeer.steady(16.667)).order(13.0, 2, 20, 20);
        SeatTokens tokens = SeatTokens.in(dir.resolve("seats"));
        List<PeerLink> links = new ArrayList<>();
        try (LockstepHost host = LockstepHost.open(PeerSettings.of("ann", Match.SECRET, Match.BUILD, SETUP),
                InetAddress.getLoopbackAddress(), 0, 3, ADAPTIVE)) {
            List<CompletableFuture<PeerLink>> joins = new ArrayList<>();
            for (String name : List.of("bob", "cy")) {
                joins.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return join(host, name, tokens);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            links.add(host.awaitStart(Duration.ofSeconds(30)));
            for (CompletableFuture<PeerLink> j : joins) {
                links.add(j.get());
            }
            // The survivors hold once until cy has reconnected, and near the end until it plays live.
            for (TestPeer p : List.of(ann, bob)) {
                p.gates.add(new TestPeer.Gate((KILL_TURN + 20) * ADAPTIVE.turnNanos(), () -> logged(host,
                        "cy reconnected")));
                p.gates.add(new TestPeer.Gate((END - 60) * ADAPTIVE.turnNanos(), () -> back.live.getCount() == 0));
            }
            for (PeerLink link : links) {
                String name = link.names().get(link.seat());
                TestPeer p = peers.stream().filter(q -> q.name.equals(name)).findFirst().orElseThrow();
                p.start(link.seat() == 0 ? new ScriptedRoundTrip(link, () -> ann.session, AdaptiveDelayTest::script)
                        : link, ADAPTIVE, END);
            }
            cy.await(LockstepMatchTest.PATIENCE);
            assertTrue(RejoinTest.waitFor(() -> logged(host, "cy dropped")), host.log().toString());
            PeerLink again = join(host, "cy", tokens);
            links.add(again);
            assertTrue(again.rejoining(), "cy joined as a new player");
            back.start(again, ADAPTIVE, END);
            for (TestPeer p : List.of(back, ann, bob)) {
                try {
                    p.await(LockstepMatchTest.PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; ann " + ann.reports + "; cy " + back.reports
                            + "; host " + host.log(), e);
                }
            }
        } finally {
            for (PeerLink l : links) {
                l.close();
            }
        }
        List<DelayChange> changes = ann.session.delayChanges();
        assertEquals(List.of(5, 8, 2), changes.stream().map(DelayChange::delay).toList(), changes.toString());
        for (TestPeer p : List.of(ann, bob, back)) {
            assertNull(p.session.stopReason(), p.name + " stopped: " + p.reports);
            assertEquals(END * ADAPTIVE.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
            assertEquals(ann.finalHash, p.finalHash, p.name + "'s final world");
            assertEquals(changes, p.session.delayChanges(), p.name + "'s delay changes");
        }
        // cy came back while the delay the host had adapted to was in force, not the one the match started with.
        long from = rejoinedFrom(ann.reports);
        assertNotEquals(ADAPTIVE.inputDelay(), AdaptiveDelayTest.delayAt(changes, from),
                "cy came back under the starting delay: from turn " + from + ", " + changes);
        assertTrue(back.reports.stream().anyMatch(r -> r.startsWith("caught up")), back.reports.toString());
        // Its catch-up carried the host's budget, not the delay's whole turns (which would send a part of a turn
        // early until the next change).
        Matcher rise = Pattern.compile("input delay 3 -> 5 turns \\(budget (\\d+) ms\\)").matcher(
                String.join("\n", ann.reports));
        assertTrue(rise.find(), ann.reports.toString());
        long budget = Long.parseLong(rise.group(1)) * 1_000_000L;
        assertNotEquals(4 * ADAPTIVE.turnNanos(), budget, "the script should cut the budget below whole turns");
        assertEquals(budget, back.restoredBudget, "cy's budget after its catch-up");
        assertTrue(back.reports.contains("input delay 8 -> 2 turns (budget 28 ms) from turn "
                        + changes.get(2).fromTurn()),
                "cy did not meet the fall as the others did: " + back.reports);
        // Its order counted at least the delay in force ahead, less the part of a turn its budget was cut by, on
        // every peer.
        assertEquals(1, back.given.size(), "cy's orders after the rejoin");
        TestPeer.Given g = back.given.get(0);
        long ahead = g.effectTurn() - g.turn();
        assertTrue(ahead >= AdaptiveDelayTest.delayAt(changes, g.turn()) - 1 && ahead <= ADAPTIVE.delayCeiling(),
                "cy's order " + g + " under " + changes);
        long at = g.effectTurn() * ADAPTIVE.turnNanos();
        for (TestPeer p : List.of(ann, bob, back)) {
            assertTrue(p.seen.stream().anyMatch(s -> s.team() == 2 && s.x() == 20 && s.eventSimNanos() == at),
                    p.name + " never saw cy's order at " + at);
        }
        for (TestPeer p : List.of(ann, bob)) {
            assertTrue(p.replayed.matched(), p.name + "'s recording: " + p.replayed.divergence());
            assertEquals(p.finalHash, p.replayed.finalHash(), p.name + "'s replay ends elsewhere");
        }
    }

    private static PeerLink join(LockstepHost host, String name, SeatTokens tokens) throws Exception {
        return LockstepClient.join(PeerSettings.of(name, Match.SECRET, Match.BUILD, SETUP), "127.0.0.1",
                host.port(), Duration.ofSeconds(30), tokens);
    }

    private static boolean logged(LockstepHost host, String text) {
        return host.log().stream().anyMatch(l -> l.contains(text));
    }

    /** @return the turn the reports say cy plays again from */
    private static long rejoinedFrom(List<String> reports) {
        Pattern p = Pattern.compile("cy rejoined: plays again from turn (\\d+)");
        for (String r : reports) {
            Matcher m = p.matcher(r);
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        throw new AssertionError("nobody reported cy's return: " + reports);
    }
}
