package dev.ecsloop;

/**
 * Counters of a running loop: totals since start, and per-second figures over the
 * last full second of real time, refreshed four times per second (every 250 ms of real time).
 *
 * <p>Per-second figures are the sum of the last four completed 250 ms buckets, so they change in steps four
 * times a second and never show a half-filled window. Per system: runs per second, mean and max cost of one
 * run in milliseconds. Per loop: frames per second and how often a frame hit the catch-up bound.
 *
 * <p>Read it on the loop thread (or accept slightly torn figures from another thread). Recording allocates
 * nothing; {@link #line()} allocates its string.
 */
public final class LoopStats {

    /** Real-time length of one bucket: the refresh period of the per-second figures. */
    public static final long BUCKET_NANOS = 250_000_000L;
    private static final int BUCKETS = 4;

    private final SystemSlot[] slots;
    /**
     * Per system, four longs side by side: runs since build, then the current bucket's runs, cost and longest run.
     * A run updates one system's four in one cache line, with one bounds check.
     */
    private final long[] live;
    private static final int TOTAL = 0;
    private static final int RUNS = 1;
    private static final int COST = 2;
    private static final int MAX = 3;
    private long bucketFrames;
    private long bucketCatchUpBoundHits;
    /**
     * Completed buckets, a ring of BUCKETS per system: runs, cost and longest run of system {@code s} in bucket
     * {@code r} at {@code (s * BUCKETS + r) * 3}, so a roll reads and writes each system's figures in one place.
     */
    private final long[] ring;
    private final long[] ringFrames = new long[BUCKETS];
    private final long[] ringCatchUpBoundHits = new long[BUCKETS];
    // Published per-second figures.
    private final long[] runsPerSecond;
    // Kept as longs and turned into milliseconds when read: a roll every 250 ms then costs no division.
    private final long[] costPerSecond;
    private final long[] maxNanos;
    private long framesPerSecond;
    private long catchUpBoundHitsPerSec;

    private long frames;
    private long catchUpBoundHitTotal;
    private long startReal;
    private long bucketIndex;
    /** Real nanoseconds after start at which the current bucket ends: (bucketIndex + 1) * BUCKET_NANOS. */
    private long bucketEnd = BUCKET_NANOS;

    LoopStats(SystemSlot[] slots, long startRealNanos) {
        this.slots = slots;
        int n = slots.length;
        live = new long[4 * n];
        ring = new long[n * BUCKETS * 3];
        runsPerSecond = new long[n];
        costPerSecond = new long[n];
        maxNanos = new long[n];
        startReal = startRealNanos;
    }

    /** Records one run of the system in slot {@code slot} that took {@code costNanos} of real time. */
    void recordRun(int slot, long costNanos) {
        int i = slot << 2;
        live[i + TOTAL]++;
        live[i + RUNS]++;
        live[i + COST] += costNanos;
        if (costNanos > live[i + MAX]) {
            live[i + MAX] = costNanos;
        }
    }

    /**
     * Starts a frame at real time {@code realNanos}: when a 250 ms boundary has passed, closes the buckets and
     * publishes new per-second figures, so that the frame's own runs count towards the bucket it started in.
     */
    void beginFrame(long realNanos) {
        long elapsed = realNanos - startReal;
        // Same test as (elapsed / BUCKET_NANOS > bucketIndex), without a division on every frame.
        if (elapsed >= bucketEnd) {
            roll(elapsed / BUCKET_NANOS);
        }
    }

    /** Counts the frame begun by {@link #beginFrame(long)}; {@code hitCatchUpBound} if it hit the catch-up bound. */
    void endFrame(boolean hitCatchUpBound) {
        frames++;
        bucketFrames++;
        if (hitCatchUpBound) {
            catchUpBoundHitTotal++;
            bucketCatchUpBoundHits++;
        }
    }

    private void roll(long index) {
        if (index == bucketIndex + 1) {
            rollOne();
        } else {
            rollPast(index);
        }
        bucketIndex = index;
        bucketEnd = (index + 1) * BUCKET_NANOS;
        bucketFrames = 0;
        bucketCatchUpBoundHits = 0;
    }

