package dev.ecsloop.explorer;

import dev.ecsloop.time.Clock;

/**
 * A token bucket per connection: {@link #PER_SECOND} requests per second on average, bursts of up to as many.
 * Exact integer arithmetic on the clock's nanoseconds; one instance per connection, used by its server thread.
 */
final class RateLimit {

    /** Requests per second a connection may make. */
    static final int PER_SECOND = 200;
    private static final long NANOS_PER_TOKEN = 1_000_000_000L / PER_SECOND;

    private final Clock clock;
    private long tokens = PER_SECOND;
    private long last;

    RateLimit(Clock clock) {
        this.clock = clock;
        this.last = clock.nanoTime();
    }

    /** Takes one request's token; false if the connection is over its rate. */
    boolean take() {
        long now = clock.nanoTime();
        long earned = (now - last) / NANOS_PER_TOKEN;
        if (earned > 0) {
            tokens = Math.min(PER_SECOND, tokens + earned);
            last += earned * NANOS_PER_TOKEN;
        }
        if (tokens >= PER_SECOND) {
            last = now;
        }
        if (tokens == 0) {
            return false;
        }
        tokens--;
        return true;
    }
}
