package dev.ecsloop.trace;

/**
 * What the overhead benchmark needs of a trace beyond the public API: keeping a window open and its buffer
 * from filling, so that it measures the loop storing events, not the cheaper dropping path.
 */
public final class TraceBenchAccess {

    private TraceBenchAccess() {
    }

    /** Empties the trace's buffer and restarts its window. */
    public static void rewind(Trace trace) {
        trace.rewind();
    }
}
