package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The stop at a turn's instant, on one peer driven by a manual clock as the session drives it (deliver, then the
 * horizon at the held turn's instant or the first turn not in): a stop for inputs that were in costs no simulated
 * time, a wait for inputs that were not keeps its drop.
 */
class TurnDeliveryTest {

    private static final long MS = 1_000_000L;
    private static final long TURN = 50 * MS;

    private final ManualClock clock = new ManualClock();
    private final TestPeer.Game game = TestPeer.build(clock, 0);
    private final GameLoop loop = game.loop();
    private final TurnBook book = new TurnBook(1, 1, true);
    private final TurnDelivery delivery = new TurnDelivery(loop, game.inputs(), book, TURN,
            new MatchPause(loop, seat -> { }));

    /** One poll and one frame of {@code ms}, as the session runs them. */
    private void frame(long ms) {
        delivery.deliver(CommandFilter.ALL);
        long turn = delivery.held() >= 0 ? delivery.held() : book.nextToTake();
        loop.setHorizon(Math.max(loop.simulatedNanos(), turn * TURN));
        clock.advance(ms * MS);
        loop.frame();
    }

    private void turnsIn(long from, long to) {
        for (long t = from; t <= to; t++) {
            book.accept(0, t, t == 1 ? List.of(new Command(1, 0, 0, 0, 0, 0)) : List.of());
        }
    }

    @Test
    void aStopForInputsThatWereInCostsNoTime() {
        turnsIn(1, 10);
        for (int i = 0; i < 4; i++) {
            frame(16); // the fourth would reach 64 ms: it stops at turn 1's instant, 50 ms
        }
        assertEquals(TURN, loop.simulatedNanos());
        frame(16); // posts turn 1, and the next frame covers what the stop held back
        assertEquals(80 * MS, loop.simulatedNanos(), "simulated time is back on real time");
        assertEquals(0, loop.droppedNanos());
        assertEquals(1, game.commands().seen.size(), "the tick after the instant saw the input");
        frame(16);
        assertEquals(96 * MS, loop.simulatedNanos());
    }

    @Test
    void aWaitForInputsThatWereNotInKeepsItsDrop() {
        for (int i = 0; i < 4; i++) {
            frame(16); // turn 1 is not in: the fourth frame stops at its instant and waits
        }
        assertEquals(TURN, loop.simulatedNanos());
        assertEquals(14 * MS, loop.droppedNanos());
        turnsIn(1, 10);
        frame(16);
        assertEquals(66 * MS, loop.simulatedNanos(), "a stalled peer falls back by its wait");
        assertEquals(14 * MS, loop.droppedNanos());
        frame(16);
        assertEquals(1, game.commands().seen.size(), "the tick after the instant saw the input");
    }
}
