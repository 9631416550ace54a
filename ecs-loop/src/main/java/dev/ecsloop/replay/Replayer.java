package dev.ecsloop.replay;

import com.artemis.BaseSystem;
import dev.ecsloop.GameLoop;
import dev.ecsloop.TickListener;
import dev.ecsloop.input.InputQueue;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.ManualClock;

import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Plays a {@link Replay} back into a freshly built loop and checks it state hash by state hash.
 *
 * <p>The loop must be built from the recorded setup with a {@link ManualClock}: the replayer drives that clock,
 * in frames whose lengths come from a caller's profile, but always ends a frame exactly at each recorded rate
 * change and input, so they apply at the same simulated instant as when recorded. Since the tick sequence does
 * not depend on how time is split into frames, any profile must reproduce the recording. Checks happen at the
 * same instants as when recording (before the first tick at or after each multiple of the hash interval); at
 * the first mismatch the replay stops and reports the tick and simulated time.
 */
public final class Replayer {

    private final Replay replay;
    private final GameLoop loop;
    private final ManualClock clock;
    private final InputQueue inputs;
    private final LongSupplier frames;
    private final Clock pace;
    private Checker checker;

    private Replayer(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs, LongSupplier frames,
                     Clock pace) {
        this.replay = replay;
        this.loop = loop;
        this.clock = clock;
        this.inputs = inputs;
        this.frames = frames;
        this.pace = pace;
    }

    /**
     * Replays as fast as possible.
     *
     * @param loop   built from the recorded setup, at simulated time 0, driven by {@code clock}
     * @param inputs the loop's input queue, or null if the recording holds no input
     * @param frames real frame lengths in ns to drive with (each is capped by the catch-up bound)
     * @param replay the recording
     * @param clock the manual clock driving {@code loop}
     * @return how far it matched
     * @throws ReplayFormatException if the loop's systems or rates differ from the recording's, or the
     *                               recording has input and no queue was given
     */
    public static ReplayResult play(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs,
                                    LongSupplier frames) throws ReplayFormatException {
        return new Replayer(replay, loop, clock, inputs, frames, null).run();
    }

    /**
     * Replays in real time: after each frame, waits on {@code pace} until as much real time has passed as
     * simulated time (at the loop's time scale 1).
     *
     * @param replay the recording
     * @param loop built from the recorded setup, at simulated time 0, driven by {@code clock}
     * @param clock the manual clock driving {@code loop}
     * @param inputs the loop's input queue, or null if the recording holds no input
     * @param frames real frame lengths in ns to drive with
     * @param pace the real clock to wait on
     * @return how far it matched
     * @throws ReplayFormatException if the loop's systems or rates differ from the recording's
     */
    public static ReplayResult playInRealTime(Replay replay, GameLoop loop, ManualClock clock, InputQueue inputs,
                                              LongSupplier frames, Clock pace) throws ReplayFormatException {
        return new Replayer(replay, loop, clock, inputs, frames, Objects.requireNonNull(pace, "pace")).run();
    }

    private void checkLoop() throws ReplayFormatException {
        if (loop.clock() != clock) {
            throw new IllegalArgumentException("the loop must be driven by the given manual clock");
        }
        if (loop.simulatedNanos() != 0) {
            throw new IllegalArgumentException("replay needs a fresh loop at simulated time 0");
        }
        java.util.Map<String, Double> here = new java.util.LinkedHashMap<>();
        for (Class<? extends BaseSystem> s : loop.systems()) {
            here.put(s.getSimpleName(), loop.rate(s));
        }
        if (!here.equals(replay.systems())) {
            throw new ReplayFormatException("replay was recorded with systems " + replay.systems()
                    + ", this loop has " + here);
        }
        if (inputs == null && replay.entries().stream().anyMatch(e -> e.kind() == ReplayFormat.INPUT)) {
            throw new ReplayFormatException("replay holds input events but no input queue was given");
        }
    }

