package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.time.Clock;

import java.util.Arrays;

/**
 * A link that notes, in real time, when this peer sent each of its turn batches and when it took in each other
 * seat's batch (at the poll that handed it to the session): the benchmark's probe of where input-to-effect latency
 * goes. Written on the peer's loop thread, and by the late frames' cover's thread for the batches it sends; read after
 * the run.
 */
final class TimedLink extends ForwardingLink {

    private final Clock real = Clock.system();
    /** Real time this peer sent its batch for each turn; 0 if not (yet). */
    final long[] sent;
    /** Real time this peer took in seat s's batch for each turn: taken[s][turn]; 0 if not (yet). */
    final long[][] taken;

    /** The session's waits for a message (a frame that would stop short), their real time, those that got none. */
    int awaits;
    long awaitedNanos;
    int awaitsTimedOut;

    /** The loop thread: the link is made on it. Batches sent from any other thread are the cover's. */
    private final Thread loop = Thread.currentThread();
    /** Batches the late frames' cover sent ({@link LockstepSession#coverLateFrames}). */
    final java.util.concurrent.atomic.AtomicInteger covered = new java.util.concurrent.atomic.AtomicInteger();

    TimedLink(PeerLink link, int turns) {
        super(link);
        this.sent = new long[turns];
        this.taken = new long[Math.max(1, link.names().size())][turns];
    }

    @Override
    public void send(Message message) {
        if (message instanceof Message.Turn t && t.turn() < sent.length) {
            sent[(int) t.turn()] = real.nanoTime();
            if (Thread.currentThread() != loop) {
                covered.incrementAndGet();
            }
        }
        link.send(message);
    }

    @Override
    public Message poll() {
        return noted(link.poll());
    }

    @Override
    public Message await(long timeoutNanos) throws InterruptedException {
        long from = real.nanoTime();
        Message m = link.await(timeoutNanos);
        awaits++;
        awaitedNanos += real.nanoTime() - from;
        awaitsTimedOut += m == null ? 1 : 0;
        return noted(m);
    }

    private Message noted(Message m) {
        if (m instanceof Message.Turn t && t.turn() < sent.length && t.peer() >= 0 && t.peer() < taken.length) {
            taken[t.peer()][(int) t.turn()] = real.nanoTime();
        }
        return m;
    }

    @Override
    public String toString() {
        return "timed " + link + " " + Arrays.toString(new int[] {sent.length});
    }
}
