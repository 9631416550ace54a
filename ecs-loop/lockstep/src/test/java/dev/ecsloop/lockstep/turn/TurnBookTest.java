package dev.ecsloop.lockstep.turn;

import dev.ecsloop.lockstep.Command;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The last complete turn is the slowest seat's; turns come out in order, each with every seat's batch. */
class TurnBookTest {

    static List<Command> batch(int seat, long turn) {
        return List.of(new Command(seat, (int) turn, 0, 0, 0, 0));
    }

    @Property
    void completeTurnsFollowTheSlowestSeatAndComeOutWhole(@ForAll @IntRange(min = 1, max = 8) int seats,
                                                          @ForAll @IntRange(min = 1, max = 6) int delay,
                                                          @ForAll long seed) {
        TurnBook book = new TurnBook(seats, delay, true);
        Random r = new Random(seed);
        long[] sent = new long[seats];
        java.util.Arrays.fill(sent, delay - 1L);
        long taken = delay - 1L;
        List<List<Command>> into = new ArrayList<>();
        for (int step = 0; step < 300; step++) {
            int seat = r.nextInt(seats);
            long slowest = java.util.Arrays.stream(sent).min().orElseThrow();
            if (sent[seat] + 1 <= slowest + delay) {
                sent[seat]++;
                book.accept(seat, sent[seat], batch(seat, sent[seat]));
            }
            assertEquals(java.util.Arrays.stream(sent).min().orElseThrow(), book.completed());
            for (long t = book.takeNext(into); t >= 0; t = book.takeNext(into)) {
                assertEquals(taken + 1, t);
                taken = t;
                for (int s = 0; s < seats; s++) {
                    assertEquals(batch(s, t), into.get(s), "seat " + s + " turn " + t);
                }
            }
            assertEquals(book.completed(), taken);
        }
    }

    /**
     * What a peer's late frames' cover relies on: a turn within the send limit it read stays acceptable, whatever
     * batches, drops and rejoins come after, because the limit never falls.
     */
    @Property
    void theSendLimitNeverFallsThroughBatchesDropsAndRejoins(@ForAll @IntRange(min = 2, max = 6) int seats,
                                                             @ForAll @IntRange(min = 1, max = 6) int ahead,
                                                             @ForAll long seed) {
        TurnBook book = new TurnBook(seats, 1, ahead, false);
        Random r = new Random(seed);
        long limit = book.sendLimit();
        for (int step = 0; step < 400; step++) {
            int seat = r.nextInt(seats);
            int what = r.nextInt(12);
            if (book.playing(seat)) {
                if (what == 0 && seat != 0) { // the host's own seat cannot leave
                    book.drop(seat, book.received(seat) + 1);
                } else if (book.received(seat) + 1 <= limit) { // read before this step: still accepted
                    book.accept(seat, book.received(seat) + 1, List.of());
                }
            } else if (what < 3) {
                long room = book.sendLimit() - book.completed();
                book.rejoin(seat, book.completed() + 1 + r.nextInt((int) Math.max(1, room)));
            }
            long now = book.sendLimit();
            assertTrue(now >= limit, "the limit fell from " + limit + " to " + now + " at step " + step);
            limit = now;
        }
    }

    @Property
    void aSeatMoreThanTheDelayAheadOrOutOfOrderIsRefusedAndChangesNothing(
            @ForAll @IntRange(min = 2, max = 8) int seats, @ForAll @IntRange(min = 1, max = 6) int delay) {
        TurnBook book = new TurnBook(seats, delay, true);
        for (long t = delay; t < 2L * delay; t++) {
            book.accept(0, t, List.of());
        }
        assertThrows(IllegalArgumentException.class, () -> book.accept(0, 2L * delay, List.of()));
        assertThrows(IllegalArgumentException.class, () -> book.accept(1, delay + 1L, List.of()));
        assertThrows(IllegalArgumentException.class, () -> book.accept(seats, delay, List.of()));
        assertEquals(2L * delay - 1, book.received(0));
        assertEquals(delay - 1L, book.received(1));
        assertEquals(delay - 1L, book.completed());
    }

