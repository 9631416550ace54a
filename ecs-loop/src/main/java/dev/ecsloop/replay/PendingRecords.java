package dev.ecsloop.replay;

import java.util.Arrays;

/**
 * Records encoded but not yet journaled, kept sorted by simulated time (ties in arrival order), so that the
 * journal follows {@link JournalOrder} although input assigned ahead of the simulation (debt kept past the
 * catch-up bound) is reported before control changes made at earlier instants.
 *
 * <p>Only records at or before a floor (a time no later record can precede) leave, in order. The buffer holds
 * what one frame produces, so it stays small; its arrays grow on demand and are reused, and the steady state
 * allocates nothing.
 */
final class PendingRecords {

    private long[] times = new long[32];
    private int[] starts = new int[32];
    private int[] lengths = new int[32];
    private int count;
    private byte[] data = new byte[2048];
    private byte[] spare = new byte[2048];
    private int used;

    /** Adds one encoded record taking effect at {@code simNanos}. */
    void add(long simNanos, byte[] record, int length) {
        if (count == times.length) {
            times = Arrays.copyOf(times, count * 2);
            starts = Arrays.copyOf(starts, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        if (used + length > data.length) {
            data = Arrays.copyOf(data, Math.max(data.length * 2, used + length));
            spare = new byte[data.length];
        }
        System.arraycopy(record, 0, data, used, length);
        int at = count;
        while (at > 0 && times[at - 1] > simNanos) {
            at--;
        }
        System.arraycopy(times, at, times, at + 1, count - at);
        System.arraycopy(starts, at, starts, at + 1, count - at);
        System.arraycopy(lengths, at, lengths, at + 1, count - at);
        times[at] = simNanos;
        starts[at] = used;
        lengths[at] = length;
        count++;
        used += length;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** How many pending records take effect at or before {@code floor}: they come first. */
    int dueBy(long floor) {
        int n = 0;
        while (n < count && times[n] <= floor) {
            n++;
        }
        return n;
    }

    long time(int i) {
        return times[i];
    }

    byte kind(int i) {
        return data[starts[i]];
    }

    byte[] data() {
        return data;
    }

    int start(int i) {
        return starts[i];
    }

    int length(int i) {
        return lengths[i];
    }

    /** Forgets the first {@code n} records (they were journaled), keeping the rest in order. */
    void drop(int n) {
        if (n == 0) {
            return;
        }
        int kept = 0;
        for (int i = n; i < count; i++) {
            System.arraycopy(data, starts[i], spare, kept, lengths[i]);
            times[i - n] = times[i];
            starts[i - n] = kept;
            lengths[i - n] = lengths[i];
            kept += lengths[i];
        }
        byte[] t = data;
        data = spare;
        spare = t;
        used = kept;
        count -= n;
    }
}
