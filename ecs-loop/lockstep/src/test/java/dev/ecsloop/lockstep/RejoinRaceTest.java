package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.net.SeatTokens;
import dev.ecsloop.lockstep.wire.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rejoiner's {@code Ready} reaches the host while another seat's batches are still on their way to it, over real
 * loopback sockets, staged without timing: bob's batches from turn {@link #HOLD} on wait in his link, so the relay
 * has his turns only to {@code HOLD - 1} while he holds his own and ann's (relayed) to {@code HOLD + delay - 1}; cy's
 * {@code Ready} is let through only then. Answering with the relay's complete turns plus the delay would name a
 * turn bob has completed, and he would stop the match; the relay must wait for bob's next batch and name the turn
 * after. Every peer then ends the match on one hash.
 */
class RejoinRaceTest {

    static final LockstepConfig CONFIG = RejoinTest.CONFIG;
    /** ann and bob wait here until cy has said it is ready (held in its link). */
    static final long GATE = 40;
    /** bob's batches from this turn on wait in his link until the host has cy's Ready. */
    static final long HOLD = 50;
    static final long END = 150;

    @Test
    void aReadyWhileASeatsBatchesAreOnTheirWayIsAnsweredPastEveryPeersCompleteTurns(@TempDir Path dir)
            throws Exception {
        List<TestPeer> peers = RejoinTest.players();
        TestPeer ann = peers.get(0);
        TestPeer bob = peers.get(1);
        TestPeer back = new TestPeer("cy", TestPeer.steady(16.667));
        int delay = CONFIG.inputDelay();
        try (RejoinTest.Rig rig = new RejoinTest.Rig(SeatTokens.in(dir.resolve("seats")), UnaryOperator.identity())) {
            rig.of("cy").close();
            assertTrue(RejoinTest.waitFor(() -> rig.logged("cy dropped")), rig.host.log().toString());
            HoldingLink bobs = new HoldingLink(rig.of("bob"), m -> m instanceof Message.Turn t && t.turn() >= HOLD,
                    () -> rig.logged("cy is ready") || rig.logged("cy plays again"));
            PeerLink again = rig.join("cy", rig.tokens, UnaryOperator.identity());
            rig.links.add(again);
            // cy's Ready goes out once bob holds ann's batches and his own to HOLD + delay - 1: he has completed
            // that turn, which the relay, with bob's turns only to HOLD - 1, would take for the first one free.
            long completedByBob = HOLD + delay - 1;
            HoldingLink cys = new HoldingLink(again, m -> m instanceof Message.Ready,
                    () -> bobs.taken(0) >= completedByBob && bobs.sent() >= completedByBob);
            for (TestPeer p : List.of(ann, bob)) {
                p.gates.add(new TestPeer.Gate(GATE * CONFIG.turnNanos(), cys::caught));
            }
            ann.start(rig.of("ann"), CONFIG, END);
            bob.start(bobs, CONFIG, END);
            back.start(cys, CONFIG, END);
            for (TestPeer p : List.of(back, ann, bob)) {
                try {
                    p.await(LockstepMatchTest.PATIENCE);
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; reports: ann " + ann.reports + ", bob "
                            + bob.reports + ", cy " + back.reports + "; host " + rig.host.log(), e);
                }
            }
            assertTrue(bobs.caught(), "bob's batches were never held");
            for (TestPeer p : List.of(ann, bob, back)) {
                assertNull(p.session.stopReason(), p.name + " stopped: " + p.reports + "; host " + rig.host.log());
                assertEquals(END * CONFIG.turnNanos(), p.finalSimNanos, p.name + " ended elsewhere");
                assertEquals(ann.finalHash, p.finalHash, p.name + "'s final world");
            }
            assertTrue(rig.logged("cy is ready: it waits"), rig.host.log().toString());
            assertTrue(rig.logged("cy plays again from turn " + (HOLD + delay)), rig.host.log().toString());
            assertTrue(ann.reports.contains("cy rejoined: plays again from turn " + (HOLD + delay)),
                    ann.reports.toString());
        }
    }
}
