package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rogue host's {@code Rejoined}, met by a joiner (seat 1 of ann, bob, cy; cy left at turn 3): a turn the peer
 * has completed, one too far ahead of its slowest seat, another seat that plays, its own seat, a seat outside the match.
 * Each stops the session in one line ("protocol error: ..."); none throws out of the loop.
 */
class RogueRejoinedTest {

    @ParameterizedTest(name = "Rejoined({0}, {1})")
    @CsvSource({
            "2, 2, 'cannot play again from turn 2: turns are complete to 2'",
            "2, 9, 'cannot play again from turn 9'",
            "2, 9223372036854775807, 'cannot play again from turn 9223372036854775807'",
            "0, 9, 'seat 0 rejoined while it plays'",
            "1, 9, 'seat 1 is not a seat that left'",
            "5, 9, 'seat 5 is not in this 3-player game'",
            "-1, 9, 'seat -1 is not in this 3-player game'"})
    void aRogueRejoinedStopsTheSessionInOneLine(int seat, long from, String expected) throws Exception {
        LockstepConfig rules = new LockstepConfig(50_000_000L, 3, 20);
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        ScriptedLink link = new ScriptedLink("ann", "bob", "cy");
        LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link, rules);
        link.incoming.add(new Message.Drop(2, 3, "disconnected"));
        for (long t = 3; t <= 5; t++) {
            link.incoming.add(new Message.Turn(0, t, List.of()));
        }
        link.incoming.add(new Message.Rejoined(seat, from));
        for (int i = 0; i < 200 && session.stopReason() == null; i++) {
            session.poll(TimeUnit.MILLISECONDS.toNanos(1));
            clock.advance(16_666_667L);
            game.loop().frame();
        }
        String why = session.stopReason();
        assertNotNull(why, "the session took Rejoined(" + seat + ", " + from + ")");
        assertTrue(why.startsWith("protocol error: ") && why.contains(expected), why);
        assertFalse(why.contains("\n"), why);
    }
}
