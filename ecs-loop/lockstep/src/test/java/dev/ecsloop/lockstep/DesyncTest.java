package dev.ecsloop.lockstep;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A peer with a nondeterministic system: every peer stops at the first checkpoint after it first misbehaved. */
class DesyncTest {

    @Test
    void aNondeterministicPeerStopsEveryPeerAtTheFirstCheckpointAfterItDiverged(@org.junit.jupiter.api.io.TempDir
                                                                                    Path dir) throws Exception {
        LockstepConfig config = new LockstepConfig(50_000_000L, 3, 1);
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        TestPeer rogue = peers.get(2);
        rogue.chaosFromNanos = 1_020_000_000L;
        for (TestPeer p : peers) {
            p.recordTo = dir.resolve(p.name + ".replay");
        }
        try (Match match = new Match(LockstepMatchTest.names(peers), config, UnaryOperator.identity())) {
            LockstepMatchTest.run(match, peers, config, 200);
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
        }
        long chaos = rogue.firstChaosNanos;
        assertEquals(1_050_000_000L, chaos, "the 20 Hz chaos system's first armed tick");
        long expectedTurn = chaos / config.turnNanos() + 1; // the hash before the tick at 1.05 s still agreed
        String line = "desync at turn " + expectedTurn + " (simulated "
                + dev.ecsloop.time.Durations.exactSeconds(expectedTurn * config.turnNanos()) + ")";
        for (TestPeer p : peers) {
            String reason = p.session.stopReason();
            assertNotNull(reason, p.name + " did not stop");
            assertTrue(reason.startsWith(line), p.name + " stopped with: " + reason);
            assertTrue(reason.contains("cy has "), reason);
            assertTrue(p.finalSimNanos < 200 * config.turnNanos(), p.name + " ran on to the end");
            assertTrue(Files.size(p.recordTo) > 0, "recording of " + p.name);
        }
        // Each peer kept its recording: the honest ones replay bit for bit, the rogue's replay (on a copy without
        // the chaos) pins the divergence between the last matching state and the chaos tick.
        assertTrue(peers.get(0).replayed.matched(), "ann: " + peers.get(0).replayed.divergence());
        assertTrue(peers.get(1).replayed.matched(), "bob: " + peers.get(1).replayed.divergence());
        var divergence = rogue.replayed.divergence();
        assertNotNull(divergence, "the rogue's recording replayed clean");
        assertTrue(divergence.lastMatchNanos() <= chaos && chaos < divergence.simNanos(), divergence.toString());
    }
}