    @Test
    void aDroppedSeatsEarlierTurnsStillPlayAndLaterOnesAreEmpty() {
        TurnBook book = new TurnBook(2, 2, true);
        book.accept(1, 2, batch(1, 2));
        book.accept(1, 3, batch(1, 3));
        book.accept(0, 2, batch(0, 2));
        book.drop(1, 4);
        book.accept(1, 4, batch(1, 4)); // late, after the drop: ignored
        book.accept(0, 3, batch(0, 3));
        book.accept(0, 4, batch(0, 4));
        List<List<Command>> into = new ArrayList<>();
        assertEquals(2, book.takeNext(into));
        assertEquals(List.of(batch(0, 2), batch(1, 2)), into);
        assertEquals(3, book.takeNext(into));
        assertEquals(List.of(batch(0, 3), batch(1, 3)), into);
        assertEquals(4, book.takeNext(into));
        assertEquals(List.of(batch(0, 4), List.of()), into);
        assertEquals(-1, book.takeNext(into));
        assertEquals(false, book.playing(1));
    }

    @Test
    void aSeatThatRejoinsHasEmptyTurnsUntilItsReturnAndItsOwnBatchesFromThen() {
        TurnBook book = new TurnBook(2, 2, true);
        book.accept(0, 2, batch(0, 2));
        book.accept(1, 2, batch(1, 2));
        book.drop(1, 3);
        book.accept(0, 3, batch(0, 3));
        book.accept(0, 4, batch(0, 4));
        assertEquals("seat 1 cannot play again from turn 4: turns are complete to 4, the slowest seat is at 4",
                assertThrows(IllegalArgumentException.class, () -> book.rejoin(1, 4)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> book.rejoin(1, 7)); // past the delay: others would wait
        assertEquals("seat 0 is not a seat that left",
                assertThrows(IllegalArgumentException.class, () -> book.rejoin(0, 6)).getMessage());
        book.rejoin(1, 6);
        assertTrue(book.playing(1));
        assertEquals(5, book.received(1));
        book.accept(0, 5, batch(0, 5));
        book.accept(0, 6, batch(0, 6));
        assertEquals(5, book.completed(), "turn 6 waits for the returned seat");
        book.accept(1, 6, batch(1, 6));
        List<List<Command>> into = new ArrayList<>();
        List<List<List<Command>>> taken = new ArrayList<>();
        while (book.takeNext(into) >= 0) {
            taken.add(List.copyOf(into));
        }
        assertEquals(List.of(List.of(batch(0, 2), batch(1, 2)), List.of(batch(0, 3), List.of()),
                List.of(batch(0, 4), List.of()), List.of(batch(0, 5), List.of()),
                List.of(batch(0, 6), batch(1, 6))), taken);
    }

    @Test
    void aDropBeyondWhatTheSeatSentIsRefused() {
        TurnBook book = new TurnBook(2, 2, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> book.drop(1, 5));
        assertEquals("seat 1 dropped from turn 5 but its inputs end at turn 1", e.getMessage());
    }

    @Test
    void badSizesAreRefused() {
        assertEquals("a game has 1 to 8 players, not 9",
                assertThrows(IllegalArgumentException.class, () -> new TurnBook(9, 2, true)).getMessage());
        assertEquals("input delay must be at least 1 turn, was 0",
                assertThrows(IllegalArgumentException.class, () -> new TurnBook(2, 0, true)).getMessage());
    }

    @Test
    void anAdaptiveDelaysCeilingBoundsHowFarAheadASeatMaySendAndTheStartDelayTheEmptyTurns() {
        TurnBook book = new TurnBook(2, 2, 5, false);
        assertEquals(1, book.completed(), "turns 0 and 1 are empty for everyone");
        for (long t = 2; t <= 6; t++) {
            book.accept(0, t, List.of()); // up to the ceiling ahead of seat 1, which is at turn 1
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> book.accept(0, 7, List.of()));
        assertEquals("seat 0 sent turn 7, more than 5 turns ahead of turn 1 (last turns by seat: [6, 1])",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TurnBook(2, 3, 2, false));
    }
}
