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
                + String.format("%.9f", expectedTurn * config.turnNanos() / 1e9) + " s)";
        for (TestPeer p : peers) {
            String reason = p.session.stopReason();
            assertNotNull(reason, p.name + " did not stop");
            assertTrue(reason.startsWith(line), p.name + " stopped with: " + reason);
            assertTrue(reason.contains("cy has "), reason);
            assertTrue(p.finalSimNanos < 200 * config.turnNanos(), p.name + " ran on to the end");
            Path file = dir.resolve(p.name + ".replay");
            p.recorder.save(file);
            assertTrue(Files.size(file) > 0, "recording of " + p.name);
        }
    }
}
