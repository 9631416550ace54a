package dev.ecsloop.pace;

import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

/**
 * A manual clock that counts how a pacer waits: sleep calls and the time they covered, spin calls and theirs. An
 * optional sleep overshoot imitates an operating system that wakes up late.
 */
final class CountingClock implements Clock {

    final ManualClock time;
    long reads;
    long sleeps;
    long sleptNanos;
    long spins;
    long spunNanos;
    long overshootNanos;
    Runnable onSleep = () -> { };

    CountingClock() {
        this.time = new ManualClock();
    }

    @Override
    public long nanoTime() {
        reads++;
        return time.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) {
        if (nanos <= 0) {
            return;
        }
        onSleep.run();
        sleeps++;
        sleptNanos += nanos + overshootNanos;
        time.sleepNanos(nanos + overshootNanos);
    }

    @Override
    public void spinWait() {
        spins++;
        spunNanos += time.spinNanos();
        time.spinWait();
    }

    void advance(long nanos) {
        time.advance(nanos);
    }

    long now() {
        return time.nanoTime();
    }

    void resetCounts() {
        reads = sleeps = sleptNanos = spins = spunNanos = 0;
    }
}
