package dev.ecsloop.demo.sim;

/**
 * SplitMix64, the simulation's only source of randomness: seeded, integer-only, and the same on every JDK,
 * which is what makes spawns reproducible from a seed.
 */
final class SimRandom {
    private long state;

    SimRandom(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** Uniform in {@code [0, 1)}, from the top 24 bits: exact in a float. */
    float nextFloat() {
        return (nextLong() >>> 40) * 0x1.0p-24f;
    }
}
