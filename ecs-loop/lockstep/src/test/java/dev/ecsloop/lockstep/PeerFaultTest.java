package dev.ecsloop.lockstep;

import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer that vanishes or freezes is reported by name, and the others play on to the end without it, still in
 * agreement with each other; a seat left open for a late joiner is not said to have left.
 */
class PeerFaultTest {

    static final LockstepConfig CONFIG = new LockstepConfig(50_000_000L, 3, 1);
    static final long END = 80;

    @Test
    void aPeerKilledMidGameIsReportedByTheOthersWhoPlayOn() throws Exception {
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        TestPeer victim = peers.get(2);
        victim.killAtNanos = 1_500_000_000L;
        // The host's clock never moves: no stall check can fire, only the closed connection can be noticed.
        ManualClock still = new ManualClock();
        try (Match match = new Match(LockstepMatchTest.names(peers), CONFIG, s -> s.withClock(still))) {
            LockstepMatchTest.run(match, peers, CONFIG, END);
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
        }
        assertSurvivorsAgree(peers.subList(0, 2), "cy", "disconnected");
    }

    @Test
    void aFrozenPeerIsDroppedAfterTheStallTimeoutAndTheOthersPlayOn() throws Exception {
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        TestPeer frozen = peers.get(2);
        frozen.freezeAtNanos = 1_500_000_000L;
        ManualClock hostClock = new ManualClock();
        Duration stall = Duration.ofSeconds(60);
        try (Match match = new Match(LockstepMatchTest.names(peers), CONFIG,
                s -> s.withClock(hostClock).withStallTimeout(stall))) {
            LockstepMatchTest.run(match, peers, CONFIG, END);
            assertTrue(frozen.frozen.await(60, TimeUnit.SECONDS), "the peer never froze");
            // Before the timeout nothing happens: the others wait at their horizon.
            hostClock.advance(stall.minusSeconds(1));
            assertTrue(peers.get(0).finished.getCount() == 1, "ann finished without cy");
            // Past it, the host's next check drops the frozen peer. Step the clock until both survivors finish.
            while (!peers.get(0).finished.await(50, TimeUnit.MILLISECONDS)
                    || !peers.get(1).finished.await(50, TimeUnit.MILLISECONDS)) {
                hostClock.advance(Duration.ofSeconds(2));
            }
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
        }
        assertSurvivorsAgree(peers.subList(0, 2), "cy", "stalled");
    }

    @Test
    void playersWhoLeaveTheMomentTheyReachTheEndStillLetTheOthersFinish() throws Exception {
        // The host is fastest and quits first; the slower players still hold every turn it sent, and play them.
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        for (TestPeer p : peers) {
            p.leaveAtEnd = true;
        }
        try (Match match = new Match(LockstepMatchTest.names(peers), CONFIG, s -> s)) {
            LockstepMatchTest.run(match, peers, CONFIG, END);
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
        }
        LockstepMatchTest.assertAllAgree(peers, CONFIG);
    }

    @Test
    void aSeatOpenForALateJoinerIsSaidToWaitForOneNotToHaveLeft() {
        assertEquals("bob left at turn 40 (disconnected); the others play on, its seat gets no orders",
                new PeerFault(1, "bob", 40, "disconnected").describe());
        assertEquals("seat 1 (open) waits for a late joiner from turn 3; its seat gets no orders until one takes it",
                new PeerFault(1, "seat 1 (open)", 3, PeerFault.OPEN_SEAT).describe());
    }

    static void assertSurvivorsAgree(List<TestPeer> survivors, String lost, String why) {
        TestPeer first = survivors.get(0);
        for (TestPeer p : survivors) {
            assertNull(p.session.stopReason(), p.name + " stopped");
            assertEquals(END * CONFIG.turnNanos(), p.finalSimNanos, p.name);
            assertEquals(1, p.session.faults().size(), p.name + " faults " + p.session.faults());
            PeerFault fault = p.session.faults().get(0);
            assertEquals(lost, fault.name());
            assertTrue(fault.reason().startsWith(why), fault.reason());
            assertEquals(first.session.faults().get(0).fromTurn(), fault.fromTurn(), "turn of the drop");
            assertTrue(p.reports.stream().anyMatch(r -> r.startsWith(lost + " left at turn ")), p.reports.toString());
            assertEquals(LockstepMatchTest.hashesOnly(first.session.checkpoints()),
                    LockstepMatchTest.hashesOnly(p.session.checkpoints()), p.name);
            assertEquals(first.finalHash, p.finalHash, p.name);
            assertEquals(first.seen, p.seen, p.name);
        }
        assertEquals(END, first.session.checkpoints().size());
    }
}
