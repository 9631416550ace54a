package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Message;

import java.util.List;

/**
 * A link that hands every call to another: the base of the tests' links that watch or script one thing and must
 * otherwise be the link they wrap (a forgotten method, such as {@link #rejoining()}, would silently take the
 * interface's default instead).
 */
abstract class ForwardingLink implements PeerLink {

    /** The wrapped link. */
    protected final PeerLink link;

    ForwardingLink(PeerLink link) {
        this.link = link;
    }

    @Override
    public int seat() {
        return link.seat();
    }

    @Override
    public List<String> names() {
        return link.names();
    }

    @Override
    public void send(Message message) {
        link.send(message);
    }

    @Override
    public Message poll() {
        return link.poll();
    }

    @Override
    public Message await(long timeoutNanos) throws InterruptedException {
        return link.await(timeoutNanos);
    }

    @Override
    public long rttNanos() {
        return link.rttNanos();
    }

    @Override
    public boolean rejoining() {
        return link.rejoining();
    }

    @Override
    public long bytes() {
        return link.bytes();
    }

    @Override
    public void close() {
        link.close();
    }
}
