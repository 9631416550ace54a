package dev.ecsloop.demo.bench;

/**
 * The frames a catch-up bound cut, each as the stretch of real time it had to cover (from the previous frame's
 * clock reading to its own), and which of them a garbage-collection pause explains.
 *
 * <p>A frame is cut when more real time passed since the previous frame than the bound; that time was the
 * previous frame's work, the pacer's wait, and whatever stopped the thread: a GC pause, or another process
 * holding the cores. A cut frame <em>overlaps</em> a GC pause when a pause of the game's collections (not the
 * benchmark's own requested ones) falls inside its stretch, and is <em>due to</em> GC when the stretch without
 * those pauses would have fitted within the bound. Stored in arrays allocated up front, so recording allocates
 * nothing in the frames it watches.
 */
final class BoundHits {
    private static final int CAPACITY = 1 << 14;
    /** The bytes its arrays take on the heap: the soak subtracts them from what it reads. */
    static final long FOOTPRINT = 2 * (16 + 8L * CAPACITY);
    private final long[] from = new long[CAPACITY];
    private final long[] to = new long[CAPACITY];
    private long total;

    /**
     * Records a cut frame.
     *
     * @param fromNanos the previous frame's real-clock reading
     * @param toNanos   this frame's
     */
    void add(long fromNanos, long toNanos) {
        if (total < CAPACITY) {
            from[(int) total] = fromNanos;
            to[(int) total] = toNanos;
        }
        total++;
    }

    /** @return cut frames recorded */
    long total() {
        return total;
    }

    /**
     * Counts the cut frames within a stretch of real time, and how many a GC pause overlaps or explains.
     *
     * @param gc         the pauses
     * @param bound      the catch-up bound in nanoseconds
     * @param fromNanos  start of the stretch (cut frames ending in it count)
     * @param toNanos    its end, exclusive
     * @return {total, overlapping a GC pause, due to GC}
     */
    long[] attribute(GcPauses gc, long bound, long fromNanos, long toNanos) {
        long[] r = new long[3];
        int n = (int) Math.min(total, CAPACITY);
        for (int i = 0; i < n; i++) {
            if (to[i] < fromNanos || to[i] >= toNanos) {
                continue;
            }
            r[0]++;
            long paused = gc.pausedWithin(from[i], to[i]);
            if (paused > 0) {
                r[1]++;
                if (to[i] - from[i] - paused <= bound) {
                    r[2]++;
                }
            }
        }
        return r;
    }

    /** @return the longest stretch a cut frame had to cover, in nanoseconds (0 without any) */
    long longest() {
        long m = 0;
        for (int i = 0; i < Math.min(total, CAPACITY); i++) {
            m = Math.max(m, to[i] - from[i]);
        }
        return m;
    }
}
