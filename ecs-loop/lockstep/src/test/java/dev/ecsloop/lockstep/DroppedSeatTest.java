package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seat the host dropped stops its own game with the drop's reason and says so ({@link LockstepSession#dropped()}),
 * so that a game can tell that stop from a desync (the demo offers no bisecting for it); another seat's drop is no
 * stop of its own.
 */
class DroppedSeatTest {

    private final TestPeer.Game game = TestPeer.build(new ManualClock());
    private final ScriptedLink link = new ScriptedLink(1, false, "ann", "bob", "cy");
    private final LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link,
            PausedRejoinTest.RULES);

    @Test
    void theHostDroppingThisSeatStopsItsGameAsADrop() {
        link.incoming.add(new Message.Drop(1, 2, "stalled: no inputs for 5000 ms while the others wait"));
        session.poll();
        assertEquals("dropped from the game at turn 2: stalled: no inputs for 5000 ms while the others wait",
                session.stopReason());
        assertTrue(session.dropped());
        assertEquals(null, session.desync());
    }

    @Test
    void anotherSeatsDropIsNotThisOnes() {
        link.incoming.add(new Message.Drop(2, 2, "quit"));
        session.poll();
        assertFalse(session.dropped());
        assertEquals(null, session.stopReason());
    }
}
