package dev.ecsloop.lockstep;

import dev.ecsloop.GameLoop;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The stop at a turn's instant, on one peer driven by a manual clock as the session drives it (deliver, then the
 * horizon at the held turn's instant or the first turn not in; inside a frame stopped at the horizon, the same again,
 * as {@link Horizon#goOn} does): inputs that were in are posted inside the frame that reaches their instant, which
 * goes on, so the stop costs no simulated time and the input's effect shows in that frame; a wait for inputs that
 * were not in keeps its drop.
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

    {
        loop.addHorizonListener(at -> {
            if (delivery.held() >= 0 && at == delivery.held() * TURN) {
                deliverAndLimit();
            }
        });
    }

    private void deliverAndLimit() {
        delivery.deliver(CommandFilter.ALL);
        long turn = delivery.held() >= 0 ? delivery.held() : book.nextToTake();
        loop.setHorizon(Math.max(loop.simulatedNanos(), turn * TURN));
    }

    /** One poll and one frame of {@code ms}, as the session runs them. */
    private void frame(long ms) {
        deliverAndLimit();
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
        for (int i = 0; i < 3; i++) {
            frame(16);
        }
        assertEquals(0, game.commands().seen.size());
        frame(20); // reaches turn 1's instant, 50 ms, posts turn 1 there and goes on to 68 ms
        assertEquals(68 * MS, loop.simulatedNanos(), "the stop at the instant cost simulated time");
        assertEquals(0, loop.droppedNanos());
        assertEquals(1, game.commands().seen.size(), "the 30 Hz tick after the instant (66.7 ms), in the same frame, "
                + "saw the input");
        assertEquals(TURN, game.commands().seen.get(0).eventSimNanos(), "posted at the turn's instant");
        frame(16);
        assertEquals(84 * MS, loop.simulatedNanos());
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