    private ReplayResult run() throws ReplayFormatException {
        checkLoop();
        checker = new Checker(replay);
        loop.addTickListener(checker);
        long realStart = pace == null ? 0 : pace.nanoTime();
        try {
            List<Replay.Entry> entries = replay.entries();
            int i = 0;
            while (checker.divergence == null) {
                long target = i < entries.size() ? entries.get(i).simNanos() : replay.endNanos();
                advanceTo(target, realStart);
                if (checker.divergence != null) {
                    break;
                }
                if (i >= entries.size()) {
                    break;
                }
                apply(entries.get(i++));
            }
        } finally {
            loop.removeTickListener(checker);
        }
        long finalHash = checker.hasher.hash();
        ReplayResult.Divergence divergence = checker.divergence;
        if (divergence == null && finalHash != replay.endHash()) {
            divergence = new ReplayResult.Divergence(null, loop.simulatedNanos(), checker.lastMatch,
                    replay.endHash(), finalHash);
        }
        return new ReplayResult(checker.matched, loop.simulatedNanos(), finalHash, divergence);
    }

    private void advanceTo(long target, long realStart) {
        long bound = loop.maxCatchUp().toNanos();
        while (loop.simulatedNanos() < target && checker.divergence == null) {
            long frame = Math.max(1, Math.min(Math.min(frames.getAsLong(), bound), target - loop.simulatedNanos()));
            if (loop.timeScale() != 1.0) {
                loop.setTimeScale(1.0);
            }
            if (loop.isPaused()) {
                loop.resume();
            }
            clock.advance(frame);
            loop.frame();
            if (pace != null) {
                long behind = loop.simulatedNanos() - (pace.nanoTime() - realStart);
                pace.sleepNanos(behind);
            }
        }
    }

    private void apply(Replay.Entry e) {
        switch (e.kind()) {
            case ReplayFormat.INPUT -> inputs.postAtSimulated(e.simNanos())
                    .set((int) e.a(), (int) e.b(), e.x(), e.y(), e.z(), e.w());
            case ReplayFormat.RATE -> {
                Class<? extends BaseSystem> system = systemNamed(e.system());
                if (e.value() == 0.0) {
                    loop.setEveryFrame(system);
                } else {
                    loop.setRate(system, e.value());
                }
            }
            default -> {
                // Hashes are checked by the Checker; time scale, catch-up, debt, pauses and steps do not change
                // the simulation at a given simulated time.
            }
        }
    }

    private Class<? extends BaseSystem> systemNamed(String name) {
        for (Class<? extends BaseSystem> s : loop.systems()) {
            if (s.getSimpleName().equals(name)) {
                return s;
            }
        }
        throw new IllegalStateException("replay names system " + name + " which this loop lacks");
    }

    /** Hashes the state at the recorder's checkpoints and compares with the recorded hashes in order. */
    private final class Checker implements TickListener {
        final StateHash hasher = new StateHash(loop.world());
        final long[] times;
        final long[] hashes;
        int next;
        int matched;
        long nextHashAt;
        long lastMatch = -1;
        ReplayResult.Divergence divergence;

        Checker(Replay replay) {
            List<Replay.Entry> all = replay.entries().stream().filter(e -> e.kind() == ReplayFormat.HASH).toList();
            times = all.stream().mapToLong(Replay.Entry::simNanos).toArray();
            hashes = all.stream().mapToLong(Replay.Entry::a).toArray();
            nextHashAt = replay.hashEveryNanos();
        }

        @Override
        public void beforeTick(BaseSystem system, long tickNanos) {
            if (divergence != null || tickNanos < nextHashAt) {
                return;
            }
            nextHashAt = Recorder.nextCheckpoint(tickNanos, replay.hashEveryNanos());
            long actual = hasher.hash();
            String name = system.getClass().getSimpleName();
            if (next >= hashes.length) {
                if (tickNanos <= replay.endNanos()) {
                    divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, 0, actual);
                }
                return;
            }
            if (times[next] != tickNanos || hashes[next] != actual) {
                divergence = new ReplayResult.Divergence(name, tickNanos, lastMatch, hashes[next], actual);
                return;
            }
            next++;
            matched++;
            lastMatch = tickNanos;
        }
    }
}
