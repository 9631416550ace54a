package dev.ecsloop.demo.random;

/**
 * SplitMix64, the demo's only source of randomness (map generation, spawns, jittered frame profiles): seeded,
 * integer-only and written out here, so it depends on no JDK algorithm that could change between releases.
 * The same seed gives the same sequence on every machine and JDK, which replays and lockstep peers rely on.
 *
 * <p>Not thread-safe; one generator per use, confined to one thread.
 */
public final class SplitMix64 {
    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** The next 64 random bits. */
    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A uniform int in {@code [0, bound)} by multiply-shift on the top 32 bits (no modulo, no floating point).
     *
     * @throws IllegalArgumentException if {@code bound <= 0}
     */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, was " + bound);
        }
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** A uniform int in {@code [min, max]} inclusive. */
    public int nextInt(int min, int max) {
        return min + nextInt(max - min + 1);
    }

    /** A uniform long in {@code [min, max]} inclusive; {@code min <= max}. */
    public long nextLong(long min, long max) {
        return min + Long.remainderUnsigned(nextLong(), max - min + 1);
    }

    /** Uniform in {@code [0, 1)}, from the top 24 bits: exact in a float. */
    public float nextFloat() {
        return (nextLong() >>> 40) * 0x1.0p-24f;
    }
}
