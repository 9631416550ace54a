package dev.ecsloop.console;

import java.util.concurrent.locks.LockSupport;

/**
 * Stands in for a game loop's thread in transport tests: drains the console about every 200 µs until closed.
 * Joining it on {@link #close()} makes everything its commands did visible to the test thread.
 */
final class LoopThread {

    private final Thread thread;
    private volatile boolean running = true;

    LoopThread(Console console) {
        thread = new Thread(() -> {
            while (running) {
                console.drain();
                LockSupport.parkNanos(200_000);
            }
        }, "test-loop");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops draining and waits for the thread, at most five seconds. */
    void close() throws InterruptedException {
        running = false;
        thread.join(5_000);
    }
}
