package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host's {@code Seated} (a late joiner took an open seat), met by a joiner of ann, bob and an open seat 2: the
 * open seat takes the name, once, in the reports and {@code names()}; a rogue one (a seat not open, another seat's
 * name, a name with a right-to-left override, an escape sequence or a line break, a seat outside the match) stops
 * the session in one printable line and the names stay as they were.
 */
class RogueSeatedTest {

    static Stream<Arguments> rogues() {
        return Stream.of(
                Arguments.of(1, "mallory", "the host named seat 1 ('bob') 'mallory': only an open seat gets a name"),
                Arguments.of(2, "bob", "the host named seat 2 ('seat 2 (open)') 'bob': only an open seat gets a name"),
                Arguments.of(2, "e\u202Evil", "format or unassigned characters: 'e?vil'"),
                Arguments.of(2, "red\u001B[31m", "format or unassigned characters: 'red?[31m'"),
                Arguments.of(2, "two\nlines", "format or unassigned characters: 'two?lines'"),
                Arguments.of(5, "zed", "the host named seat 5 of a 3-player game"));
    }

    @ParameterizedTest
    @MethodSource("rogues")
    void aRogueSeatedStopsTheSessionInOnePrintableLine(int seat, String name, String expected) throws Exception {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        ScriptedLink link = new ScriptedLink("ann", "bob", "seat 2 (open)");
        LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link,
                new LockstepConfig(50_000_000L, 3, 20));
        link.incoming.add(new Message.Seated(seat, name));
        run(session, clock, game);
        String why = session.stopReason();
        assertNotNull(why, "the session took Seated(" + seat + ", " + name + ")");
        assertTrue(why.startsWith("protocol error: ") && why.contains(expected), why);
        assertTrue(why.chars().allMatch(c -> c >= 32 && c < 127), why);
        assertEquals(List.of("ann", "bob", "seat 2 (open)"), session.names());
    }

    @Test
    void theOpenSeatTakesTheNameOnce() throws Exception {
        ManualClock clock = new ManualClock();
        TestPeer.Game game = TestPeer.build(clock);
        ScriptedLink link = new ScriptedLink("ann", "bob", "seat 2 (open)");
        LockstepSession session = LockstepSession.start(game.loop(), game.inputs(), link,
                new LockstepConfig(50_000_000L, 3, 20));
        List<String> reports = new ArrayList<>();
        session.onReport(reports::add);
        link.incoming.add(new Message.Seated(2, "cy"));
        link.incoming.add(new Message.Seated(2, "cy")); // again, as for a peer whose Start had it: no change
        run(session, clock, game);
        assertNull(session.stopReason());
        assertEquals(List.of("ann", "bob", "cy"), session.names());
        assertEquals(List.of("cy took open seat 2"), reports);
    }

    private static void run(LockstepSession session, ManualClock clock, TestPeer.Game game) throws Exception {
        for (int i = 0; i < 20 && session.stopReason() == null; i++) {
            session.poll(TimeUnit.MILLISECONDS.toNanos(1));
            clock.advance(16_666_667L);
            game.loop().frame();
        }
    }
}
