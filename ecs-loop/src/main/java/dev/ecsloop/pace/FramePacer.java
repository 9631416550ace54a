package dev.ecsloop.pace;

import dev.ecsloop.time.Clock;

import java.time.Duration;
import java.util.Objects;

/**
 * Caps the frame rate: {@link #awaitNextFrame()} waits, through a {@link Clock}, until the next frame is due.
 *
 * <p>Why a pacer at all: a loop that renders as fast as it can burns a whole core (and the battery) drawing frames
 * nobody sees, and when no vsync paces it, frames arrive unevenly. A pacer makes the loop sleep when nothing is due.
 *
 * <p><b>How it waits.</b> An operating-system sleep is cheap but coarse: it may wake up late by the timer's
 * granularity (tens of microseconds on an idle Linux box, a millisecond or more on a loaded one or with a 1 ms
 * Windows timer). Spinning is precise but costs a full core. So the pacer sleeps
 * ({@link Clock#sleepNanos(long)}) while more than the <em>spin threshold</em> remains, and spins
 * ({@link Clock#spinWait()}) through the last stretch. The CPU stays idle for all but the threshold of each wait,
 * and a frame starts late only when a sleep overshoots by more than the threshold.
 *
 * <p><b>A threshold that learns.</b> How late sleeps wake depends on the machine and its load, so the default
 * pacer ({@link #FramePacer(Clock, int)}) measures it: each sleep's overshoot (its wake-up time minus the time it
 * asked for) feeds a decaying peak, which rises at once to a late wake-up (up to what the largest threshold can
 * cover) and sinks by 1/64 per sleep (a few seconds at 60 FPS), and the threshold is that peak plus a quarter in
 * whole 10 us, kept within 50 us and 2 ms. It starts at {@link #DEFAULT_SPIN_THRESHOLD}. On a quiet Linux box,
 * where sleeps overshoot by about the 50 us timer slack, it settles below 0.1 ms, so each wait spins a tenth as
 * long as with a fixed 1 ms, at the same precision (measured side by side in ecs-loop/docs/BENCHMARKS.md). A slow
 * wake-up makes that one frame late by its excess, never the later ones (see the grid, below). A pacer built with
 * an explicit threshold ({@link #FramePacer(Clock, int, Duration)}) keeps it.
 *
 * <p><b>The grid.</b> Frame deadlines lie on a fixed grid: each deadline is the previous one plus the interval
 * {@code 1 s / fps}, kept exact with an integer remainder (1/60 s is not a whole number of nanoseconds; at 60 FPS
 * consecutive deadlines are 16,666,666 or 16,666,667 ns apart and every 60 of them make exactly one second). A
 * frame that starts a little late therefore does not push the later ones back: errors do not accumulate. If the
 * loop falls behind the grid by more than one interval (a stall: a hitch, a debugger pause, a slow load),
 * the grid restarts at the present instead of releasing a burst of back-to-back frames to catch up; catching
 * up simulated time is the game loop's business, not the renderer's.
 *
 * <p><b>Uncapped.</b> An FPS of 0 means no cap, for example when vsync does the pacing: {@link #awaitNextFrame()}
 * returns at once without reading the clock. Switching from uncapped to a cap restarts the grid at the next wait.
 *
 * <p><b>Threads.</b> {@link #awaitNextFrame()} and {@link #restart()} belong to the loop thread.
 * {@link #setFps(int)} may be called from any thread (a settings menu, a battery monitor); the new cap applies at
 * the next wait, measured from the start of the current frame. Waiting allocates nothing.
 *
 * <p>Invariants: {@code 0 <= fps() <= MAX_FPS}; while capped, consecutive frames released on the grid start
 * exactly one interval apart (up to the clock's spin granularity); a learned threshold lies within 50 us and 2 ms.
 */
public final class FramePacer {

    /** The highest cap accepted. Beyond 1000 FPS an interval falls below a millisecond and pacing is moot. */
    public static final int MAX_FPS = 1000;

