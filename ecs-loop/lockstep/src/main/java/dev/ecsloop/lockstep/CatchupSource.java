package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * The host player's side of a rejoin: when the relay asks for a snapshot for a reconnected seat, it captures the
 * world at the next poll, between frames, with the book of that instant and the turn held for its instant if any
 * (taken from the book, not posted yet: {@link CatchupPayload#of}), and sends both in chunks of
 * {@link Codec#CHUNK} bytes through the relay, which passes them to that seat only. The snapshot is fresh, taken at
 * the reconnect, not at the match's start. Split from {@link LockstepSession} so that serving rejoins is one piece.
 *
 * <p>Invariant: every request is answered once, with a snapshot or with the empty "cannot" chunk (no snapshots
 * given, or the capture failed). Not thread-safe: it lives on the loop thread.
 */
final class CatchupSource {

    private final PeerLink link;
    private final TurnBook book;
    private final InputDelay delay;
    private final int seats;
    private final TurnDelivery delivery;
    private final ArrayDeque<Integer> wanted = new ArrayDeque<>();
    private Snapshots snapshots;

    CatchupSource(PeerLink link, TurnBook book, InputDelay delay, int seats, TurnDelivery delivery) {
        this.link = link;
        this.book = book;
        this.delay = delay;
        this.seats = seats;
        this.delivery = delivery;
    }

    /** Serves rejoins from now on with snapshots of the session's loop. */
    void serveWith(Snapshots snapshots) {
        this.snapshots = snapshots;
    }

    /**
     * The relay asked for a snapshot for {@code seat}. A seat asked for again before it was served (it reconnected
     * meanwhile; the relay passes the chunks to its newest connection) gets one; every spectator's request counts.
     */
    void wanted(int seat) {
        if (seat < 0 || !wanted.contains(seat)) {
            wanted.addLast(seat);
        }
    }

    /**
     * Between frames: answers every waiting request, a turn held for its instant included in the book's part.
     *
     * @param simNanos the loop's simulated time now
     * @param reports  where a failed capture is reported
     */
    void serve(long simNanos, Consumer<String> reports) {
        if (wanted.isEmpty()) {
            return;
        }
        byte[] payload = null;
        if (snapshots != null) {
            try {
                // Only edits made outside the systems before the first tick can be pending here; the first tick
                // applies them the same way.
                snapshots.loop().snapshotState().flushEntities();
                payload = CatchupPayload.of(simNanos, book, seats, delay.state(), snapshots.capture(),
                        delivery.held(), delivery.heldBatches()).encode();
            } catch (SnapshotException e) {
                reports.accept("cannot serve a rejoin: " + e.getMessage());
            }
        }
        while (!wanted.isEmpty()) {
            send(wanted.pollFirst(), payload);
        }
    }

    private void send(int seat, byte[] payload) {
        if (payload == null || payload.length > Codec.MAX_CATCHUP) {
            link.send(new Message.Catchup(seat, 0, 0, 0, 0, new byte[0]));
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(payload);
        int chunks = (payload.length + Codec.CHUNK - 1) / Codec.CHUNK;
        for (int i = 0; i < chunks; i++) {
            int from = i * Codec.CHUNK;
            link.send(new Message.Catchup(seat, i, chunks, payload.length, (int) crc.getValue(),
                    Arrays.copyOfRange(payload, from, Math.min(payload.length, from + Codec.CHUNK))));
        }
    }
}
