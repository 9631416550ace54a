package dev.ecsloop.replay;

import dev.ecsloop.GameLoop;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.snapshot.Snapshots;
import dev.ecsloop.time.Durations;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Replay keyframes kept while recording, so that a fresh recording seeks at once, without the replay pass that
 * {@link ReplaySeeker} otherwise needs to build them: {@link #poll()} captures the live game at each multiple of
 * the interval (within the budget, thinning as {@link Keyframes} does), and {@link #save(Path)} writes them beside
 * the saved replay ({@link Keyframes#besideReplay}).
 *
 * <p><b>Why a live capture equals a replay's.</b> A replay's keyframe at {@code t} is the loop at {@code t} with
 * every record before {@code t} applied and none at or after it. The live loop right after a frame that ended at
 * {@code t}, before anything else runs between frames, differs only where input is journaled but not yet applied
 * there: an event posted but not yet given its simulated time, or one given {@code t} or later (held back by the
 * catch-up bound, say), is in the live queue but not in the replay's. So {@link #poll()} captures only when the
 * queue is settled before {@code t} ({@link InputQueue#settledBefore}) and the loop owes no debt, and skips that
 * keyframe otherwise (a seek near it then simulates one interval more). Where a keyframe sits in the file (records
 * consumed, the hash checker's reads) is not known until the file is: {@link #save(Path)} finds it in one pass
 * over the saved replay, by the same rule the replay follows.
 *
 * <p>Call {@link #poll()} on the loop thread right after each frame, before console commands, saves or input of
 * the next; end frames at {@link #nextDueNanos()} so that there is an instant to capture (a headless run clips its
 * frames; a window holds the loop at a horizon). Not for a lockstep match, whose session moves the horizon.
 */
public final class LiveKeyframes {

    private final Snapshots snapshots;
    private final GameLoop loop;
    private final InputQueue inputs;
    private final Keyframes keyframes;
    private long nextDue;
    private int skipped;

    private LiveKeyframes(Snapshots snapshots, InputQueue inputs, Keyframes keyframes) {
        this.snapshots = snapshots;
        this.loop = snapshots.loop();
        this.inputs = inputs;
        this.keyframes = keyframes;
    }

    /**
     * Starts keeping keyframes, capturing the one at simulated time 0 now: call it before anything is applied at
     * 0 (rates a setup sets, input), right after a recorder is attached.
     *
     * @param snapshots       snapshots of the recorded loop, at simulated time 0
     * @param inputs          the loop's input queue, or null
     * @param interval        simulated time between keyframes, above 0 and at most an hour
     * @param budgetMegabytes most packed bytes to hold, 1 to {@link Keyframes#MAX_BUDGET_MB}
     * @return the keyframes, holding the one at 0
     * @throws IllegalArgumentException if the loop is not at 0, or the interval or budget is out of range
     * @throws IllegalStateException    if the snapshot at 0 alone exceeds the budget
     */
    public static LiveKeyframes start(Snapshots snapshots, InputQueue inputs, Duration interval,
                                      int budgetMegabytes) {
        return start(snapshots, inputs, Keyframes.every(interval, budgetMegabytes));
    }

    /** As {@link #start(Snapshots, InputQueue, Duration, int)} into given empty keyframes (tests: tiny budgets). */
    static LiveKeyframes start(Snapshots snapshots, InputQueue inputs, Keyframes empty) {
        if (snapshots.loop().simulatedNanos() != 0) {
            throw new IllegalArgumentException("live keyframes start at simulated time 0, the loop is at "
                    + Durations.exactSeconds(snapshots.loop().simulatedNanos()));
        }
        LiveKeyframes live = new LiveKeyframes(snapshots, inputs, empty);
        snapshots.loop().snapshotState().flushEntities();
        live.keyframes.add(0, null, snapshots.capture());
        live.nextDue = live.keyframes.nextAfter(0);
        return live;
    }

    /** @return the next simulated instant to end a frame at for a keyframe */
    public long nextDueNanos() {
        return nextDue;
    }

    /**
     * Right after a frame: captures a keyframe if the loop stands on a due instant and its input is settled
     * before it; otherwise notes the instant as skipped once it is passed. Allocates nothing unless it captures.
     *
     * @return whether it captured
     */
    public boolean poll() {
        long now = loop.simulatedNanos();
        if (now < nextDue) {
            return false;
        }
        nextDue = keyframes.nextAfter(now);
        if (now % keyframes.intervalNanos() != 0 || keyframes.has(now) || loop.debtNanos() != 0
                || inputs != null && !inputs.settledBefore(now)) {
            skipped++;
            return false;
        }
        keyframes.add(now, null, snapshots.capture());
        return true;
    }

    /** @return due instants passed without a keyframe (the frame did not end there, or input was unsettled) */
    public int skipped() {
        return skipped;
    }

    /** @return the keyframes kept so far (their file positions are found by {@link #save}) */
    public Keyframes keyframes() {
        return keyframes;
    }

    /**
     * Writes the keyframes beside a replay just saved from this recording: those up to its end, each with its
     * position in it.
     *
     * @param replayFile the replay the recorder saved
     * @return the keyframe file written
     * @throws IOException if the replay cannot be read or the file cannot be written (nothing is left then)
     */
    public Path save(Path replayFile) throws IOException {
        Replay replay = Replay.read(replayFile);
        Keyframes out = new Keyframes(keyframes.intervalNanos(), keyframes.budgetBytes());
        out.thinnings(keyframes.thinnings());
        List<Keyframes.Keyframe> kept = new ArrayList<>();
        for (Keyframes.Keyframe k : keyframes.all()) {
            if (k.simNanos() <= replay.endNanos()) {
                kept.add(k);
            }
        }
        ReplayRun.Position[] positions = positions(replay, kept);
        for (int i = 0; i < kept.size(); i++) {
            Keyframes.Keyframe k = kept.get(i);
            out.put(new Keyframes.Keyframe(k.simNanos(), positions[i], k.rawBytes(), k.packed()));
        }
        Path keys = Keyframes.besideReplay(replayFile);
        KeyframeFile.write(keys, replay, out);
        return keys;
    }

    /**
     * Where a replay stands at each keyframe's instant {@code t} (ascending), found in one pass over the file: the
     * records consumed are those before the first non-hash record at or after {@code t} (every earlier one is
     * applied, as {@link ReplayRun} applies them); the checker has compared every hash taken at or before
     * {@code t} (the frame that ends at {@code t} runs the ticks due then) and read on to the next hash record.
     */
    static ReplayRun.Position[] positions(Replay replay, List<Keyframes.Keyframe> kept) throws ReplayFormatException {
        int n = kept.size();
        long[] consumed = new long[n];
        java.util.Arrays.fill(consumed, -1);
        List<long[]> hashes = new ArrayList<>(); // {time, index}
        long index = 0;
        int k = 0;
        try (RecordReader r = replay.open()) {
            while (r.next()) {
                if (r.kind == ReplayFormat.HASH) {
                    hashes.add(new long[] {r.simNanos, index});
                } else {
                    while (k < n && r.simNanos >= kept.get(k).simNanos()) {
                        consumed[k++] = index;
                    }
                }
                index++;
            }
        }
        long total = index;
        ReplayRun.Position[] out = new ReplayRun.Position[n];
        int matched = 0;
        for (int i = 0; i < n; i++) {
            long t = kept.get(i).simNanos();
            while (matched < hashes.size() && hashes.get(matched)[0] <= t) {
                matched++;
            }
            boolean more = matched < hashes.size();
            long last = matched == 0 ? -1 : hashes.get(matched - 1)[0];
            long next = matched == 0 ? replay.hashEveryNanos() : Recorder.nextCheckpoint(last, replay.hashEveryNanos());
            out[i] = new ReplayRun.Position(consumed[i] < 0 ? total : consumed[i],
                    more ? hashes.get(matched)[1] + 1 : total, more, next, matched, last);
        }
        return out;
    }
}
