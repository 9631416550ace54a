package dev.ecsloop.demo.map;

/**
 * SplitMix64: a tiny seeded generator written out here so map generation depends on no JDK algorithm that
 * could change between releases. The same seed gives the same sequence on every machine and JDK, which
 * lockstep peers rely on when each generates the map locally.
 */
final class SplitMix64 {
    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A uniform int in {@code [0, bound)} by multiply-shift on the top 32 bits (no modulo bias worth caring
     * about for map decoration, and no floating point).
     *
     * @throws IllegalArgumentException if {@code bound <= 0}
     */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, was " + bound);
        }
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** A uniform int in {@code [min, max]} inclusive. */
    int nextInt(int min, int max) {
        return min + nextInt(max - min + 1);
    }
}
