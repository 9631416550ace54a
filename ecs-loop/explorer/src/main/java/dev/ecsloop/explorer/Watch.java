package dev.ecsloop.explorer;

import java.util.function.Consumer;

/**
 * One {@code world.watch} stream: the values of one component of some entities, sampled on the loop thread at
 * most every {@link #intervalNanos} of real time and handed to {@link #sink}, which passes them to the
 * server thread. Closed when the client goes away or after {@link #maxEvents} events.
 */
final class Watch {

    final Class<? extends com.artemis.Component> type;
    final int[] entities;
    final long intervalNanos;
    final long maxEvents;
    final Consumer<Object> sink;
    volatile boolean closed;
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
