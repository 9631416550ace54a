package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two to eight peers over real loopback sockets, each with its own manual clock and frame profile (one with frames
 * twice as long as another's), orders from several of them: every checkpoint hash and the final world agree, and
 * every order takes effect exactly the input delay after the turn it was given in.
 */
class LockstepMatchTest {

    static final LockstepConfig CONFIG = new LockstepConfig(50_000_000L, 3, 1);
    static final long END_TURN = 80;
    static final Duration PATIENCE = Duration.ofSeconds(20);

    static List<TestPeer> peers(int n) {
        List<TestPeer> peers = new ArrayList<>();
        peers.add(new TestPeer("ann", TestPeer.steady(16.667)).order(0.3, 0, 90, 90).order(2.2, 0, 10, 50));
        peers.add(new TestPeer("bob", TestPeer.steady(33.333)).order(0.55, 1, 5, 5).order(1.0, 1, 60, 20));
        if (n > 2) {
            peers.add(new TestPeer("cy", TestPeer.jitter(5, 40, 11)).order(1.7, 2, 50, 50));
        }
        if (n > 3) {
            TestPeer dee = new TestPeer("dee", TestPeer.steady(10)).order(0.9, 3, 20, 80).order(0.95, 3, 80, 20);
            dee.keepDebt = true; // time held at the horizon is owed and caught up, not dropped
            peers.add(dee);
        }
        String[] more = {"eve", "fay", "gus", "hal"};
        for (int i = 4; i < n; i++) {
            peers.add(new TestPeer(more[i - 4], TestPeer.steady(12 + 7 * i)).order(0.4 + 0.3 * i, i % 4, 30, 70));
        }
        return peers;
    }

    static List<String> names(List<TestPeer> peers) {
        return peers.stream().map(p -> p.name).toList();
    }

    /** Starts each peer on the link whose seat carries its name. */
    static void run(Match match, List<TestPeer> peers, LockstepConfig config, long endTurn) {
        for (PeerLink link : match.links) {
            String name = link.names().get(link.seat());
            peers.stream().filter(p -> p.name.equals(name)).findFirst().orElseThrow().start(link, config, endTurn);
        }
    }

    @ParameterizedTest(name = "{0} peers")
    @ValueSource(ints = {2, 3, 4, 8})
    void peersWithDifferentFrameProfilesAgreeAtEveryCheckpointAndAtTheEnd(int n,
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<TestPeer> peers = peers(n);
        for (TestPeer p : peers) {
            p.recordTo = dir.resolve(p.name + ".replay");
        }
        try (Match match = new Match(names(peers), CONFIG, UnaryOperator.identity())) {
            run(match, peers, CONFIG, END_TURN);
            for (TestPeer p : peers) {
                p.await(PATIENCE);
            }
        }
        assertAllAgree(peers, CONFIG);
        for (TestPeer p : peers) {
            assertTrue(p.replayed.matched(), p.name + "'s recording: " + p.replayed.divergence());
            assertEquals(p.finalHash, p.replayed.finalHash(), p.name + "'s replay ends elsewhere");
        }
    }

    static void assertAllAgree(List<TestPeer> peers, LockstepConfig config) {
        assertAllAgree(peers, config, END_TURN);
    }

    /** As above, for a match that ends at {@code endTurn}; with an adaptive delay, orders within its range. */
    static void assertAllAgree(List<TestPeer> peers, LockstepConfig config, long endTurn) {
        TestPeer first = peers.get(0);
        for (TestPeer p : peers) {
            assertNull(p.session.stopReason(), p.name + " stopped; reports: "
                    + peers.stream().map(q -> q.name + " " + q.reports).toList());
        }
        List<Message.Hash> reference = hashesOnly(first.session.checkpoints());
        assertEquals(endTurn / config.hashEvery(), reference.size(), "checkpoints of " + first.name);
        for (TestPeer p : peers) {
            assertNull(p.session.stopReason(), p.name + " stopped");
            assertEquals(endTurn * config.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
            assertEquals(reference, hashesOnly(p.session.checkpoints()), p.name + "'s checkpoints");
            assertEquals(first.finalHash, p.finalHash, p.name + "'s final world");
            assertEquals(first.seen, p.seen, p.name + " saw other orders");
        }
        int orders = 0;
        for (TestPeer p : peers) {
            for (TestPeer.Given g : p.given) {
                long delay = g.effectTurn() - g.turn();
                assertTrue(delay >= config.delayFloor() && delay <= config.delayCeiling(), "scheduled turn of " + g);
                long at = g.effectTurn() * config.turnNanos();
                assertTrue(first.seen.stream().anyMatch(s -> s.team() == g.command().code()
                        && s.x() == g.command().x() && s.eventSimNanos() == at && s.tickNanos() > at
                        && s.tickNanos() <= at + config.turnNanos()), "order " + g + " not seen at " + at);
                orders++;
            }
        }
        assertEquals(orders, first.seen.size(), "orders given vs orders seen");
        assertFalse(first.seen.isEmpty());
    }

    /** Checkpoints without the sending seat: what must agree across peers. */
    static List<Message.Hash> hashesOnly(List<Message.Hash> own) {
        return own.stream().map(h -> new Message.Hash(0, h.turn(), h.simNanos(), h.hash())).toList();
    }
}
