package dev.ecsloop.time;

import java.util.concurrent.locks.LockSupport;

/**
 * The real, monotonic clock. This is the one class in ecs-loop that reads {@link System#nanoTime()}; keep it
 * that way, so that every other piece of the loop can be driven by a {@link ManualClock} in tests.
 */
final class SystemClock implements Clock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) {
        if (nanos > 0) {
            LockSupport.parkNanos(nanos);
        }
    }

    @Override
    public String toString() {
        return "SystemClock";
    }
}
