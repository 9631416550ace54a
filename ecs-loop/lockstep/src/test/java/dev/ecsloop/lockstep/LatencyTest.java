package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.DelayHandler;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every connection delays each message by 20 to 60 ms (in order, seeded jitter), both ways: round trips beyond the
 * input delay make the peers wait at their horizons, but they stay in lockstep and every order still takes effect
 * exactly the input delay after the turn it was given in.
 */
class LatencyTest {

    @Test
    void latencyAndJitterKeepLockstepAndTheInputDelay() throws Exception {
        LockstepConfig config = new LockstepConfig(50_000_000L, 3, 1);
        List<TestPeer> peers = LockstepMatchTest.peers(3);
        AtomicLong seeds = new AtomicLong(1);
        try (Match match = new Match(LockstepMatchTest.names(peers), config, s -> s.withPipelineHook(
                p -> p.addFirst("lag", new DelayHandler(20_000_000L, 40_000_000L, seeds.getAndIncrement()))))) {
            LockstepMatchTest.run(match, peers, config, LockstepMatchTest.END_TURN);
            for (TestPeer p : peers) {
                p.await(LockstepMatchTest.PATIENCE);
            }
            assertTrue(match.links.get(1).rttNanos() >= 40_000_000L,
                    "round trip " + match.links.get(1).rttNanos() + " ns under the injected 40 ms");
        }
        LockstepMatchTest.assertAllAgree(peers, config);
    }
}
