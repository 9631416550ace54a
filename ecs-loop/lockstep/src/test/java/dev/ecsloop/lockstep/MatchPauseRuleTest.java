package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two orders a match-wide pause and its resume can arrive in, without sockets: a resume that comes first ends
 * the later pause at once, and either way the seat that resumed is announced exactly once.
 */
class MatchPauseRuleTest {

    private final GameLoop loop = GameLoop.builder().clock(new ManualClock())
            .world(new com.artemis.WorldConfigurationBuilder().with(new MoveSystem())).build();
    private final List<Integer> announced = new ArrayList<>();
    private final MatchPause pause = new MatchPause(loop, announced::add);

    @Test
    void aResumeAfterThePauseEndsItAndNamesTheSeat() {
        loop.pause();
        pause.began(13);
        assertTrue(pause.paused());
        assertFalse(pause.resumed(12, 1), "a resume of an earlier pause ends nothing");
        assertTrue(loop.isPaused());
        assertTrue(pause.resumed(13, 1));
        assertFalse(loop.isPaused());
        assertFalse(pause.paused());
        assertEquals(List.of(1), announced);
    }

    @Test
    void aResumeBeforeThePauseEndsItAtOnceAndStillNamesTheSeat() {
        assertFalse(pause.resumed(13, 2), "nothing to resume yet");
        assertEquals(List.of(), announced);
        loop.pause();
        pause.began(13);
        assertFalse(loop.isPaused(), "the pause was already ended by seat 2");
        assertFalse(pause.paused());
        assertEquals(List.of(2), announced);
        loop.pause();
        pause.began(14);
        assertTrue(pause.paused(), "a later pause is not covered by that resume");
        assertEquals(List.of(2), announced);
    }

    @Test
    void aResumeFromASeatTheGameLeavesOutEndsNothingAndIsToldOncePerSeat() {
        List<Integer> ignored = new ArrayList<>();
        pause.resumableBy(seat -> seat == 0, ignored::add);
        assertFalse(pause.resumed(13, 1), "an early resume of a seat left out is not remembered either");
        loop.pause();
        pause.began(13);
        assertTrue(pause.paused());
        assertFalse(pause.resumed(13, 1));
        assertFalse(pause.resumed(13, 2));
        assertFalse(pause.resumed(14, 1));
        assertTrue(loop.isPaused());
        assertEquals(List.of(1, 2), ignored);
        assertEquals(List.of(), announced);
        SilentLink link = new SilentLink("ann", "bob");
        assertFalse(pause.resumeHere(link, 1), "this peer's own seat, left out, ends nothing");
        assertTrue(loop.isPaused());
        assertEquals(List.of(), link.sent, "and sends nothing");
        assertTrue(pause.resumed(13, 0));
        assertFalse(loop.isPaused());
        assertEquals(List.of(0), announced);
    }
}
