package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
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

    /**
     * A host that leaves after this peer reached its end (a host with a longer match, or one that quit then) took
     * nothing from it: no lost host, nothing to save for a resume.
     */
    @Test
    void aHostThatLeavesAfterThisPeersEndIsNoLostHost() throws Exception {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        ScriptedLink link = new ScriptedLink(1, false, "ann", "bob");
        LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link, RULES);
        session.endAt(10);
        long next = RULES.inputDelay(); // ann's batches, as her loop would send them: never far ahead of bob's
        for (int i = 0; i < 100 && !session.ended(); i++) {
            for (; next <= Math.min(12, session.turn() + RULES.inputDelay() - 1); next++) {
                link.incoming.add(new Message.Turn(0, next, java.util.List.of()));
            }
            session.poll(0);
            clock.advance(PausedRejoinTest.FRAME);
            game.loop().frame();
        }
        assertTrue(session.ended(), "never reached its end: " + session.stopReason());
        link.incoming.add(new Message.Drop(0, 13, "quit"));
        for (int i = 0; i < 5; i++) {
            session.poll(0);
            clock.advance(PausedRejoinTest.FRAME);
            game.loop().frame();
        }
        assertFalse(session.hostLost(), "a host that left after the end was taken for lost");
        assertEquals(null, session.stopReason());
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
