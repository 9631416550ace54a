package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.lockstep.wire.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two seats catching up at once, over real loopback sockets: bob and cy both drop and reconnect; cy plays again
 * first (its {@code Ready} waits until bob has reconnected), while bob still catches up (his waits until cy plays
 * again). bob's catch-up predates cy's return, so he learns it from the relay like everything else it passes on;
 * cy's order after its return then counts on bob too, and all three end on one hash.
 */
class TwoRejoinersTest {

    static final LockstepConfig CONFIG = RejoinTest.CONFIG;
    static final long GATE = 30;
    static final long END = 160;

    @Test
    void aSeatCatchingUpLearnsThatAnotherPlaysAgain(@TempDir Path dir) throws Exception {
        TestPeer ann = RejoinTest.players().get(0);
        TestPeer bob = new TestPeer("bob", TestPeer.steady(33.333));
        TestPeer cy = new TestPeer("cy", TestPeer.steady(16.667)).order(5.0, 2, 77, 77);
        // ann's gates hold her batches back while the others catch up; on a loaded machine that outlasted the stall
        // timeout, and the host dropped its own player as stalled. The gates are the test's, so the timeout is long.
        try (RejoinTest.Rig rig = new RejoinTest.Rig(SeatTokens.in(dir.resolve("seats")),
                s -> s.withStallTimeout(Duration.ofMinutes(1)))) {
            rig.of("bob").close();
            rig.of("cy").close();
            assertTrue(RejoinTest.waitFor(() -> rig.logged("bob dropped") && rig.logged("cy dropped")),
                    rig.host.log().toString());
            // ann waits for both to be back, and near the end until both play live, so cy's order counts.
            ann.gates.add(new TestPeer.Gate(GATE * CONFIG.turnNanos(),
                    () -> rig.logged("bob reconnected") && rig.logged("cy reconnected")));
            ann.gates.add(new TestPeer.Gate((END - 40) * CONFIG.turnNanos(),
                    () -> bob.live.getCount() == 0 && cy.live.getCount() == 0));
            ann.start(rig.of("ann"), CONFIG, END);
            PeerLink bobAgain = rig.join("bob", rig.tokens, UnaryOperator.identity());
            PeerLink cyAgain = rig.join("cy", rig.tokens, UnaryOperator.identity());
            rig.links.add(bobAgain);
            rig.links.add(cyAgain);
            bob.start(new HoldingLink(bobAgain, m -> m instanceof Message.Ready,
                    () -> rig.logged("cy plays again")), CONFIG, END);
            cy.start(new HoldingLink(cyAgain, m -> m instanceof Message.Ready,
                    () -> rig.logged("bob reconnected")), CONFIG, END);
            for (TestPeer p : List.of(ann, bob, cy)) {
                try {
                    p.await(LockstepMatchTest.PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; reports: ann " + ann.reports + ", bob "
                            + bob.reports + ", cy " + cy.reports + "; host " + rig.host.log(), e);
                }
            }
            List<String> log = rig.host.log();
            int cyBack = indexOf(log, "cy plays again");
            int bobBack = indexOf(log, "bob plays again");
            assertTrue(cyBack >= 0 && bobBack > cyBack, "cy should play again first, while bob catches up: " + log);
        }
        for (TestPeer p : List.of(ann, bob, cy)) {
            assertNull(p.session.stopReason(), p.name + " stopped: " + p.reports);
            assertEquals(END * CONFIG.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
            assertEquals(ann.finalHash, p.finalHash, p.name + "'s final world");
        }
        assertEquals(1, cy.given.size(), "cy's order");
        long at = cy.given.get(0).effectTurn() * CONFIG.turnNanos();
        for (TestPeer p : List.of(ann, bob, cy)) {
            assertTrue(p.seen.stream().anyMatch(s -> s.x() == 77 && s.eventSimNanos() == at),
                    p.name + " never saw cy's order at " + at + ": " + p.seen);
        }
    }

    private static int indexOf(List<String> log, String text) {
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }
}
