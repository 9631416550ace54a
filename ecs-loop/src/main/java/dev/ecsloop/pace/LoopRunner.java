package dev.ecsloop.pace;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Owns a thread and runs frames on it until asked to stop.
 *
 * <p>Each iteration does, in this order and once each:
 * <ol>
 *   <li>the <em>pump</em>: drain the platform's event queue (GLFW's {@code glfwPollEvents}), right after the wait
 *       so the frame sees the freshest input. If it blocked for longer than a frame interval, the pacer's grid
 *       restarts at the frame, so the next frame is not released at once to draw the same state again;</li>
 *   <li>the <em>frame</em>: {@code GameLoop::frame}, which runs the due fixed ticks and then the every-frame
 *       systems (animation, and the renderer if the game draws from one). After a stall it catches up ticks inside that one call; the runner never calls the
 *       frame twice in one iteration, so only the newest state is rendered;</li>
 *   <li>the <em>frame end</em>: present what was drawn ({@code glfwSwapBuffers});</li>
 *   <li>the {@link FramePacer}'s wait for the next frame.</li>
 * </ol>
 *
 * <p>{@link #stop()} may be called from any thread, including from inside a hook; the runner finishes the current
 * iteration's frame and frame end, skips the wait, and {@link #run(Runnable)} returns. An interrupt of the running
 * thread stops it the same way and leaves the interrupt status set.
 *
 * <p>The runner knows nothing of {@code GameLoop}, so the loop can delegate to it without a package cycle:
 * {@code public void run(LoopRunner runner) { runner.run(this::frame); }}.
 *
 * <p>Invariant: at most one {@link #run(Runnable)} is active at a time; between runs the runner is idle and
 * reusable, whether the last run ended by {@link #stop()} or by an exception.
 */
public final class LoopRunner {

    private static final Runnable NOTHING = () -> { };

    private final FramePacer pacer;
    private final Runnable pump;
    private final Runnable frameEnd;
    private final AtomicBoolean running = new AtomicBoolean();
    /** Set by stop(); cleared only when a run ends, so a stop racing the start of a run is never lost. */
    private volatile boolean stopRequested;

    /**
     * A runner with no platform hooks: frames and the pacer's wait only (headless servers, tests).
     *
     * @param pacer waits between frames
     * @throws NullPointerException if {@code pacer} is null
     */
    public LoopRunner(FramePacer pacer) {
        this(pacer, NOTHING, NOTHING);
    }

    /**
     * @param pacer    waits between frames; give it 0 FPS when vsync in {@code frameEnd} paces the loop
     * @param pump     called first in each iteration, e.g. {@code GLFW::glfwPollEvents}
     * @param frameEnd called after the frame, e.g. {@code () -> glfwSwapBuffers(window)}
     * @throws NullPointerException if any argument is null
     */
    public LoopRunner(FramePacer pacer, Runnable pump, Runnable frameEnd) {
        this.pacer = Objects.requireNonNull(pacer, "pacer");
        this.pump = Objects.requireNonNull(pump, "pump");
        this.frameEnd = Objects.requireNonNull(frameEnd, "frameEnd");
    }

    /**
     * Runs iterations on the calling thread until {@link #stop()} (or an interrupt), then returns. The pacer's grid
     * is restarted first, so the first frame starts at once and the second one interval later.
     *
     * <p>An exception thrown by a hook or by the frame (for a game loop, {@code TickFailedException}) ends the run
     * and propagates from here unchanged; the iteration is abandoned where it failed (a failed frame gets no
     * frame end). The runner is then idle and may be run again.
     *
     * <p>If {@link #stop()} was called while no run was active, this run returns at once without a frame.
     *
     * @param frame one frame of the loop, e.g. {@code loop::frame}
     * @throws IllegalStateException if another run of this runner is active; that run is not disturbed
     * @throws NullPointerException  if {@code frame} is null
     */
    public void run(Runnable frame) {
        Objects.requireNonNull(frame, "frame");
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("this LoopRunner is already running");
        }
        Thread self = Thread.currentThread();
        try {
            pacer.restart();
            while (!stopRequested && !self.isInterrupted()) {
                pump.run();
                pacer.beginFrame();
                frame.run();
                frameEnd.run();
                if (stopRequested || self.isInterrupted()) {
                    break;
                }
                pacer.awaitNextFrame();
            }
        } finally {
            stopRequested = false;
            running.set(false);
        }
    }

    /**
     * Asks the active run to end after its current frame. Safe from any thread and from inside a hook; returns at
     * once without waiting for the run to end. Called while no run is active, it makes the next run return at once.
     */
    public void stop() {
        stopRequested = true;
    }

    /**
     * Whether a run is active.
     *
     * @return true while {@link #run(Runnable)} is active
     */
    public boolean isRunning() {
        return running.get();
    }

    /**
     * The pacer between frames; change its cap with {@link FramePacer#setFps(int)} at any time.
     *
     * @return the pacer
     */
    public FramePacer pacer() {
        return pacer;
    }
}
