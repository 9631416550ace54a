package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.turn.TurnBook;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A catch-up's turn book survives encoding: the rejoiner's rebuilt book holds what the host's held (every seat's
 * received turn, departure and pending batches) and the input delay and budget in force; and no bytes, random or a
 * real payload with one byte changed, make the rejoiner throw anything but one line; a budget the host could not
 * have given with its delay is refused in one line.
 */
class CatchupProperties {

    static final int DELAY = 3;
    /** Rules with an adaptive delay around {@link #DELAY}: a catch-up carries the delay in force, within them. */
    static final LockstepConfig RULES = LockstepConfig.defaults().withAdaptiveDelay(2, 6).withInputDelay(DELAY);
    /** The delay went 3, 4, 5; the budgets are the host's, cut below the whole turns. */
    static final InputDelay.State CHANGED = new InputDelay.State(DELAY, 5, 17,
            List.of(new DelayChange(9, 4), new DelayChange(18, 5)), 2 * RULES.turnNanos() - 7_000_000,
            3 * RULES.turnNanos() + 1_234_000);

    /** A host's book after a seeded random match: seats send, some leave, some turns are taken. */
    static TurnBook randomBook(int seats, long seed) {
        Random r = new Random(seed);
        TurnBook book = new TurnBook(seats, DELAY, true);
        List<List<Command>> into = new ArrayList<>();
        for (int step = 0; step < 60; step++) {
            int p = r.nextInt(seats);
            if (!book.playing(p)) {
                continue;
            }
            if (r.nextInt(25) == 0 && p != 0) {
                book.drop(p, book.received(p) + 1);
                continue;
            }
            long next = book.received(p) + 1;
            try {
                book.accept(p, next, List.of(new Command(1, p, r.nextFloat(), next, 0, 0)));
            } catch (IllegalArgumentException tooFarAhead) {
                // the rule an honest peer follows; try another seat
            }
            while (r.nextBoolean() && book.takeNext(into) >= 0) {
                // take some complete turns, as the loop would
            }
        }
        while (book.takeNext(into) >= 0) {
            // a host serves with nothing complete left untaken
        }
        return book;
    }

    @Property
    void aBookComesBackAsItWas(@ForAll @IntRange(min = 1, max = 8) int seats, @ForAll long seed) {
        TurnBook host = randomBook(seats, seed);
        byte[] bytes = CatchupPayload.of(123, host, seats, CHANGED, new byte[] {1, 2, 3}).encode();
        CatchupPayload back = CatchupPayload.decode(bytes, seats, RULES);
        assertArrayEquals(new byte[] {1, 2, 3}, back.snapshot());
        assertEquals(123, back.simNanos());
        assertEquals(CHANGED, back.delay());
        TurnBook rebuilt = back.book(RULES);
        assertEquals(host.nextToTake(), rebuilt.nextToTake());
        for (int p = 0; p < seats; p++) {
            assertEquals(host.playing(p), rebuilt.playing(p), "seat " + p + " plays");
            assertEquals(host.pending(p), rebuilt.pending(p), "seat " + p + "'s pending turns");
            if (host.playing(p)) {
                assertEquals(host.received(p), rebuilt.received(p), "seat " + p + "'s last turn");
            }
        }
    }

    @Example
    void aBudgetTheHostCouldNotHaveGivenIsRefusedInOneLine() {
        long turn = RULES.turnNanos();
        for (long rogue : new long[] {0, 3 * turn, 4 * turn + 1, -2, Long.MAX_VALUE, Long.MIN_VALUE}) {
            InputDelay.State s = new InputDelay.State(DELAY, 5, 17, CHANGED.changes(), CHANGED.budgetBefore(), rogue);
            byte[] bytes = CatchupPayload.of(0, randomBook(3, 1), 3, s, new byte[8]).encode();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CatchupPayload.decode(bytes, 3, RULES));
            assertEquals("a budget of " + rogue + " ns with an input delay of 5 turns of " + turn + " ns",
                    e.getMessage());
        }
        InputDelay.State whole = new InputDelay.State(DELAY, 5, 17, CHANGED.changes());
        byte[] bytes = CatchupPayload.of(0, randomBook(3, 1), 3, whole, new byte[8]).encode();
        assertEquals(whole, CatchupPayload.decode(bytes, 3, RULES).delay(), "-1 stands for the whole turns");
    }

    @Property
    void anyBytesAreRefusedInOneLineOrRebuildABook(@ForAll @Size(max = 300) byte[] bytes) {
        refusedInOneLineOrBuilt(bytes);
    }

    @Property
    void aPayloadWithOneByteChangedIsRefusedInOneLineOrRebuildsABook(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 100_000) int at, @ForAll @IntRange(min = 1, max = 255) int flip) {
        byte[] bytes = CatchupPayload.of(0, randomBook(3, seed), 3, CHANGED, new byte[8]).encode();
        bytes[at % bytes.length] ^= (byte) flip;
        refusedInOneLineOrBuilt(bytes);
    }

    private static void refusedInOneLineOrBuilt(byte[] bytes) {
        try {
            CatchupPayload.decode(bytes, 3, RULES).book(RULES);
        } catch (IllegalArgumentException | IllegalStateException e) {
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
