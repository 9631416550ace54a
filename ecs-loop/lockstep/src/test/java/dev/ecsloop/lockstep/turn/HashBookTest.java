package dev.ecsloop.lockstep.turn;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Hashes agree or the first differing pair is the desync; closed checkpoints are forgotten. */
class HashBookTest {

    static final boolean[] ALL = {true, true, true};

    @Test
    void agreeingHashesCloseTheCheckpoint() {
        HashBook book = new HashBook(3);
        assertNull(book.report(0, 4, 200, 42, ALL));
        assertNull(book.report(2, 4, 200, 42, ALL));
        assertEquals(1, book.openCheckpoints());
        assertNull(book.report(1, 4, 200, 42, ALL));
        assertEquals(0, book.openCheckpoints());
    }

    @Test
    void theFirstDifferingPairIsTheDesyncWithTurnTimeAndBothHashes() {
        HashBook book = new HashBook(3);
        assertNull(book.report(1, 7, 350_000_000L, 0xabcL, ALL));
        Desync d = book.report(0, 7, 350_000_000L, 0xdefL, ALL);
        assertEquals(new Desync(7, 350_000_000L, 0, 0xdefL, 1, 0xabcL), d);
        assertEquals("desync at turn 7 (simulated 0.350 s): ann has 0000000000000def, bob has 0000000000000abc",
                d.describe(List.of("ann", "bob", "cy")));
    }

    @Test
    void aSeatThatLeftNoLongerHoldsCheckpointsOpen() {
        HashBook book = new HashBook(3);
        assertNull(book.report(0, 1, 50, 9, ALL));
        assertNull(book.report(1, 1, 50, 9, ALL));
        book.seatsChanged(new boolean[] {true, true, false});
        assertEquals(0, book.openCheckpoints());
    }

    @Test
    void aSeatReportingTwiceIsAProtocolError() {
        HashBook book = new HashBook(2);
        book.report(0, 1, 50, 9, new boolean[] {true, true});
        assertThrows(IllegalArgumentException.class, () -> book.report(0, 1, 50, 9, new boolean[] {true, true}));
    }
}