    /**
     * The usual roll, one bucket on: the closed bucket replaces the oldest, and the published sums move by the
     * difference, so each system's figures are read and written once.
     */
    private void rollOne() {
        int r = (int) (bucketIndex % BUCKETS);
        framesPerSecond += bucketFrames - ringFrames[r];
        catchUpBoundHitsPerSec += bucketCatchUpBoundHits - ringCatchUpBoundHits[r];
        ringFrames[r] = bucketFrames;
        ringCatchUpBoundHits[r] = bucketCatchUpBoundHits;
        for (int s = 0; s < slots.length; s++) {
            int l = s << 2;
            int q = (s * BUCKETS + r) * 3;
            long runs = live[l + RUNS];
            long cost = live[l + COST];
            runsPerSecond[s] += runs - ring[q];
            costPerSecond[s] += cost - ring[q + 1];
            ring[q] = runs;
            ring[q + 1] = cost;
            ring[q + 2] = live[l + MAX];
            live[l + RUNS] = 0;
            live[l + COST] = 0;
            live[l + MAX] = 0;
            maxNanos[s] = maxOfRing(s);
        }
    }

    /**
     * A roll over a stall: closes the current bucket, then the whole buckets that passed with no frame in them
     * (all of them empty if the current bucket is a full window old), and publishes the sums afresh.
     */
    private void rollPast(long index) {
        for (long b = bucketIndex; b < index && b < bucketIndex + BUCKETS; b++) {
            int r = (int) (b % BUCKETS);
            boolean current = b == bucketIndex;
            ringFrames[r] = current ? bucketFrames : 0;
            ringCatchUpBoundHits[r] = current ? bucketCatchUpBoundHits : 0;
            for (int s = 0; s < slots.length; s++) {
                int l = s << 2;
                int q = (s * BUCKETS + r) * 3;
                ring[q] = current ? live[l + RUNS] : 0;
                ring[q + 1] = current ? live[l + COST] : 0;
                ring[q + 2] = current ? live[l + MAX] : 0;
            }
        }
        if (index - bucketIndex > BUCKETS) {
            java.util.Arrays.fill(ringFrames, 0);
            java.util.Arrays.fill(ringCatchUpBoundHits, 0);
            java.util.Arrays.fill(ring, 0);
        }
        for (int s = 0; s < slots.length; s++) {
            java.util.Arrays.fill(live, (s << 2) + RUNS, (s << 2) + MAX + 1, 0L);
        }
        framesPerSecond = 0;
        catchUpBoundHitsPerSec = 0;
        for (int r = 0; r < BUCKETS; r++) {
            framesPerSecond += ringFrames[r];
            catchUpBoundHitsPerSec += ringCatchUpBoundHits[r];
        }
        for (int s = 0; s < slots.length; s++) {
            long runs = 0;
            long cost = 0;
            for (int r = 0; r < BUCKETS; r++) {
                int q = (s * BUCKETS + r) * 3;
                runs += ring[q];
                cost += ring[q + 1];
            }
            runsPerSecond[s] = runs;
            costPerSecond[s] = cost;
            maxNanos[s] = maxOfRing(s);
        }
    }

    private long maxOfRing(int s) {
        long max = 0;
        for (int q = s * BUCKETS * 3 + 2, end = q + BUCKETS * 3; q < end; q += 3) {
            max = Math.max(max, ring[q]);
        }
        return max;
    }

    private double meanMillis(int s) {
        long runs = runsPerSecond[s];
        return runs == 0 ? 0.0 : costPerSecond[s] / (double) runs / 1e6;
    }

    /** The index of a handle's system, in constant time. */
    private int slot(SystemHandle system) {
        int i = system.index();
        if (i >= slots.length || slots[i] != system.slot()) {
            throw new IllegalArgumentException("system " + system.name() + " is not in this loop");
        }
        return i;
    }

    /**
     * Frames completed since the loop was built.
     *
     * @return the count
     */
    public long frames() {
        return frames;
    }

