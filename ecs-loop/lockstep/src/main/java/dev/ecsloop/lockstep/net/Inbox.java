package dev.ecsloop.lockstep.net;

import dev.ecsloop.lockstep.wire.Message;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Messages for the loop thread, filled by the network thread. */
final class Inbox {

    private final LinkedBlockingQueue<Message> queue = new LinkedBlockingQueue<>();

    void offer(Message m) {
        queue.offer(m);
    }

    Message poll() {
        return queue.poll();
    }

    Message await(long timeoutNanos) throws InterruptedException {
        return queue.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }
}
