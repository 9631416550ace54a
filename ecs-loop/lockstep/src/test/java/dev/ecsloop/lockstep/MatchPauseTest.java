package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A match-wide pause over real loopback sockets: one peer's pause command is applied by every peer's
 * {@link CommandFilter} at the same turn instant, the match holds (nobody is dropped for stalling, since nobody
 * is ahead), another peer's {@link LockstepSession#resumeMatch()} ends it everywhere, and the match ends in sync.
 */
class MatchPauseTest {

    static final int PAUSE = 9;

    /** The game's rule: type 9 pauses this loop at the turn's instant; everything else is an input. */
    static final Function<GameLoop, CommandFilter> RULE = loop -> (seat, c) -> {
        if (c.type() == PAUSE) {
            loop.pause();
            return null;
        }
        return c;
    };

    @Test
    void aPauseGivenByOnePeerHoldsEveryPeerAtTheSameTurnUntilAnotherResumes() throws Exception {
        TestPeer ann = new TestPeer("ann", TestPeer.steady(16.667)).command(0.5, new Command(PAUSE, 0, 0, 0, 0, 0))
                .order(1.0, 0, 90, 90);
        TestPeer bob = new TestPeer("bob", TestPeer.steady(25)).order(0.8, 1, 5, 5);
        ann.filter = RULE;
        bob.filter = RULE;
        bob.resumeAfterPausedFrames = 40;
        // Bob resumes only once ann holds a paused frame: this test checks that every peer pauses, and a resume
        // that reaches ann before her simulation reaches the pause rightly ends it at once, without a paused
        // frame (MatchPauseRuleTest covers that order). Unless gated, that depended on thread scheduling.
        bob.resumeWhen = () -> ann.paused.getCount() == 0;
        List<TestPeer> peers = List.of(ann, bob);
        try (Match match = new Match(LockstepMatchTest.names(peers), LockstepMatchTest.CONFIG,
                UnaryOperator.identity())) {
            LockstepMatchTest.run(match, peers, LockstepMatchTest.CONFIG, 60);
            ann.await(LockstepMatchTest.PATIENCE);
            bob.await(LockstepMatchTest.PATIENCE);
        }
        for (TestPeer p : peers) {
            assertNull(p.session.stopReason(), p.name + ": " + p.session.stopReason());
            assertTrue(p.session.faults().isEmpty(), p.name + " saw a peer leave: " + p.session.faults());
            assertTrue(p.pausedFrames > 0, p.name + " never paused");
            assertTrue(p.reports.stream().anyMatch(r -> r.startsWith("bob resumed the match at turn "))
                    || p.name.equals("bob"), p.name + ": " + p.reports);
        }
        assertTrue(bob.pausedFrames >= 40, "bob resumed before pausing 40 frames: " + bob.pausedFrames);
        assertEquals(ann.finalHash, bob.finalHash, "the match desynced");
        assertEquals(ann.finalSimNanos, bob.finalSimNanos);
    }
}
