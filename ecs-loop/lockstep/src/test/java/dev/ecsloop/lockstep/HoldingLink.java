package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * A link that holds this peer's messages back: from the first one sent that matches {@code from}, everything it
 * sends waits, in order, until {@code until} holds, and then goes out at once (checked on the peer's own thread at
 * each send and poll, so the order of its messages never changes). It also notes the newest turn of its own and of
 * each seat it handed to the session, for another thread to wait on: a test stages a race at the relay without timing.
 */
final class HoldingLink extends ForwardingLink {

    private final Predicate<Message> from;
    private final BooleanSupplier until;
    private final List<Message> held = new ArrayList<>();
    private boolean holding;
    private boolean released;
    /** Whether a message has been held (read by other threads). */
    private volatile boolean caught;
    /** The newest turn of each seat handed to the session; -1 before any. */
    private final AtomicLongArray taken;
    /** The newest turn of this peer's own batches, sent or held; -1 before any. */
    private volatile long sent = -1;

    HoldingLink(PeerLink link, Predicate<Message> from, BooleanSupplier until) {
        super(link);
        this.from = from;
        this.until = until;
        this.taken = new AtomicLongArray(Math.max(1, link.names().size()));
        for (int s = 0; s < taken.length(); s++) {
            taken.set(s, -1);
        }
    }

    /** @return whether this link has held back a message */
    boolean caught() {
        return caught;
    }

    /** @return the newest turn of seat {@code seat} handed to the session, -1 before any */
    long taken(int seat) {
        return taken.get(seat);
    }

    /** @return the newest turn of this peer's own batches, sent or held; -1 before any */
    long sent() {
        return sent;
    }

    @Override
    public void send(Message message) {
        if (message instanceof Message.Turn t) {
            sent = Math.max(sent, t.turn());
        }
        if (!holding && !released && from.test(message)) {
            holding = true;
            caught = true;
        }
        if (holding) {
            held.add(message);
            releaseIfDue();
        } else {
            link.send(message);
        }
    }

    @Override
    public Message poll() {
        releaseIfDue();
        return noted(link.poll());
    }

    @Override
    public Message await(long timeoutNanos) throws InterruptedException {
        releaseIfDue();
        return noted(link.await(holding ? Math.min(timeoutNanos, 5_000_000L) : timeoutNanos));
    }

    private void releaseIfDue() {
        if (holding && until.getAsBoolean()) {
            holding = false;
            released = true;
            held.forEach(link::send);
            held.clear();
        }
    }

    private Message noted(Message m) {
        if (m instanceof Message.Turn t && t.peer() >= 0 && t.peer() < taken.length()) {
            taken.accumulateAndGet(t.peer(), t.turn(), Math::max);
        }
        return m;
    }
}