    /**
     * The spin threshold the default pacer starts from before it has measured any sleep, and a sound fixed choice:
     * 1 ms. Linux high-resolution sleeps usually overshoot by 20-100 us, but on a busy or virtualised machine
     * wake-ups slip by up to a few milliseconds, and a Windows timer ticks at 1 ms at best; 1 ms of spin absorbs
     * the common overshoot at the cost of spinning 1 ms of every frame.
     */
    public static final Duration DEFAULT_SPIN_THRESHOLD = Duration.ofMillis(1);

    /** The least a learned threshold goes down to: the spin granularity and the clock read after a sleep. */
    static final long MIN_LEARNED_SPIN_MICROS = 50;

    /**
     * The most a learned threshold goes up to. Sleeps that overshoot by more are rare hitches on a loaded machine;
     * spinning through them would cost more than the late frame they cause.
     */
    static final long MAX_LEARNED_SPIN_MICROS = 2_000;

    /**
     * A learned threshold is rounded up to whole 10 us: finer is noise next to wake-up jitter, and a round
     * threshold keeps a manual clock's 10 us spins landing exactly on the deadlines in tests.
     */
    private static final long LEARNED_STEP_NANOS = 10_000L;

    /** The peak sinks by 1/2^DECAY_SHIFT of itself per sleep. */
    private static final int DECAY_SHIFT = 6;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final Clock clock;
    /** Whether the threshold is learned from the sleeps' overshoot; otherwise it stays as constructed. */
    private final boolean learns;
    /** The current threshold; changed only by the loop thread, and only when {@link #learns}. */
    private long spinThresholdNanos;
    /** Decaying peak of observed sleep overshoot, in ns; used only when {@link #learns}. */
    private long overshootPeak;
    /** The cap asked for; written by any thread, applied by the loop thread at its next wait. */
    private volatile int requestedFps;

    // Loop-thread state.
    private int fps;
    private long intervalNanos;     // floor(1e9 / fps)
    private long intervalRemainder; // 1e9 mod fps
    private boolean anchored;       // whether frameStart is a valid grid point
    private long frameStart;        // the grid point of the current frame
    private long remainderAcc;      // accumulated remainder, in [0, fps)
    private long stalls;
    /** When the current frame was released (the wait returned, or the grid was anchored). */
    private long released;
    /** Decaying peak of the frames' busy time (release to the next wait), in ns: what a frame is expected to take. */
    private long busyPeak;

    /**
     * A pacer whose spin threshold learns how late this machine's sleeps wake up, starting from the
     * {@link #DEFAULT_SPIN_THRESHOLD}: the right choice unless a test or a measurement needs it fixed.
     *
     * @param clock the time source; waits go through it
     * @param fps   the cap, 0 (uncapped) to {@link #MAX_FPS}
     * @throws IllegalArgumentException if {@code fps} is out of range
     * @throws NullPointerException     if {@code clock} is null
     */
    public FramePacer(Clock clock, int fps) {
        this(clock, fps, DEFAULT_SPIN_THRESHOLD, true);
    }

    /**
     * A pacer with a fixed spin threshold.
     *
     * @param clock          the time source; waits go through it
     * @param fps            the cap, 0 (uncapped) to {@link #MAX_FPS}
     * @param spinThreshold  how much of each wait is spun rather than slept; zero sleeps all the way (cheapest,
     *                       least precise), one second or more spins all the way
     * @throws IllegalArgumentException if {@code fps} is out of range or {@code spinThreshold} is negative
     * @throws NullPointerException     if {@code clock} or {@code spinThreshold} is null
     */
    public FramePacer(Clock clock, int fps, Duration spinThreshold) {
        this(clock, fps, spinThreshold, false);
    }

