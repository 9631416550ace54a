package dev.ecsloop.lockstep;

import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A match of fixed length ({@link LockstepSession#endAt}) taken up late: a session resumed (or rejoined) past the
 * end it is given could only end where it stands, on a world no other peer ends on, so that end is refused in one
 * line and the session keeps no end; an end at or after where it stands is taken.
 */
class FixedLengthTest {

    static final LockstepConfig RULES = PausedRejoinTest.RULES;

    /** A session resumed on a loop 40 turns into the match (a resumed match starts at a turn's instant). */
    private static LockstepSession resumedLate(ManualClock clock) throws InterruptedException {
        TestPeer.Game game = TestPeer.build(clock);
        while (game.loop().simulatedNanos() < 40 * RULES.turnNanos()) {
            clock.advance(RULES.turnNanos());
            game.loop().frame();
        }
        return LateStart.resume(game.loop(), game.inputs(), new ScriptedLink(1, false, "ann", "bob"), RULES);
    }

    @Test
    void anEndAlreadyPassedIsRefusedAndNoEndIsKept() throws Exception {
        LockstepSession session = resumedLate(new ManualClock());
        long now = session.turn();
        assertTrue(now >= 40, "resumed at turn " + now);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> session.endAt(now - 1));
        assertEquals("end turn " + (now - 1) + " has passed: the simulation is in turn " + now, e.getMessage());
        assertFalse(session.ended(), "the refused end was kept");
        assertThrows(IllegalArgumentException.class, () -> session.endAt(-1));
        session.endAt(now); // where it stands: it ends there, as every peer given that end does
        assertTrue(session.ended());
    }

    @Test
    void anEndStillAheadIsTaken() throws Exception {
        LockstepSession session = resumedLate(new ManualClock());
        session.endAt(session.turn() + 1);
        assertFalse(session.ended());
        session.endAt(Long.MAX_VALUE / 2); // no overflow in the check
        assertFalse(session.ended());
    }
}
