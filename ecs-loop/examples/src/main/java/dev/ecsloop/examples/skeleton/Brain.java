package dev.ecsloop.examples.skeleton;

import com.artemis.Component;

/**
 * A unit's own random stream. Randomness is kept as state in the world, seeded from the game's setup, so the
 * same seed and input give the same game however real time falls into frames.
 */
public final class Brain extends Component {

    /** The generator's state; any value is valid. */
    public long state;

    /**
     * The next pseudo-random number (SplitMix64), advancing the state.
     *
     * @param bound exclusive upper bound, positive
     * @return a number in [0, bound)
     */
    public int next(int bound) {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) Long.remainderUnsigned(z, bound);
    }
}
