package dev.ecsloop.demo.sim;

import dev.ecsloop.snapshot.SnapshotIn;
import dev.ecsloop.snapshot.SnapshotOut;
import dev.ecsloop.snapshot.SnapshotState;

/**
 * Whether the game is over and who won: it ends in the tick in which a base is destroyed. From then on the
 * simulation systems stop ({@link GameSystem}), so the final state, and its hash, no longer depend on how long
 * a caller keeps running frames after the end.
 */
final class Outcome implements SnapshotState {
    /** No winner yet. */
    static final int NONE = -1;
    /** Both bases fell in the same tick. */
    static final int DRAW = 2;

    private int winner = NONE;

    /** Records the fall of {@code team}'s base. */
    void baseFell(int team) {
        int other = 1 - team;
        if (winner == NONE) {
            winner = other;
        } else if (winner != other) {
            winner = DRAW; // the other base already fell in this tick
        }
    }

    @Override
    public void save(SnapshotOut out) {
        out.writeInt(winner);
    }

    @Override
    public void load(SnapshotIn in) {
        int w = in.readInt();
        if (w != NONE && w != 0 && w != 1 && w != DRAW) {
            throw in.fail("bad winner " + w);
        }
        winner = w;
    }

    boolean over() {
        return winner != NONE;
    }

    /** {@link #NONE}, 0, 1 or {@link #DRAW}. */
    int winner() {
        return winner;
    }
}