    private FramePacer(Clock clock, int fps, Duration spinThreshold, boolean learns) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.learns = learns;
        Objects.requireNonNull(spinThreshold, "spinThreshold");
        if (spinThreshold.isNegative()) {
            throw new IllegalArgumentException("spin threshold must not be negative, was " + spinThreshold);
        }
        checkFps(fps);
        this.spinThresholdNanos = spinThreshold.compareTo(Duration.ofSeconds(1)) >= 0
                ? NANOS_PER_SECOND : spinThreshold.toNanos();
        this.overshootPeak = spinThresholdNanos * 4 / 5; // so that peak + peak/4 is the starting threshold
        this.requestedFps = fps;
        apply(fps);
    }

    /**
     * Changes the cap. Safe from any thread; the loop thread applies it at its next wait, so the next frame starts
     * one new interval after the current one started.
     *
     * @param fps frames per second, 1 to {@link #MAX_FPS}, or 0 for no cap
     * @throws IllegalArgumentException if {@code fps} is out of range; the cap is then unchanged
     */
    public void setFps(int fps) {
        checkFps(fps);
        requestedFps = fps;
    }

    /**
     * The cap last asked for (it applies from the next wait on); 0 means uncapped.
     *
     * @return frames per second, 0 when uncapped
     */
    public int fps() {
        return requestedFps;
    }

    /**
     * How much of each wait is spun rather than slept: fixed, or for the default pacer what it has learned so far.
     * Loop thread (another thread may see a stale value).
     *
     * @return the current threshold
     */
    public Duration spinThreshold() {
        return Duration.ofNanos(spinThresholdNanos);
    }

    /**
     * How many times the loop fell more than one interval behind and the grid restarted.
     *
     * @return the count
     */
    public long stalls() {
        return stalls;
    }

    /**
     * How long the frame starting now may wait for something: until half an interval past its grid point, and no
     * later than leaves the frames' recent busy time before the next deadline (each frame's busy time runs from its
     * release to the next wait; the peak of them rises at once and sinks by 1/64 per frame, like the spin
     * threshold's). Lockstep waits this long for a late batch rather than draw a frame whose simulation stopped short.
     * Half an interval, so that a frame that waited is still shown nearer its own place on the grid than the next
     * frame's; a wait counts as busy time, so the frames after one leave themselves less. Uncapped (vsync paces,
     * and no deadline is known) or before the first frame: 0. Loop thread only; reads the clock, allocates nothing.
     *
     * @return nanoseconds, never negative
     */
    public long spareNanos() {
        if (fps == 0 || !anchored) {
            return 0;
        }
        long until = Math.min(frameStart + intervalNanos / 2, nextDeadline() - busyPeak);
        return Math.max(0, until - clock.nanoTime());
    }

    /**
     * Declares that a frame starts now: the grid is anchored at the present and the next
     * {@link #awaitNextFrame()} waits until one interval from now. A loop calls this just before its first frame;
     * without it the first wait returns at once and anchors the grid there. Loop thread only.
     */
    public void restart() {
        applyRequested();
        if (fps > 0) {
            anchor(clock.nanoTime());
        }
    }

    /**
     * Waits until the next frame is due, then returns; the caller starts the frame at once.
     *
     * <p>Uncapped: returns at once. Otherwise the next deadline is the current frame's grid point plus one
     * interval. If it is still ahead, the pacer sleeps until the spin threshold remains and spins the rest. If it
     * has passed by at most one interval, the frame is merely late: it returns at once and the grid stands, so the
     * next frame is not delayed. If it has passed by more (a stall), or the grid was never anchored, the grid
     * restarts at the present and it returns at once: exactly one frame follows a stall, not a burst.
     *
     * <p>An interrupt does not end the wait early: {@link Clock#sleepNanos(long)} then returns at once and the
     * pacer spins to the deadline. Loop thread only; allocates nothing.
     */
    public void awaitNextFrame() {
        applyRequested();
        if (fps == 0) {
            return;
        }
        long now = clock.nanoTime();
        if (!anchored) {
            anchor(now);
            return;
        }
        long busy = now - released;
        busyPeak = Math.max(busy, busyPeak - (busyPeak >> DECAY_SHIFT));
        long deadline = nextDeadline();
        long remaining = deadline - now;
        if (-remaining > intervalNanos) {
            stalls++;
            anchor(now);
            return;
        }
        long threshold = spinThresholdNanos; // what is learned now applies from the next wait
        while (remaining > threshold) {
            long wake = deadline - threshold;
            clock.sleepNanos(remaining - threshold);
            long woke = clock.nanoTime();
            if (learns) {
                learn(woke - wake);
            }
            remaining = deadline - woke;
        }
        while (remaining > 0) {
            clock.spinWait();
            remaining = deadline - clock.nanoTime();
        }
        released = deadline - remaining;
        advance();
    }

    /**
     * Marks the start of a frame, for callers that do blocking work between the wait and the frame. An event pump
     * can stall (on some platforms {@code glfwPollEvents} blocks while a window is dragged); the frame after it
     * then starts late, and without this mark the next wait would see the stall only afterwards and release one
     * more frame at once, drawing the same state twice. If the frame starts more than one interval after its grid
     * point, the grid restarts here, so the next frame comes one interval later. Uncapped: does nothing.
     * Loop thread only; {@link LoopRunner} calls it just before each frame.
     */
    void beginFrame() {
        if (fps == 0 || !anchored) {
            return;
        }
        long now = clock.nanoTime();
        if (now - frameStart > intervalNanos) {
            stalls++;
            anchor(now);
        }
    }

    /** Feeds one sleep's overshoot (negative: it woke early) to the peak and derives the threshold from it. */
    private void learn(long overshoot) {
        // A wake-up later than the largest threshold can cover (a scheduling hitch, not timer granularity)
        // teaches no more than that threshold, so the peak sinks back from it as fast as from any other.
        long sample = Math.min(Math.max(overshoot, 0), MAX_LEARNED_SPIN_MICROS * 1_000 * 4 / 5);
        overshootPeak = Math.max(sample, overshootPeak - (overshootPeak >> DECAY_SHIFT));
        long wanted = overshootPeak + (overshootPeak >> 2);
        wanted = (wanted + LEARNED_STEP_NANOS - 1) / LEARNED_STEP_NANOS * LEARNED_STEP_NANOS;
        spinThresholdNanos = Math.min(MAX_LEARNED_SPIN_MICROS * 1_000, Math.max(MIN_LEARNED_SPIN_MICROS * 1_000,
                wanted));
    }

    private void applyRequested() {
        int wanted = requestedFps;
        if (wanted != fps) {
            boolean wasUncapped = fps == 0;
            apply(wanted);
            if (wasUncapped) {
                anchored = false; // an uncapped loop kept no grid
            }
        }
    }

    private void apply(int newFps) {
        fps = newFps;
        remainderAcc = 0;
        if (newFps > 0) {
            intervalNanos = NANOS_PER_SECOND / newFps;
            intervalRemainder = NANOS_PER_SECOND % newFps;
        } else {
            intervalNanos = 0;
            intervalRemainder = 0;
        }
    }

    private void anchor(long now) {
        frameStart = now;
        released = now;
        remainderAcc = 0;
        anchored = true;
    }

    /** The grid point after {@link #frameStart}, without moving there. */
    private long nextDeadline() {
        return frameStart + intervalNanos + (remainderAcc + intervalRemainder >= fps ? 1 : 0);
    }

    /** Moves {@link #frameStart} one interval along the grid. */
    private void advance() {
        frameStart += intervalNanos;
        remainderAcc += intervalRemainder;
        if (remainderAcc >= fps) {
            remainderAcc -= fps;
            frameStart++;
        }
    }

    private static void checkFps(int fps) {
        if (fps < 0 || fps > MAX_FPS) {
            throw new IllegalArgumentException("fps must be 0 (uncapped) to " + MAX_FPS + ", was " + fps);
        }
    }

    @Override
    public String toString() {
        int f = requestedFps;
        return "FramePacer[" + (f == 0 ? "uncapped" : f + " fps") + ", spin " + spinThresholdNanos + " ns]";
    }
}
