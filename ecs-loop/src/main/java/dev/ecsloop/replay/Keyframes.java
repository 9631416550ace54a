package dev.ecsloop.replay;

import dev.ecsloop.time.Durations;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Snapshots of a replayed loop at regular simulated instants, so that {@link ReplaySeeker} reaches any instant by
 * restoring the nearest keyframe at or before it and simulating forward at most one interval.
 *
 * <p><b>Invariants.</b> Every keyframe sits at a multiple of {@link #interval()}; the first is at simulated time
 * 0; together they hold at most {@link #budgetBytes()} of packed snapshot bytes. When a new keyframe would exceed
 * the budget, the keyframes at odd multiples of the interval are dropped and the interval doubles (as often as
 * needed), rather than failing: a long recording gets sparser keyframes, never an error. So the worst seek
 * simulates one interval, and the interval is at most the recording's length over the number of keyframes the
 * budget holds, doubled.
 *
 * <p><b>Packing.</b> Each snapshot is deflated at the fastest level before it is kept ({@link KeyframePacking}):
 * measured on the 5,000-unit demo world and on the tests' worlds, it shrinks snapshots severalfold for about the
 * time of a capture, and deltas between keyframes did not pay (see BENCHMARKS.md).
 *
 * <p>Built by a {@link ReplaySeeker} as its replay passes each instant (a recording with none gets them by one
 * pass to its end), saved beside the replay file by {@link #save(Path, Replay)} and read back by {@link #load}.
 */
public final class Keyframes {

    /** The default memory budget for a replay's keyframes, in MB. */
    public static final int DEFAULT_BUDGET_MB = 256;
    /**
     * The default simulated time between keyframes, before any thinning: 2 s. Why: a seek simulates up to one
     * interval, and the 5,000-unit demo simulates 5 to 8 s per CPU second in its battles, so 2 s (4 s after the
     * one thinning a 60-minute recording needs within the default budget) keeps a seek under a second.
     */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);
    /** The largest budget a game may ask for, in MB. */
    public static final int MAX_BUDGET_MB = 4096;

    /** One keyframe: where the run was, and the packed snapshot. */
    record Keyframe(long simNanos, ReplayRun.Position position, int rawBytes, byte[] packed) {
    }

    private final TreeMap<Long, Keyframe> frames = new TreeMap<>();
    private final long budget;
    private long interval;
    private long bytes;
    private long rawBytes;
    private int thinnings;

    Keyframes(long intervalNanos, long budgetBytes) {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("keyframe interval must be above 0, was "
                    + Durations.exactSeconds(intervalNanos));
        }
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("keyframe budget must be positive, was " + budgetBytes + " bytes");
        }
        this.interval = intervalNanos;
        this.budget = budgetBytes;
    }

    /**
     * Empty keyframes to be built by a {@link ReplaySeeker}.
     *
     * @param interval        simulated time between keyframes, at most an hour (it doubles when the budget is hit)
     * @param budgetMegabytes most packed snapshot bytes to hold, in MB (2^20 bytes), 1 to {@link #MAX_BUDGET_MB}
     * @return empty keyframes
     * @throws IllegalArgumentException if the interval is not above 0 and at most an hour, or the budget is out
     *                                  of range
     */
    public static Keyframes every(Duration interval, int budgetMegabytes) {
        if (budgetMegabytes < 1 || budgetMegabytes > MAX_BUDGET_MB) {
            throw new IllegalArgumentException("keyframe budget must be 1 to " + MAX_BUDGET_MB + " MB, was "
                    + budgetMegabytes);
        }
        if (interval == null || interval.isNegative() || interval.isZero()
                || interval.compareTo(Duration.ofNanos(ReplayFormat.MAX_HASH_EVERY_NANOS)) > 0) {
            throw new IllegalArgumentException("keyframe interval must be above 0 and at most an hour, was "
                    + interval);
        }
        return new Keyframes(interval.toNanos(), (long) budgetMegabytes << 20);
    }

    /**
     * Reads keyframes that {@link #save} wrote for {@code replay}, checked in full: a file of another recording,
     * truncated, corrupt or over the budget is refused in one line, and nothing else changes.
     *
     * @param file            the keyframe file, for example {@link #besideReplay}
     * @param replay          the replay they were built for
     * @param budgetMegabytes the budget they must fit, in MB
     * @return the keyframes
     * @throws ReplayFormatException if the file is refused; the message is one line naming it and what is wrong
     * @throws IllegalArgumentException if the budget is out of range
     */
    public static Keyframes load(Path file, Replay replay, int budgetMegabytes) throws ReplayFormatException {
        Keyframes empty = every(DEFAULT_INTERVAL, budgetMegabytes);
        return KeyframeFile.read(file, replay, empty.budget);
    }

    /**
     * Writes these keyframes to a file, whole or not at all.
     *
     * @param file   where to write
     * @param replay the replay they were built for (its identity goes into the file)
     * @throws IOException if the file cannot be written; nothing is left behind then
     */
    public void save(Path file, Replay replay) throws IOException {
        KeyframeFile.write(file, replay, this);
    }

    /**
     * Where a replay's keyframes are kept: beside it, with {@code .keys} appended to its name.
     *
     * @param replayFile the replay file
     * @return the keyframe file's path
     */
    public static Path besideReplay(Path replayFile) {
        return replayFile.resolveSibling(replayFile.getFileName() + ".keys");
    }

    /** @return the simulated time between keyframes now (it doubles at each thinning) */
    public Duration interval() {
        return Duration.ofNanos(interval);
    }

    long intervalNanos() {
        return interval;
    }

    /** @return the number of keyframes held */
    public int count() {
        return frames.size();
    }

    /** @return packed snapshot bytes held */
    public long bytes() {
        return bytes;
    }

    /** @return the snapshots' bytes before packing */
    public long rawBytes() {
        return rawBytes;
    }

    /** @return the memory budget in bytes */
    public long budgetBytes() {
        return budget;
    }

    /** @return how often the keyframes were thinned (the interval doubled) to stay within the budget */
    public int thinnings() {
        return thinnings;
    }

    /** @return the instant of the last keyframe, or -1 if none */
    public long lastNanos() {
        return frames.isEmpty() ? -1 : frames.lastKey();
    }

    boolean has(long simNanos) {
        return frames.containsKey(simNanos);
    }

    /** The keyframe at or before {@code simNanos}, or null. */
    Keyframe atOrBefore(long simNanos) {
        Map.Entry<Long, Keyframe> e = frames.floorEntry(simNanos);
        return e == null ? null : e.getValue();
    }

    /** The first keyframe instant strictly after {@code simNanos}. */
    long nextAfter(long simNanos) {
        return (simNanos / interval + 1) * interval;
    }

    Collection<Keyframe> all() {
        return frames.values();
    }

    /**
     * Keeps a snapshot taken at {@code simNanos} (a multiple of the interval), thinning to stay in the budget; the
     * snapshot at 0 is never dropped. A snapshot that fits no budget with only the one at 0 beside it is not kept.
     *
     * @throws IllegalStateException if the snapshot at 0 alone exceeds the budget
     */
    void add(long simNanos, ReplayRun.Position position, byte[] snapshot) {
        put(new Keyframe(simNanos, position, snapshot.length, KeyframePacking.pack(snapshot)));
    }

    /**
     * Adds an already packed keyframe (a loaded file's), under the same rules. One off the interval is not kept:
     * loading a file into a smaller budget thins as it goes, and the file's keyframes at odd multiples of the old
     * interval are then what thinning drops (the file's own interval was checked as it was read).
     */
    void put(Keyframe k) {
        // The first keyframe is at the recording's start (0, or its start snapshot's instant, on the interval or
        // not); the others at later multiples of the interval.
        if (!frames.isEmpty() && (k.simNanos() % interval != 0 || k.simNanos() < frames.firstKey())) {
            return;
        }
        long size = k.packed().length;
        if (frames.isEmpty() && size > budget) {
            throw new IllegalStateException("a keyframe of " + size + " bytes exceeds the keyframe budget of "
                    + budget + " bytes");
        }
        while (bytes + size > budget && frames.size() > 1) {
            thin();
        }
        if (bytes + size > budget || !frames.isEmpty() && k.simNanos() % interval != 0) {
            return;
        }
        Keyframe old = frames.put(k.simNanos(), k);
        if (old != null) {
            bytes -= old.packed().length;
            rawBytes -= old.rawBytes();
        }
        bytes += size;
        rawBytes += k.rawBytes();
    }

    /** Drops every keyframe at an odd multiple of the interval and doubles it. */
    private void thin() {
        long doubled = interval * 2;
        long first = frames.firstKey();
        frames.values().removeIf(k -> {
            boolean drop = k.simNanos() % doubled != 0 && k.simNanos() != first;
            if (drop) {
                bytes -= k.packed().length;
                rawBytes -= k.rawBytes();
            }
            return drop;
        });
        interval = doubled;
        thinnings++;
    }

    /** The snapshot a keyframe holds, unpacked and length-checked. */
    byte[] unpack(Keyframe k, String name) throws ReplayFormatException {
        return KeyframePacking.unpack(k.packed(), k.rawBytes(), name);
    }

    void thinnings(int n) {
        thinnings = n;
    }
}
