package dev.ecsloop.lockstep.turn;

import java.util.TreeMap;

/**
 * The peers' state hashes per checkpoint turn, compared as they arrive: the first pair that differs is a desync.
 * A checkpoint is forgotten once every seat still playing has reported it, so the book holds only the few turns the
 * peers are apart.
 */
public final class HashBook {

    /** More open checkpoints than this means a peer stopped hashing: a protocol failure, not a desync. */
    public static final int MAX_OPEN = 4096;

    private final int seats;
    private final TreeMap<Long, long[]> open = new TreeMap<>();
    private final TreeMap<Long, boolean[]> seen = new TreeMap<>();
    private final TreeMap<Long, Long> instants = new TreeMap<>();
    /** Per seat, the last checkpoint it does not report (a seat that rejoined counts only after its return). */
    private final long[] silentThrough;

    /**
     * @param seats number of players
     * @throws IllegalArgumentException if not 1 to 8
     */
    public HashBook(int seats) {
        if (seats < 1 || seats > 8) {
            throw new IllegalArgumentException("a game has 1 to 8 players, not " + seats);
        }
        this.seats = seats;
        this.silentThrough = new long[seats];
        java.util.Arrays.fill(silentThrough, -1);
    }

    /**
     * Seat {@code peer} reports only checkpoints after {@code turn} (it rejoined and did not simulate the earlier
     * ones): those no longer wait for it.
     *
     * @param peer the seat
     * @param turn its last unreported checkpoint turn
     * @param playing which seats play now
     */
    public void silentThrough(int peer, long turn, boolean[] playing) {
        silentThrough[peer] = turn;
        seatsChanged(playing);
    }

    /**
     * Records seat {@code peer}'s hash at checkpoint {@code turn} and compares it with the others'.
     *
     * @param peer     the seat
     * @param turn     the checkpoint turn
     * @param simNanos the simulated time of the checkpoint on that seat
     * @param hash     the state hash
     * @param playing  which seats still play (a checkpoint closes when all of them reported)
     * @return the desync, or null if every hash of this checkpoint so far agrees
     * @throws IllegalArgumentException if the seat is out of range or reported this turn already
     * @throws IllegalStateException    if more than {@link #MAX_OPEN} checkpoints are open
     */
    public Desync report(int peer, long turn, long simNanos, long hash, boolean[] playing) {
        if (peer < 0 || peer >= seats) {
            throw new IllegalArgumentException("seat " + peer + " is not in this " + seats + "-player game");
        }
        long[] hashes = open.get(turn);
        if (hashes == null) {
            if (open.size() >= MAX_OPEN) {
                throw new IllegalStateException(MAX_OPEN + " checkpoints without every peer's hash");
            }
            hashes = new long[seats];
            open.put(turn, hashes);
            seen.put(turn, new boolean[seats]);
            instants.put(turn, simNanos);
        }
        boolean[] in = seen.get(turn);
        if (in[peer]) {
            throw new IllegalArgumentException("seat " + peer + " reported checkpoint " + turn + " twice");
        }
        in[peer] = true;
        hashes[peer] = hash;
        long when = instants.get(turn);
        for (int p = 0; p < seats; p++) {
            if (p != peer && in[p] && (hashes[p] != hash || when != simNanos)) {
                int first = Math.min(p, peer);
                int second = Math.max(p, peer);
                return new Desync(turn, when, first, hashes[first], second, hashes[second]);
            }
        }
        closeIfComplete(turn, playing);
        return null;
    }

    /**
     * Re-checks open checkpoints after a seat left: those every remaining seat reported close.
     *
     * @param playing which seats still play
     */
    public void seatsChanged(boolean[] playing) {
        for (Long turn : open.keySet().toArray(new Long[0])) {
            closeIfComplete(turn, playing);
        }
    }

    /** @return the earliest checkpoint turn still waiting for a hash, or -1 if none */
    public long firstOpen() {
        return open.isEmpty() ? -1 : open.firstKey();
    }

    /** @return checkpoints still waiting for a hash */
    public int openCheckpoints() {
        return open.size();
    }

    private void closeIfComplete(long turn, boolean[] playing) {
        boolean[] in = seen.get(turn);
        for (int p = 0; p < seats; p++) {
            if (playing[p] && !in[p] && turn > silentThrough[p]) {
                return;
            }
        }
        open.remove(turn);
        seen.remove(turn);
        instants.remove(turn);
    }
}
