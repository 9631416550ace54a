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
 * <p><b>Packing off the loop thread.</b> The loop thread only captures (the part that must see the settled
 * world); the snapshot is packed on a thread of this object's ({@link KeyframePacker}) while the game runs on, and
 * kept at the next due instant, which waits for it if the packer is behind (one interval of simulated time later:
 * it rarely is), or when {@link #keyframes()} or a save asks for it. Keeping it before that instant's
 * decision makes the keyframes exactly those a packing on the loop thread keeps: the same instants, the same
 * bytes, the same thinning under the same budget. At most one captured snapshot waits unpacked beside the budget.
 *
 * <p>Call {@link #poll()} on the loop thread right after each frame, before console commands, saves or input of
 * the next; end frames at {@link #nextDueNanos()} so that there is an instant to capture (a headless run clips its
 * frames; a window holds the loop at a horizon). Not for a lockstep match, whose session moves the horizon.
 * Everything here belongs to the loop thread except {@link Saving#writeBeside}.
 */
public final class LiveKeyframes {

    private final Snapshots snapshots;
    private final GameLoop loop;
    private final InputQueue inputs;
    private final Keyframes keyframes;
    /** Packs off the loop thread; null: packs on it, as before (for comparison, and for one-core machines). */
    private final KeyframePacker packer;
    private long nextDue;
    private int skipped;
    /** The instant and raw length of the snapshot being packed, while {@link KeyframePacker#inFlight()}. */
    private long packingNanos;
    private int packingRawBytes;

    private LiveKeyframes(Snapshots snapshots, InputQueue inputs, Keyframes keyframes, boolean packOffLoop) {
        this.packer = packOffLoop ? new KeyframePacker() : null;
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
        return start(snapshots, inputs, Keyframes.every(interval, budgetMegabytes), true);
    }

    /**
     * As {@link #start(Snapshots, InputQueue, Duration, int)}, but packing each keyframe on the loop thread inside
     * {@link #poll()}, as this class did before packing moved off it: the same keyframes, the same bytes, and the
     * whole cost on the loop thread. For a benchmark's side-by-side figures, and for a machine with a single core,
     * where a second thread would only take turns with the loop.
     *
     * @param snapshots       snapshots of the recorded loop, at simulated time 0
     * @param inputs          the loop's input queue, or null
     * @param interval        simulated time between keyframes, above 0 and at most an hour
     * @param budgetMegabytes most packed bytes to hold, 1 to {@link Keyframes#MAX_BUDGET_MB}
     * @return the keyframes, holding the one at 0
     * @throws IllegalArgumentException if the loop is not at 0, or the interval or budget is out of range
     * @throws IllegalStateException    if the snapshot at 0 alone exceeds the budget
     */
    public static LiveKeyframes startPackingOnLoopThread(Snapshots snapshots, InputQueue inputs, Duration interval,
                                                         int budgetMegabytes) {
        return start(snapshots, inputs, Keyframes.every(interval, budgetMegabytes), false);
    }

    /**
     * As {@link #start(Snapshots, InputQueue, Duration, int)} into given empty keyframes (tests: tiny budgets),
     * packing off the loop thread or on it.
     */
    static LiveKeyframes start(Snapshots snapshots, InputQueue inputs, Keyframes empty, boolean packOffLoop) {
        if (snapshots.loop().simulatedNanos() != 0) {
            throw new IllegalArgumentException("live keyframes start at simulated time 0, the loop is at "
                    + Durations.exactSeconds(snapshots.loop().simulatedNanos()));
        }
        LiveKeyframes live = new LiveKeyframes(snapshots, inputs, empty, packOffLoop);
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
     * before it, handing it to the packer; otherwise notes the instant as skipped once it is passed. At a due
     * instant it first keeps the previous keyframe, packed by then (or waited for). Allocates nothing between due
     * instants; at one, the capture's output buffer and the keyframe's entry, as packing on the loop thread did.
     *
     * @return whether it captured
     * @throws IllegalStateException if packing the previous keyframe failed
     */
    public boolean poll() {
        long now = loop.simulatedNanos();
        if (now < nextDue) {
            return false;
        }
        settle();   // the decision below sees the previous keyframe kept, and any thinning it caused
        nextDue = keyframes.nextAfter(now);
        if (now % keyframes.intervalNanos() != 0 || keyframes.has(now) || loop.debtNanos() != 0
                || inputs != null && !inputs.settledBefore(now)) {
            skipped++;
            return false;
        }
        byte[] snapshot = snapshots.capture();
        if (packer == null) {
            keyframes.add(now, null, snapshot);
            return true;
        }
        packingNanos = now;
        packingRawBytes = snapshot.length;
        packer.submit(snapshot);
        return true;
    }

    /** Keeps the keyframe being packed, waiting for it if need be; nothing when none is. */
    private void settle() {
        if (packer != null && packer.inFlight()) {
            byte[] packed = packer.await();
            keyframes.put(new Keyframes.Keyframe(packingNanos, null, packingRawBytes, packed));
        }
    }

    /** @return due instants passed without a keyframe (the frame did not end there, or input was unsettled) */
    public int skipped() {
        return skipped;
    }

    /**
     * @return the keyframes kept so far, with the one being packed (waited for); their file positions are found by
     *         {@link #save}
     */
    public Keyframes keyframes() {
        settle();
        return keyframes;
    }

    /**
     * Writes the keyframes beside a replay just saved from this recording: those up to its end, each with its
     * position in it. On the loop thread; {@link #prepareSave()} then {@link Saving#writeBeside} does the same with
     * the file work on another thread.
     *
     * @param replayFile the replay the recorder saved
     * @return the keyframe file written
     * @throws IOException if the replay cannot be read or the file cannot be written (nothing is left then)
     */
    public Path save(Path replayFile) throws IOException {
        return prepareSave().writeBeside(replayFile);
    }

    /**
     * The keyframes kept so far (with the one being packed, waited for), fixed for writing on another thread
     * while the game keeps recording: the console's {@code stop} writes the replay and its keyframes on its I/O
     * thread. The list is copied; the packed bytes are shared, never changed once packed.
     *
     * @return what {@link Saving#writeBeside} writes
     */
    public Saving prepareSave() {
        settle();
        return new Saving(keyframes.intervalNanos(), keyframes.budgetBytes(), keyframes.thinnings(),
                new ArrayList<>(keyframes.all()));
    }

    /** Keyframes fixed by {@link #prepareSave()}, to write beside a replay of this recording from any thread. */
    public static final class Saving {
        private final long intervalNanos;
        private final long budgetBytes;
        private final int thinnings;
        private final List<Keyframes.Keyframe> all;

        private Saving(long intervalNanos, long budgetBytes, int thinnings, List<Keyframes.Keyframe> all) {
            this.intervalNanos = intervalNanos;
            this.budgetBytes = budgetBytes;
            this.thinnings = thinnings;
            this.all = all;
        }

        /** @return how many keyframes were kept when this was prepared (some may lie past a shorter replay) */
        public int count() {
            return all.size();
        }

        /** @return the simulated time between them then */
        public Duration interval() {
            return Duration.ofNanos(intervalNanos);
        }

        /**
         * Writes those up to the replay's end beside it ({@link Keyframes#besideReplay}), each with its position
         * in it.
         *
         * @param replayFile a replay saved from this recording
         * @return the keyframe file written
         * @throws IOException if the replay cannot be read or the file cannot be written (nothing is left then)
         */
        public Path writeBeside(Path replayFile) throws IOException {
            Replay replay = Replay.read(replayFile);
            Keyframes out = new Keyframes(intervalNanos, budgetBytes);
            out.thinnings(thinnings);
            List<Keyframes.Keyframe> kept = new ArrayList<>();
            for (Keyframes.Keyframe k : all) {
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
