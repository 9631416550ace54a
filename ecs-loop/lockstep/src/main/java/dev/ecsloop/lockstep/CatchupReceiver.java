package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.LockstepRefusedException;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The rejoiner's receipt of a catch-up: collects the chunks the host sends, checks them as a file is checked (one
 * header throughout, chunks in order, the announced length and CRC-32), and keeps every other message relayed
 * meanwhile, in order, for the session to take after the restore. Memory grows with the bytes actually received,
 * never with what a header claims, and is bounded by {@link Codec#MAX_CATCHUP} and {@link #MAX_KEPT} messages.
 */
final class CatchupReceiver {

    /** Most relayed messages kept while the chunks arrive; more means the transfer is stuck. */
    static final int MAX_KEPT = 1 << 16;

    /** The received transfer and what was relayed meanwhile. */
    record Received(byte[] bytes, List<Message> meanwhile) {
    }

    private CatchupReceiver() {
    }

    /**
     * Waits for the whole catch-up.
     *
     * @param link      the rejoining link
     * @param quietNanos the longest wait for the next message
     * @return the bytes, checked against their length and CRC, and the messages relayed meanwhile
     * @throws LockstepRefusedException one line: the host cannot serve, went quiet or away, or sent a chunk that
     *                                  is out of order, inconsistent, or corrupt
     * @throws InterruptedException     if interrupted while waiting
     */
    static Received receive(PeerLink link, long quietNanos) throws LockstepRefusedException, InterruptedException {
        List<Message> meanwhile = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Message.Catchup first = null;
        int next = 0;
        while (true) {
            Message m = link.await(quietNanos);
            if (m == null) {
                throw refused("the host sent no catch-up for " + quietNanos / 1_000_000_000L + " s");
            }
            if (m instanceof Message.Lost l) {
                throw refused(l.reason());
            }
            if (!(m instanceof Message.Catchup c)) {
                if (meanwhile.size() >= MAX_KEPT) {
                    throw refused("more than " + MAX_KEPT + " messages before the catch-up ended");
                }
                meanwhile.add(m);
                continue;
            }
            if (link.seat() >= 0 && c.peer() != link.seat()) { // a spectator's come as seat 0's
                throw refused("a catch-up for seat " + c.peer() + ", this is seat " + link.seat());
            }
            if (c.chunks() == 0) {
                throw refused("the host cannot serve a rejoin (it keeps no snapshots, or its capture failed)");
            }
            if (first == null) {
                first = c;
            }
            if (c.index() != next || c.chunks() != first.chunks() || c.length() != first.length()
                    || c.crc() != first.crc()) {
                throw refused("catch-up chunk " + c.index() + " of " + c.chunks() + " out of order or inconsistent");
            }
            bytes.write(c.data(), 0, c.data().length);
            if (++next == first.chunks()) {
                byte[] all = bytes.toByteArray();
                CRC32 crc = new CRC32();
                crc.update(all);
                if (all.length != first.length() || (int) crc.getValue() != first.crc()) {
                    throw refused("corrupt catch-up: " + all.length + " bytes with CRC " + Integer.toHexString(
                            (int) crc.getValue()) + ", announced " + first.length() + " with CRC "
                            + Integer.toHexString(first.crc()));
                }
                return new Received(all, meanwhile);
            }
        }
    }

    static LockstepRefusedException refused(String why) {
        return new LockstepRefusedException("rejoin refused: " + why);
    }
}
