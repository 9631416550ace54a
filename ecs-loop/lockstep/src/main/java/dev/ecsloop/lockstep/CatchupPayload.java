package dev.ecsloop.lockstep;

import dev.ecsloop.lockstep.turn.TurnBook;
import dev.ecsloop.lockstep.wire.Codec;

import java.nio.ByteBuffer;
import java.nio.BufferUnderflowException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a rejoining peer needs besides the host's order from its reconnect on: a snapshot of the host player's world,
 * taken between two frames, and that player's turn book at the same instant (every seat's turns received and not yet
 * posted to the game, the one held for its instant included, and which seats left), with the input delay and its
 * budget in force then ({@link InputDelay.State}: session state, which the snapshot of the world does not hold). The rejoiner restores the snapshot, rebuilds the
 * book and the delay from this, and then takes the relayed messages, skipping the turns it already holds.
 *
 * <pre>
 * magic "ECSLCTUP", int version 3, int seats, long simulated nanos, long base (the last turn taken)
 * per seat: long droppedFrom (Long.MAX_VALUE: plays), long received, int n batches (turns base+1 ..),
 *           n x (short k, k x 24-byte command)
 * input delay: int before, int after, long changedAt (-1: none), int n changes, n x (long fromTurn, int delay),
 *              long budget before, long budget after (nanoseconds; -1: the delay's whole turns)
 * int snapshot length, the snapshot's bytes (dev.ecsloop.snapshot format, with its own CRC and setup)
 * </pre>
 *
 * The transfer adds a length and a CRC-32 over all of it ({@code Message.Catchup}). A reader checks every count
 * against its limit and the whole against the book's rules, and says what is wrong in one line.
 *
 * @param simNanos    the simulated time of the snapshot
 * @param base        the last turn the host player had posted or passed (turns before a held one carry no input)
 * @param droppedFrom per seat, the turn it left at, or {@link Long#MAX_VALUE}
 * @param received    per seat, its last turn received
 * @param batches     per seat, its batches for turns {@code base + 1} on
 * @param delay       the input delay's state at the snapshot
 * @param snapshot    the snapshot's bytes
 */
record CatchupPayload(long simNanos, long base, long[] droppedFrom, long[] received, List<List<List<Command>>> batches,
                      InputDelay.State delay, byte[] snapshot) {

    private static final byte[] MAGIC = "ECSLCTUP".getBytes(StandardCharsets.US_ASCII);
    private static final int VERSION = 3;

    /** As {@link #of(long, TurnBook, int, InputDelay.State, byte[], long, List)} with no turn held. */
    static CatchupPayload of(long simNanos, TurnBook book, int seats, InputDelay.State delay, byte[] snapshot) {
        return of(simNanos, book, seats, delay, snapshot, -1, List.of());
    }

    /**
     * Captures a book and the input delay as they stand, with the snapshot of the same instant. A turn held for its
     * instant ({@link TurnDelivery}) was taken from the book but not posted yet: it goes first among the batches, so
     * the rejoiner posts it as the host's player will. The turns taken before it carry nothing for the game (no
     * input, or only lateness reports, read when they came in), so the catch-up starts at it.
     *
     * @param held        the turn held for its instant, or -1
     * @param heldBatches its batches by seat (ignored without one)
     */
    static CatchupPayload of(long simNanos, TurnBook book, int seats, InputDelay.State delay, byte[] snapshot,
                             long held, List<List<Command>> heldBatches) {
        long[] dropped = new long[seats];
        long[] received = new long[seats];
        List<List<List<Command>>> batches = new ArrayList<>();
        for (int p = 0; p < seats; p++) {
            dropped[p] = book.droppedFrom(p);
            received[p] = book.received(p);
            List<List<Command>> pending = book.pending(p);
            if (held >= 0 && held < dropped[p]) {
                List<List<Command>> withHeld = new ArrayList<>(pending.size() + 1);
                withHeld.add(heldBatches.get(p));
                withHeld.addAll(pending);
                pending = List.copyOf(withHeld);
            }
            batches.add(pending);
        }
        long base = held >= 0 ? held - 1 : book.nextToTake() - 1;
        return new CatchupPayload(simNanos, base, dropped, received, batches, delay, snapshot);
    }

    byte[] encode() {
        int size = MAGIC.length + 4 + 4 + 8 + 8 + 4 + 4 + 8 + 4 + delay.changes().size() * 12 + 8 + 8 + 4
                + snapshot.length;
        for (List<List<Command>> seat : batches) {
            size += 8 + 8 + 4;
            for (List<Command> b : seat) {
                size += 2 + b.size() * Command.WIRE_BYTES;
            }
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put(MAGIC).putInt(VERSION).putInt(received.length).putLong(simNanos).putLong(base);
        for (int p = 0; p < received.length; p++) {
            out.putLong(droppedFrom[p]).putLong(received[p]).putInt(batches.get(p).size());
            for (List<Command> b : batches.get(p)) {
                out.putShort((short) b.size());
                for (Command c : b) {
                    out.putInt(c.type()).putInt(c.code()).putFloat(c.x()).putFloat(c.y()).putFloat(c.z())
                            .putFloat(c.w());
                }
            }
        }
        out.putInt(delay.before()).putInt(delay.after()).putLong(delay.changedAt()).putInt(delay.changes().size());
        for (DelayChange c : delay.changes()) {
            out.putLong(c.fromTurn()).putInt(c.delay());
        }
        out.putLong(delay.budgetBefore()).putLong(delay.budgetAfter());
        out.putInt(snapshot.length).put(snapshot);
        return out.array();
    }

    /**
     * Reads a payload, checking its form (not yet the snapshot, which its restore checks).
     *
     * @param bytes the transfer's bytes
     * @param seats the match's seats
     * @param config the match's rules (a seat holds at most the delay's ceiling of turns past the slowest, and
     *               every delay lies within the floor and the ceiling)
     * @return the payload
     * @throws IllegalArgumentException if the bytes are not a payload of this match (one line)
     */
    static CatchupPayload decode(byte[] bytes, int seats, LockstepConfig config) {
        int ahead = config.delayCeiling();
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            byte[] magic = new byte[MAGIC.length];
            in.get(magic);
            if (!Arrays.equals(magic, MAGIC) || in.getInt() != VERSION) {
                throw new IllegalArgumentException("not a catch-up of this version");
            }
            int n = in.getInt();
            if (n != seats) {
                throw new IllegalArgumentException("a catch-up for " + n + " seats, this match has " + seats);
            }
            long sim = in.getLong();
            long base = in.getLong();
            if (sim < 0 || base < 0) {
                throw new IllegalArgumentException("negative time or turn");
            }
            long[] dropped = new long[seats];
            long[] received = new long[seats];
            List<List<List<Command>>> batches = new ArrayList<>();
            for (int p = 0; p < seats; p++) {
                dropped[p] = in.getLong();
                received[p] = in.getLong();
                int k = in.getInt();
                if (k < 0 || k > 2 * ahead + 2 || dropped[p] < 0) {
                    throw new IllegalArgumentException("seat " + p + " holds " + k + " turns");
                }
                List<List<Command>> seat = new ArrayList<>(k);
                for (int i = 0; i < k; i++) {
                    int c = in.getShort() & 0xffff;
                    if (c > Codec.MAX_COMMANDS) {
                        throw new IllegalArgumentException(c + " commands in one turn");
                    }
                    List<Command> batch = new ArrayList<>(c);
                    for (int j = 0; j < c; j++) {
                        batch.add(new Command(in.getInt(), in.getInt(), in.getFloat(), in.getFloat(),
                                in.getFloat(), in.getFloat()));
                    }
                    seat.add(List.copyOf(batch));
                }
                batches.add(List.copyOf(seat));
            }
            InputDelay.State delay = delayState(in, config);
            int len = in.getInt();
            if (len != in.remaining()) {
                throw new IllegalArgumentException("snapshot of " + len + " bytes in " + in.remaining());
            }
            byte[] snap = new byte[len];
            in.get(snap);
            return new CatchupPayload(sim, base, dropped, received, List.copyOf(batches), delay, snap);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("catch-up cut short");
        }
    }

    private static InputDelay.State delayState(ByteBuffer in, LockstepConfig config) {
        int before = delayIn(in.getInt(), config);
        int after = delayIn(in.getInt(), config);
        long changedAt = in.getLong();
        int n = in.getInt();
        if (changedAt < -1 || n < 0 || n > InputDelay.KEPT_CHANGES) {
            throw new IllegalArgumentException("an input delay changed at turn " + changedAt + ", " + n + " changes");
        }
        List<DelayChange> changes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long from = in.getLong();
            if (from < 1) {
                throw new IllegalArgumentException("an input delay change from turn " + from);
            }
            changes.add(new DelayChange(from, delayIn(in.getInt(), config)));
        }
        long budgetBefore = budgetIn(in.getLong(), before, config);
        long budgetAfter = budgetIn(in.getLong(), after, config);
        return new InputDelay.State(before, after, changedAt, List.copyOf(changes), budgetBefore, budgetAfter);
    }

    /** A budget the host may give with {@code delay} ({@link InputDelay#fits}), or -1 for the whole turns. */
    private static long budgetIn(long budget, int delay, LockstepConfig config) {
        if (budget != -1 && !InputDelay.fits(delay, budget, config.turnNanos())) {
            throw new IllegalArgumentException("a budget of " + budget + " ns with an input delay of " + delay
                    + " turns of " + config.turnNanos() + " ns");
        }
        return budget;
    }

    private static int delayIn(int d, LockstepConfig config) {
        if (d < config.delayFloor() || d > config.delayCeiling()) {
            throw new IllegalArgumentException("an input delay of " + d + " turns, outside " + config.delayFloor()
                    + ".." + config.delayCeiling());
        }
        return d;
    }

    /**
     * Builds the rejoiner's book from this: every seat's turns through {@code base} count as taken, then the held
     * batches and the departures in turn order, each through the book's own checks.
     *
     * @param config the match's rules: the delay at the start, and its ceiling for how far ahead a seat may be
     * @throws IllegalArgumentException if the batches break the book's rules (one line)
     */
    TurnBook book(LockstepConfig config) {
        int seats = received.length;
        int start = config.inputDelay();
        TurnBook book = new TurnBook(seats, start, config.delayCeiling(), true);
        if (base < start - 1L) {
            throw new IllegalArgumentException("catch-up from turn " + base + ", before the first turn");
        }
        book.startAt(base);
        long last = base;
        for (int p = 0; p < seats; p++) {
            long held = Math.max(0, Math.min(received[p], droppedFrom[p] - 1) - base);
            if (batches.get(p).size() != held) {
                throw new IllegalArgumentException("seat " + p + " received turn " + received[p] + " but holds "
                        + batches.get(p).size() + " turns past " + base);
            }
            last = Math.max(last, base + batches.get(p).size());
        }
        for (int p = 0; p < seats; p++) {
            if (droppedFrom[p] <= base + 1) {
                book.drop(p, droppedFrom[p]);
            }
        }
        for (long t = base + 1; t <= last; t++) {
            for (int p = 0; p < seats; p++) {
                int i = (int) (t - base - 1);
                if (i < batches.get(p).size() && t < droppedFrom[p]) {
                    book.accept(p, t, batches.get(p).get(i));
                }
            }
            for (int p = 0; p < seats; p++) {
                if (droppedFrom[p] == t + 1) {
                    book.drop(p, t + 1);
                }
            }
        }
        return book;
    }
}
