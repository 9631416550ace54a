package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.turn.TurnBook;

/**
 * The turn from which a seat that is ready after a rejoin plays again, chosen by the relay from its own book (the
 * frontiers it has relayed: each playing seat's last batch received), or none yet. Its own class because the rule
 * is the one place where the relay reasons about books it cannot see: every peer applies the answer at the same
 * point of the relay's order, and each must accept it ({@link TurnBook#rejoin}).
 *
 * <p>What a peer holds at that point: every other seat's batches exactly as relayed (it gets them from the relay,
 * in order), and its own batches, which may run ahead of the relay's copy (they are on their way to it). So, with
 * the relayed frontiers sorted {@code r1 <= r2 <= ...} over the seats that play:
 * <ul>
 *   <li>a peer's complete turns end at or before the smallest frontier of the <em>other</em> seats, which is at
 *       most {@code r2} (the seat at {@code r1} sees {@code r2}; any other seat sees {@code r1}); so the answer must
 *       be past {@code r2}, or a peer whose own batches are in flight may already have completed it;</li>
 *   <li>a peer's slowest seat is at least {@code r1} (its own copy of its seat is at least the relay's), and a seat
 *       may start at most {@code ahead} past its slowest; so the answer must be at most {@code r1 + ahead}.</li>
 * </ul>
 * The answer is {@code r1 + ahead} (as late as allowed, so no peer waits for the rejoiner's first batch) if that is
 * past {@code r2}. The relay's book keeps {@code r2 <= r1 + ahead}, so the only case without an answer is
 * {@code r2 == r1 + ahead}: the slowest seat's batches are behind by the whole of {@code ahead}. The relay then
 * defers the answer until the slowest seat's next batch (or its drop) closes the gap.
 *
 * <p>With one seat left playing (the host's own player, unless the relay dropped it) no other seat bounds its
 * completion: it completes every turn it sends, and its batches reach the relay through the host's event loop, which
 * may run any time later (a loaded machine delayed it by more than {@code ahead} turns, and the host's player
 * refused the relay's {@code r1 + ahead} as a turn it had completed). So the relay has no answer of its own then:
 * it asks that player ({@link #ASK_HOST}), which names one in its own order, behind all the batches it sent; with
 * the host's player dropped, nobody can, and the rejoiner waits.
 */
final class RejoinTurn {

    /** No turn satisfies every peer yet: the answer waits for the frontiers to close up. */
    static final long DEFER = -1;

    /** Only the host's own player plays: it names the turn ({@code Message.RejoinTurnWanted}). */
    static final long ASK_HOST = -2;

    private RejoinTurn() {
    }

    /**
     * @param book  the relay's book (the rejoining seat counts as left in it)
     * @param seats how many seats the match has
     * @param ahead the most turns a seat may send ahead of the slowest
     * @return the first turn with the rejoiner's inputs, {@link #DEFER} or {@link #ASK_HOST}
     */
    static long choose(TurnBook book, int seats, int ahead) {
        long r1 = Long.MAX_VALUE;
        long r2 = Long.MAX_VALUE;
        for (int s = 0; s < seats; s++) {
            if (!book.playing(s)) {
                continue;
            }
            long r = book.received(s);
            if (r < r1) {
                r2 = r1;
                r1 = r;
            } else if (r < r2) {
                r2 = r;
            }
        }
        if (r2 == Long.MAX_VALUE) {
            return ASK_HOST; // one seat plays, or none: only the host's player can name it (asked if it plays)
        }
        long from = r1 + ahead;
        return from > r2 ? from : DEFER;
    }
}
