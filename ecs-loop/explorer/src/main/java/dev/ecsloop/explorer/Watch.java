package dev.ecsloop.explorer;

import java.util.function.Consumer;

/**
 * One {@code world.watch} stream: the values of one component of some entities (or all their components), sampled on the loop thread at
 * most every {@link #intervalNanos} of real time and handed to {@link #sink}, which passes them to the
 * server thread. Closed when the client goes away or after {@link #maxEvents} events. While the server thread
 * has not written the previous events, samples are skipped, not queued: a slow client or a starved server thread
 * costs the loop nothing and holds no memory.
 */
final class Watch {

    /** The component streamed, or null for whole entities (every component). */
    final Class<? extends com.artemis.Component> type;
    final int[] entities;
    final long intervalNanos;
    final long maxEvents;
    final Consumer<Object> sink;
    volatile boolean closed;
    /**
     * Set by the server thread once the response head is written. Sampling waits for it: an event handed over
     * before the head would reach the HTTP encoder first and be lost (the request can be answered on the loop
     * thread before the server thread has even registered its callback).
     */
    volatile boolean headWritten;
    /** Events handed to the server thread and not yet written: at {@link #MAX_IN_FLIGHT} sampling pauses. */
    final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    static final int MAX_IN_FLIGHT = 2;
    /** Samples skipped because the client or the server thread was behind. */
    long skipped;
    long nextAt = Long.MIN_VALUE;
    long sent;

    Watch(Class<? extends com.artemis.Component> type, int[] entities, long intervalNanos, long maxEvents,
          Consumer<Object> sink) {
        this.type = type;
        this.entities = entities;
        this.intervalNanos = intervalNanos;
        this.maxEvents = maxEvents;
        this.sink = sink;
    }
}
