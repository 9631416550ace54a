package dev.ecsloop.lockstep;

import dev.ecsloop.console.Echo;
import dev.ecsloop.lockstep.net.PeerLink;
import dev.ecsloop.lockstep.wire.Codec;
import dev.ecsloop.lockstep.wire.Message;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.snapshot.Snapshots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds what differs after a desync. While the match runs it captures a snapshot at every checkpoint instant (the
 * session stops the simulation exactly there) and forgets those older than the last checkpoint every peer agreed
 * on. When checkpoint {@code T} mismatches, every diagnosing peer meets at {@code T} (one behind simulates up to
 * it), writes its snapshots of the last agreed checkpoint and of {@code T}, restores {@code T} into its loop and
 * bisects with the others in three bounded rounds: bucket hashes (8 KB), the hashes of the first differing
 * bucket's entities (8 KB), then that entity's fields as text (4 KB). Each peer then holds the same block naming
 * the entity, component and field and every peer's value. A peer that cannot take part (no snapshot at {@code T},
 * or no diagnosis) says so with an empty first probe and is left out.
 *
 * <p>Invariants: at most {@link #MAX_KEPT} snapshots are kept; each peer sends at most one message per round, for
 * the first mismatch only; a round completes when every seat still playing and taking part has answered it, and
 * every peer derives the next round's key from the same answers. Cost while playing: one capture per checkpoint
 * (this allocates, so it is opt-in). Not thread-safe: it lives on the loop thread.
 */
final class DesyncHunt {

    /** Snapshots kept at most: the last agreed one and those not yet agreed; older ones go first. */
    static final int MAX_KEPT = 32;

    private final Snapshots snapshots;
    private final Path dir;
    private final PeerLink link;
    private final int seat;
    private final List<String> names;
    private final long turnNanos;
    private final int hashEvery;
    private final TreeMap<Long, byte[]> kept = new TreeMap<>();
    private long nextCapture;
    private String captureFailure;

    private long turn = -1;
    private long claim = -1;
    private int round = -1;
    private long key;
    private final long[][][] probes;
    private final String[] dumps;
    /** The key each seat's answer of each round was for; one for another key cannot be compared. */
    private final long[][] keys;
    private final boolean[] absent;
    private WorldDigest digest;
    private String files = "";
    private String report;

    /** @param names the players' names by seat, as the session keeps them (a late joiner's seat is renamed) */
    DesyncHunt(Snapshots snapshots, Path dir, PeerLink link, LockstepConfig config, List<String> names) {
        this.snapshots = snapshots;
        this.dir = dir;
        this.link = link;
        this.seat = link.seat();
        this.names = names;
        this.turnNanos = config.turnNanos();
        this.hashEvery = config.hashEvery();
        this.nextCapture = hashEvery;
        int n = names.size();
        this.probes = new long[2][n][];
        this.dumps = new String[n];
        this.keys = new long[3][n];
        this.absent = new boolean[n];
    }

    /**
     * @return the simulated instant of the next capture, which the simulation must stop at; MAX_VALUE if none. It
     * is one nanosecond before the checkpoint turn's start: a tick due exactly at a horizon runs, and the hash is
     * taken before the ticks of the turn's start, so the capture is of exactly the state that was hashed
     */
    long captureNanos() {
        if (snapshots == null || captureFailure != null || (turn >= 0 && nextCapture > turn)) {
            return Long.MAX_VALUE;
        }
        return nextCapture * turnNanos - 1;
    }

    /**
     * Between frames: captures if the simulation stands at the next checkpoint instant, and forgets snapshots
     * older than the last agreed checkpoint.
     *
     * @param simNanos      the loop's simulated time
     * @param agreedThrough the latest checkpoint turn every peer agreed on, or -1
     */
    void between(long simNanos, long agreedThrough) {
        if (snapshots != null && captureFailure == null && simNanos == nextCapture * turnNanos - 1) {
            try {
                kept.put(nextCapture, snapshots.capture());
            } catch (SnapshotException e) {
                captureFailure = e.getMessage();
            }
            nextCapture += hashEvery;
        }
        while (!kept.isEmpty() && (kept.firstKey() < Math.min(agreedThrough, turn < 0 ? Long.MAX_VALUE : turn)
                || kept.size() > MAX_KEPT)) {
            kept.pollFirstEntry();
        }
    }

    /** A hunt for a peer that does not diagnose: it answers a mismatch with an empty probe, so nobody waits. */
    static DesyncHunt passive(PeerLink link, LockstepConfig config, List<String> names) {
        return new DesyncHunt(null, null, link, config, names);
    }

    /**
     * The first desync is at checkpoint {@code t}; later ones are ignored.
     *
     * @param t        the checkpoint turn
     * @param announce whether this peer found it (it then tells the others where to meet)
     */
    void found(long t, boolean announce) {
        if (turn >= 0) {
            return;
        }
        turn = t;
        if (announce) {
            link.send(new Message.Mismatch(seat, t));
        }
        if (snapshots == null) {
            report = "no desync diagnosis on this peer";
            link.send(new Message.Probe(seat, t, 0, 0, new long[0]));
        }
    }

    /**
     * Another peer announced a mismatch at {@code t}. Believed only once this peer's game stops (a mismatch
     * announced without a stop changes nothing) and only past the last checkpoint this peer saw agreed (a lie about
     * an agreed one is ignored); the earliest claim wins.
     *
     * @param t             the checkpoint turn announced
     * @param agreedThrough the latest checkpoint this peer saw agreed
     */
    void claimed(long t, long agreedThrough) {
        if (turn < 0 && t > agreedThrough && (claim < 0 || t < claim)) {
            claim = t;
        }
    }

    /** The game stopped: a claimed mismatch, if any, becomes the one to diagnose. */
    void stopped() {
        if (turn < 0 && claim >= 0) {
            found(claim, false);
        }
    }

    /** @return the simulated instant the peers meet at: where the mismatched checkpoint was captured */
    long meetNanos() {
        return Math.multiplyExact(turn, turnNanos) - 1;
    }

    /**
     * Between frames while diagnosing: captures if due, moves the hunt on, and once the report is made passes its
     * lines on.
     *
     * @param simNanos      the loop's simulated time
     * @param agreedThrough the latest agreed checkpoint turn
     * @param playing       which seats still play
     * @param horizon       the horizon the session's turns allow
     * @param reports       where the report's lines go
     * @return the horizon to set
     */
    long advance(long simNanos, long agreedThrough, boolean[] playing, long horizon,
                 java.util.function.Consumer<String> reports) {
        between(simNanos, agreedThrough);
        step(simNanos, playing);
        if (report == null) {
            return Math.min(horizon, captureNanos());
        }
        for (String line : report.split("\n")) {
            reports.accept(line);
        }
        return snapshots.loop().simulatedNanos();
    }

    /** @return the mismatched checkpoint turn, or -1 */
    long turn() {
        return turn;
    }

    /** @return whether the hunt is under way: a mismatch is known and the report not made */
    boolean active() {
        return turn >= 0 && report == null;
    }

    /** @return the report block, or null (also for a peer that does not diagnose) */
    String report() {
        return snapshots == null ? null : report;
    }

    /**
     * A peer's mismatch, probe or fields; a probe or fields for another turn, or a second answer, is ignored.
     *
     * @param m             the message
     * @param agreedThrough the latest checkpoint this peer saw agreed (a mismatch claimed there is a lie)
     */
    void received(Message m, long agreedThrough) {
        if (m instanceof Message.Mismatch x) {
            claimed(x.turn(), agreedThrough);
        } else if (m instanceof Message.Probe p && p.turn() == turn && p.peer() < names.size()
                && probes[p.stage()][p.peer()] == null) {
            if (p.stage() == 0 && p.values().length == 0) {
                absent[p.peer()] = true;
            }
            probes[p.stage()][p.peer()] = p.values();
            keys[p.stage()][p.peer()] = p.key();
        } else if (m instanceof Message.Fields f && f.turn() == turn && f.peer() < names.size()
                && dumps[f.peer()] == null) {
            dumps[f.peer()] = f.dump();
            keys[2][f.peer()] = f.entity();
        }
    }

    /**
     * Moves the hunt on: starts once the simulation stands at or past the mismatch, then completes rounds.
     *
     * @param simNanos the loop's simulated time
     * @param playing  which seats still play
     */
    void step(long simNanos, boolean[] playing) {
        if (!active()) {
            return;
        }
        if (round < 0) {
            if (simNanos < turn * turnNanos - 1 && captureFailure == null) {
                return; // behind: the session simulates up to the mismatch first
            }
            start();
        }
        while (report == null && complete(playing)) {
            next();
        }
    }

    private void start() {
        round = 0;
        byte[] at = kept.get(turn);
        if (at == null) {
            absent[seat] = true;
            probes[0][seat] = new long[0];
            link.send(new Message.Probe(seat, turn, 0, 0, new long[0]));
            files = captureFailure != null ? "no snapshots: " + captureFailure
                    : "no snapshot of turn " + turn + " here";
            return;
        }
        Map.Entry<Long, byte[]> agreed = kept.lowerEntry(turn);
        files = "snapshots " + write(turn, at, "mismatch")
                + (agreed == null ? "" : ", " + write(agreed.getKey(), agreed.getValue(), "agreed"));
        try {
            snapshots.restore(at);
        } catch (SnapshotException e) {
            absent[seat] = true;
            probes[0][seat] = new long[0];
            link.send(new Message.Probe(seat, turn, 0, 0, new long[0]));
            files += "; cannot restore it: " + e.getMessage();
            return;
        }
        digest = new WorldDigest(snapshots.loop().world());
        probes[0][seat] = digest.buckets();
        link.send(new Message.Probe(seat, turn, 0, 0, probes[0][seat]));
    }

    private String write(long t, byte[] bytes, String what) {
        Path file = dir.resolve("desync-" + seat + "-turn" + t + "-" + what + ".snap");
        try {
            Files.createDirectories(dir);
            Files.write(file, bytes);
            return file.toString();
        } catch (IOException e) {
            return "(" + file + " not written: " + e.getMessage() + ")";
        }
    }

    private boolean complete(boolean[] playing) {
        for (int s = 0; s < names.size(); s++) {
            if (round > 0 && s != seat && (round < 2 ? probes[round][s] : dumps[s]) != null
                    && keys[round][s] != key) {
                absent[s] = true; // it bisects elsewhere (a rogue, or a bug): it cannot be compared
            }
            if (playing[s] && !absent[s] && (round < 2 ? probes[round][s] == null : dumps[s] == null)) {
                return false;
            }
        }
        return true;
    }

    /** A round is complete: derive the next key from the answers, the same on every peer, and send. */
    private void next() {
        List<Integer> in = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            if (!absent[s] && (round < 2 ? probes[round][s] != null : dumps[s] != null)) {
                in.add(s);
            }
        }
        if (in.size() < 2 || absent[seat]) {
            report = header() + ": too few peers could compare (" + in.size() + "); " + files;
            return;
        }
        if (round < 2) {
            int i = firstDifference(in);
            if (i < 0) {
                report = header() + ": the worlds agree entity by entity, so the difference is outside components"
                        + " (a system's declared state, the schedules or pending input); " + files;
                return;
            }
            key = round == 0 ? i : key + (long) i * Codec.BUCKETS;
            round++;
            if (key > Integer.MAX_VALUE) {
                report = header() + ": the first difference is past entity " + Integer.MAX_VALUE + "; " + files;
                return;
            }
            if (round == 1) {
                probes[1][seat] = digest.bucket((int) key);
                link.send(new Message.Probe(seat, turn, 1, key, probes[1][seat]));
            } else {
                dumps[seat] = digest.fields((int) key);
                link.send(new Message.Fields(seat, turn, (int) key, dumps[seat]));
            }
            return;
        }
        report = describe(in);
    }

    private int firstDifference(List<Integer> in) {
        int longest = 0;
        for (int s : in) {
            longest = Math.max(longest, probes[round][s].length);
        }
        for (int i = 0; i < longest; i++) {
            long first = at(probes[round][in.get(0)], i);
            for (int s : in) {
                if (at(probes[round][s], i) != first) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static long at(long[] values, int i) {
        return i < values.length ? values[i] : 0;
    }

    private String header() {
        return "desync at turn " + turn;
    }

    /** The block: the first field whose value is not the same on every peer that compared, and each one's value. */
    private String describe(List<Integer> in) {
        List<Map<String, String>> fields = new ArrayList<>();
        List<String> order = new ArrayList<>();
        for (int s : in) {
            Map<String, String> f = new java.util.LinkedHashMap<>();
            for (String line : dumps[s].split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    f.put(line.substring(0, eq), line.substring(eq + 1));
                    if (!order.contains(line.substring(0, eq))) {
                        order.add(line.substring(0, eq));
                    }
                }
            }
            fields.add(f);
        }
        String field = null;
        for (String name : order) {
            for (Map<String, String> f : fields) {
                if (!java.util.Objects.equals(f.get(name), fields.get(0).get(name))) {
                    field = name;
                    break;
                }
            }
            if (field != null) {
                break;
            }
        }
        StringBuilder out = new StringBuilder(header()).append(": entity ").append(key);
        if (field == null) {
            out.append(" exists on some peers only, or differs beyond its first ").append(Codec.MAX_DUMP)
                    .append(" bytes of fields");
        } else {
            int dot = field.indexOf('.');
            out.append(", component ").append(field, 0, dot).append(", field ").append(field.substring(dot + 1));
        }
        for (int s = 0; s < names.size(); s++) {
            int i = in.indexOf(s);
            String value = i < 0 ? "(not compared)" : field == null ? (dumps[s].isEmpty() ? "absent" : "present")
                    : String.valueOf(fields.get(i).get(field));
            out.append("\n  ").append(names.get(s)).append(": ").append(Echo.printable(value, 80));
        }
        return out.append("\n  ").append(files).toString();
    }

    /** @return the turns of the snapshots kept now, oldest first (for tests) */
    long[] keptTurns() {
        return kept.keySet().stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    public String toString() {
        return "DesyncHunt[turn " + turn + ", round " + round + ", kept " + Arrays.toString(keptTurns()) + "]";
    }
}
