package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a lying peer can do to a desync diagnosis, without sockets: a mismatch announced without a stop, or about a
 * checkpoint this peer saw agreed, is not believed; the earliest believable claim wins; a peer without diagnosis
 * answers a mismatch with an empty probe, so nobody waits for it.
 */
class DesyncHuntTest {

    static final LockstepConfig CONFIG = new LockstepConfig(50_000_000L, 3, 1);

    private static DesyncHunt hunt(SilentLink link, Path dir) {
        TestPeer.Game game = TestPeer.build(new ManualClock());
        return new DesyncHunt(Snapshots.builder(game.loop()).setup("t").build(), dir, link, CONFIG, link.names());
    }

    @Test
    void aClaimIsBelievedOnlyAtTheStopAndOnlyPastWhatThisPeerSawAgreed(@TempDir Path dir) {
        SilentLink link = new SilentLink("ann", "bob", "cy");
        DesyncHunt h = hunt(link, dir);
        h.received(new Message.Mismatch(2, 7), 10);
        h.received(new Message.Mismatch(2, 30), 10);
        assertFalse(h.active(), "a claim without a stop diagnoses nothing");
        assertEquals(-1, h.turn());
        h.received(new Message.Mismatch(1, 20), 10);
        h.stopped();
        assertTrue(h.active());
        assertEquals(20, h.turn(), "the claim about agreed turn 7 is a lie; of 30 and 20 the earliest wins");
        assertTrue(link.sent.isEmpty(), "a believed claim is not announced again: " + link.sent);
        h.found(12, true);
        assertEquals(20, h.turn(), "the first mismatch stays");
    }

    @Test
    void aPeerWithoutDiagnosisAnswersWithAnEmptyProbe() {
        SilentLink link = new SilentLink("ann", "bob", "cy");
        DesyncHunt passive = DesyncHunt.passive(link, CONFIG, link.names());
        passive.found(9, true);
        assertEquals(2, link.sent.size(), link.sent.toString());
        assertEquals(new Message.Mismatch(0, 9), link.sent.get(0));
        Message.Probe probe = (Message.Probe) link.sent.get(1);
        assertEquals(List.of(0, 9L, 0, 0), List.of(probe.peer(), probe.turn(), probe.stage(), probe.values().length));
        assertFalse(passive.active(), "nothing to wait for here");
        assertEquals(null, passive.report());
        assertEquals(Long.MAX_VALUE, passive.captureNanos(), "no captures without diagnosis");
    }
}
