package dev.ecsloop.demo.replay;

import dev.ecsloop.console.Args;
import dev.ecsloop.console.Console;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.replay.Keyframes;
import dev.ecsloop.replay.Replay;
import dev.ecsloop.replay.ReplayFormatException;
import dev.ecsloop.replay.ReplayResult;
import dev.ecsloop.replay.ReplaySeeker;
import dev.ecsloop.snapshot.SnapshotException;
import dev.ecsloop.state.StateHash;
import dev.ecsloop.time.Clock;
import dev.ecsloop.time.Durations;
import dev.ecsloop.time.ManualClock;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * A replay played in the window: each window frame, {@link #beforeFrame()} moves the replayed game on by the real
 * time since the last one (while playing), through a {@link ReplaySeeker} that applies the recorded input, rates
 * and edits at their instants and checks the recorded hashes; {@link #seek} jumps to any instant, forward or
 * backward (nearest keyframe, then simulate on). The game's loop runs on a {@link ManualClock} that only the seeker
 * advances, so the window's own {@code loop.frame()} after this is a frame of length zero: it simulates nothing
 * and the drawing shows exactly the instant reached.
 *
 * <p>A replay takes no orders: its console ({@link #console()}) holds only {@code seek}, {@code play},
 * {@code pause} and {@code hash}, so nothing typed or clicked can change what the file replays (the window adds
 * {@code look} and {@code quit}). At the end of the recording, or where it diverges, it pauses and says so once;
 * a seek back plays on.
 *
 * <p>Invariant: between frames the game is at {@link #positionNanos()}, the state a straight replay reaches at
 * that instant, or the replay has {@linkplain #problem() stopped} there. Loop thread only.
 */
public final class ReplayPlayback implements AutoCloseable {
    private static final Pattern SECONDS = Pattern.compile("\\d{1,8}(\\.\\d{1,9})?");

    private final RtsGame game;
    private final ReplaySeeker seeker;
    private final Clock real;
    private final Console console = new Console();
    private final long stopNanos;
    private long lastReal;
    private boolean paused;
    private String problem;
    private String reported;
    private long frameNanos = 1;

    private ReplayPlayback(RtsGame game, Replay replay, ManualClock clock, Clock real, Keyframes keyframes,
                           long stopNanos) throws ReplayFormatException {
        this.game = game;
        this.real = real;
        this.stopNanos = Math.min(stopNanos < 0 ? Long.MAX_VALUE : stopNanos, replay.endNanos());
        this.seeker = ReplaySeeker.open(replay, game.snapshots(), clock, game.inputs(), () -> frameNanos,
                keyframes);
        this.lastReal = real.nanoTime();
        register();
    }

    /**
     * Opens a replay to play, at simulated time 0.
     *
     * @param game      built from the recorded setup on {@code clock}, without a recorder, at simulated time 0
     * @param replay    the checked recording
     * @param clock     the game's manual clock, which only the playback advances
     * @param real      the real clock playing is paced by
     * @param keyframes keyframes read for this recording, or empty ones to build as it plays
     * @param stopNanos where playing stops for good (the window closes there), or -1 for the recording's end
     * @return the playback, playing
     * @throws ReplayFormatException if the recording does not fit the game (one line)
     */
    public static ReplayPlayback open(RtsGame game, Replay replay, ManualClock clock, Clock real, Keyframes keyframes,
                                      long stopNanos) throws ReplayFormatException {
        return new ReplayPlayback(game, replay, clock, real, keyframes, stopNanos);
    }

    private void register() {
        console.register("seek", "seek <seconds>", "jumps the replay to a simulated instant, forward or backward",
                (args, out) -> out.accept(seek(seconds(args))));
        console.register("play", "play", "plays the replay on from where it is", (args, out) -> {
            args.expectAtMost(0);
            out.accept(play());
        });
        console.register("pause", "pause", "pauses the replay", (args, out) -> {
            args.expectAtMost(0);
            paused = true;
            out.accept("replay paused at " + Durations.exactSeconds(positionNanos()));
        });
        console.register("hash", "hash", "prints the world-state hash at the replay's instant", (args, out) -> {
            args.expectAtMost(0);
            out.accept("world-hash: " + StateHash.hex(game.worldHash()) + " at "
                    + Durations.exactSeconds(positionNanos()));
        });
    }

    /** The console word as exact nanoseconds: plain decimal seconds, at most nanosecond precision. */
    private long seconds(Args args) {
        args.expectAtMost(1);
        String text = args.word(0, "<seconds>");
        if (!SECONDS.matcher(text).matches()) {
            throw args.error("'" + text + "' is not a number of seconds (0 to "
                    + Durations.exactSeconds(seeker.endNanos()) + ")");
        }
        return new BigDecimal(text).movePointRight(9).longValueExact();
    }

    /**
     * Moves the replay to {@code simNanos} (the console's {@code seek}, the scrubber); playing or paused stays as
     * it was.
     *
     * @param simNanos the instant, 0 to the recording's end
     * @return the line to show: where it is now
     * @throws IllegalArgumentException one line, nothing changed: outside the recording, past where the window
     *                                  stops, or a keyframe or snapshot the game refuses
     */
    public String seek(long simNanos) {
        if (simNanos > stopNanos && stopNanos < seeker.endNanos()) {
            throw new IllegalArgumentException("cannot seek to " + Durations.exactSeconds(simNanos)
                    + ": this window stops at " + Durations.exactSeconds(stopNanos));
        }
        try {
            seeker.seek(simNanos);
        } catch (ReplayFormatException | SnapshotException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        lastReal = real.nanoTime();
        problem = seeker.diverged() ? divergence() : null;
        reported = null;
        return "seeked to " + Durations.exactSeconds(positionNanos()) + " of "
                + Durations.exactSeconds(seeker.endNanos()) + (paused ? " (paused)" : "");
    }

    private String play() {
        if (problem != null) {
            return "cannot play on: " + problem + "; seek back first";
        }
        if (positionNanos() >= stopNanos) {
            return "the replay is at its end (" + Durations.exactSeconds(stopNanos) + "); seek back first";
        }
        paused = false;
        lastReal = real.nanoTime();
        return "playing from " + Durations.exactSeconds(positionNanos());
    }

    /**
     * Before each window frame, on the loop thread: plays on by the real time since the last frame (nothing while
     * paused), stopping at the end, at the stop time or where the replay diverges.
     */
    public void beforeFrame() {
        long now = real.nanoTime();
        long elapsed = now - lastReal;
        lastReal = now;
        if (paused || problem != null || elapsed <= 0) {
            return;
        }
        long target = Math.min(stopNanos, positionNanos() + elapsed);
        frameNanos = Math.max(1, elapsed);
        try {
            seeker.playTo(target);
        } catch (ReplayFormatException | SnapshotException e) {
            problem = e.getMessage();
        }
        if (problem == null && seeker.diverged()) {
            problem = divergence();
        }
        if (problem != null || positionNanos() >= stopNanos) {
            paused = true;
        }
    }

    private String divergence() {
        try {
            ReplayResult r = seeker.playToEnd();
            return r.matched() ? null : "replay diverged: " + r.divergence();
        } catch (ReplayFormatException e) {
            return e.getMessage();
        }
    }

    /**
     * What the window shows about the replay, once per frame: a line when it stopped for a reason (the end, a
     * divergence), else null. Each reason is returned once.
     *
     * @return the line, or null
     */
    public String takeNews() {
        String news = problem != null ? problem
                : positionNanos() >= stopNanos ? "replay ended at " + Durations.exactSeconds(stopNanos) : null;
        if (news == null || news.equals(reported)) {
            return null;
        }
        reported = news;
        return news;
    }

    /** @return the replay's instant */
    public long positionNanos() {
        return seeker.simulatedNanos();
    }

    /** @return the recording's last instant */
    public long endNanos() {
        return seeker.endNanos();
    }

    /** @return where playing stops: the recording's end, or sooner when the window closes there */
    public long stopNanos() {
        return stopNanos;
    }

    /** @return whether playing is paused (also at the end, and after a divergence) */
    public boolean paused() {
        return paused;
    }

    /** @param on pause (true) or play on (false; refused silently at the end or after a divergence) */
    public void setPaused(boolean on) {
        if (on) {
            paused = true;
        } else {
            play();
        }
    }

    /** @return why the replay stopped short (a divergence, a refused file), or null */
    public String problem() {
        return problem;
    }

    /** @return the replay's console: seek, play, pause, hash */
    public Console console() {
        return console;
    }

    /** @return the game being replayed */
    public RtsGame game() {
        return game;
    }

    /** @return the keyframes, as read or built so far */
    public Keyframes keyframes() {
        return seeker.keyframes();
    }

    /** Stops checking; the game stays where it is. */
    @Override
    public void close() {
        seeker.close();
    }
}