    /**
     * Runs of {@code system} since the loop was built: fixed ticks, throttled runs or frames it ran in.
     *
     * @param system a system of the loop, as {@link GameLoop#system(Class)} resolved it
     * @return the count
     * @throws IllegalArgumentException if the handle belongs to another loop
     */
    public long runs(SystemHandle system) {
        return live[(slot(system) << 2) + TOTAL];
    }

    /**
     * Runs {@code system} skipped since the loop was built: a throttled system ({@code @TickRate(catchUp = false)})
     * runs at most once per frame, at the latest occurrence of its grid, and passes over the earlier ones; this
     * counts those, exactly (saturated at {@link Long#MAX_VALUE}). Zero for a system that catches up or runs every
     * frame: such a system skips no occurrence of simulated time (time dropped at the catch-up bound is never
     * simulated, see {@link GameLoop#droppedNanos()}).
     *
     * @param system a system of the loop, as {@link GameLoop#system(Class)} resolved it
     * @return the count
     * @throws IllegalArgumentException if the handle belongs to another loop
     */
    public long skippedRuns(SystemHandle system) {
        return slots[slot(system)].skippedRuns;
    }

    /**
     * Frames in which the catch-up bound cut simulated time short, since the loop was built.
     *
     * @return the count
     */
    public long catchUpBoundHits() {
        return catchUpBoundHitTotal;
    }

    /**
     * Frames over the last full second of real time; 0 until one second of real time has passed.
     *
     * @return the count
     */
    public long framesPerSecond() {
        return framesPerSecond;
    }

    /**
     * Frames that hit the catch-up bound over the last full second.
     *
     * @return the count
     */
    public long catchUpBoundHitsPerSecond() {
        return catchUpBoundHitsPerSec;
    }

    /**
     * Runs of {@code system} over the last full second of real time.
     *
     * @param system a system of the loop, as {@link GameLoop#system(Class)} resolved it
     * @return the count
     * @throws IllegalArgumentException if the handle belongs to another loop
     */
    public long runsPerSecond(SystemHandle system) {
        return runsPerSecond[slot(system)];
    }

    /**
     * Mean real milliseconds per run of {@code system} over the last full second.
     *
     * @param system a system of the loop, as {@link GameLoop#system(Class)} resolved it
     * @return milliseconds, 0 if it did not run
     * @throws IllegalArgumentException if the handle belongs to another loop
     */
    public double meanRunMillis(SystemHandle system) {
        int s = slot(system);
        return meanMillis(s);
    }

    /**
     * Longest run of {@code system} in real milliseconds over the last full second.
     *
     * @param system a system of the loop, as {@link GameLoop#system(Class)} resolved it
     * @return milliseconds, 0 if it did not run
     * @throws IllegalArgumentException if the handle belongs to another loop
     */
    public double maxRunMillis(SystemHandle system) {
        return maxNanos[slot(system)] / 1e6;
    }

    /**
     * One line of the per-second figures, e.g.
     * {@code Frames: 144 | AiSystem: 15 (0.42/0.90 ms) | PhysicsSystem: 60 (0.10/0.31 ms) | Catch-up bound hits: 0}
     * where each system shows runs per second and mean/max milliseconds per run. All figures cover the last
     * full second of real time, so they read 0 until one second has passed.
     *
     * @return the line, without a line break
     */
    public String line() {
        StringBuilder sb = new StringBuilder(64 + 48 * slots.length);
        sb.append("Frames: ").append(framesPerSecond);
        for (int s = 0; s < slots.length; s++) {
            sb.append(" | ").append(slots[s].name()).append(": ").append(runsPerSecond[s])
                    .append(" (").append(String.format(java.util.Locale.ROOT, "%.2f/%.2f", meanMillis(s),
                            maxNanos[s] / 1e6))
                    .append(" ms)");
        }
        sb.append(" | Catch-up bound hits: ").append(catchUpBoundHitsPerSec);
        return sb.toString();
    }

    @Override
    public String toString() {
        return line();
    }
}
