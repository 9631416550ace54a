package dev.ecsloop.trace;

/**
 * The events of one trace window, in preallocated primitive arrays: the loop thread appends, and once the window
 * has ended the writer thread reads. Appending allocates nothing; a full buffer drops the event and counts it,
 * so a long or busy window degrades into a shorter trace, never into memory growth or a stall.
 *
 * <p>Invariants: {@code 0 <= size <= capacity}; events {@code [0, size)} are complete; {@code dropped} counts
 * every append refused since the buffer was made. Ownership passes from the loop thread to the writer thread
 * once, through the thread start that begins writing (a happens-before edge), and never back.
 */
final class TraceBuffer {

    /** A system run: lane = system order, a = simulated instant. */
    static final byte RUN = 0;
    /** A frame: a = frame number, b = simulated time at its start, c = at its end. */
    static final byte FRAME = 1;
    /** Throttled runs skipped: lane = system order, a = runs, b = first skipped instant, c = instant run at. */
    static final byte SKIPPED = 2;
    /** A frame cut short by the catch-up bound: a = frame number, b = simulated time reached. */
    static final byte BOUND_HIT = 3;
    /** A frame held at the horizon (a lockstep wait): a = frame number, b = simulated time held at. */
    static final byte HORIZON_WAIT = 4;
    /**
     * A chunk or job a thread ran: lane = thread (0 the loop thread), a = chunk index or job serial, b = the
     * owner's label number, c = 1 for a job, 0 for a chunk.
     */
    static final byte WORK = 5;

    private final byte[] kind;
    private final int[] lane;
    private final long[] start;
    private final long[] duration;
    private final long[] a;
    private final long[] b;
    private final long[] c;
    private int size;
    private long dropped;

    /**
     * @param capacity the most events kept
     * @throws IllegalArgumentException if {@code capacity} is not positive
     */
    TraceBuffer(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("bad trace capacity: " + capacity + " (must be positive)");
        }
        kind = new byte[capacity];
        lane = new int[capacity];
        start = new long[capacity];
        duration = new long[capacity];
        a = new long[capacity];
        b = new long[capacity];
        c = new long[capacity];
    }

    /** Appends one event, or counts it as dropped when full. */
    void add(byte kind, int lane, long start, long duration, long a, long b, long c) {
        int i = size;
        if (i == this.kind.length) {
            dropped++;
            return;
        }
        this.kind[i] = kind;
        this.lane[i] = lane;
        this.start[i] = start;
        this.duration[i] = duration;
        this.a[i] = a;
        this.b[i] = b;
        this.c[i] = c;
        size = i + 1;
    }

    /** Forgets every event (the arrays are kept): for benchmarks that measure the storing path at length. */
    void rewind() {
        size = 0;
        dropped = 0;
    }

    int size() {
        return size;
    }

    int capacity() {
        return kind.length;
    }

    long dropped() {
        return dropped;
    }

    byte kind(int i) {
        return kind[i];
    }

    int lane(int i) {
        return lane[i];
    }

    long start(int i) {
        return start[i];
    }

    long duration(int i) {
        return duration[i];
    }

    long a(int i) {
        return a[i];
    }

    long b(int i) {
        return b[i];
    }

    long c(int i) {
        return c[i];
    }
}
