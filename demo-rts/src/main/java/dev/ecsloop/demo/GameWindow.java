package dev.ecsloop.demo;

import dev.ecsloop.demo.sim.RtsGame;

/**
 * The seam between the headless demo and a window layer (LWJGL, in {@code dev.ecsloop.demo.window}). An
 * implementation registers itself in {@code META-INF/services/dev.ecsloop.demo.GameWindow}; {@link Main} finds
 * it with {@link java.util.ServiceLoader}, so the CLI compiles and runs without any window code on the class
 * path, and falls back to headless (saying so in one line) when none is there, no display is set, or
 * {@link #run} throws {@link WindowUnavailableException}.
 */
public interface GameWindow {

    /**
     * Opens a window and runs the game in it until the window closes, {@code quit} is typed, or simulated time
     * reaches {@code stopAtNanos}. Per frame: poll events (mouse orders go through {@link RtsGame#select},
     * {@link RtsGame#orderMove}, {@link RtsGame#orderAttack}), {@link RtsGame#frame()}, draw
     * {@link RtsGame#snapshot}, swap. The game was built on the system clock and has not run a frame yet.
     *
     * @param game        the game to show, at simulated time 0
     * @param fps         frame cap, 0 for none (vsync)
     * @param stopAtNanos simulated time to stop at, or -1 for none
     * @return the process exit status, normally 0
     * @throws WindowUnavailableException if no window or GL context can be created; thrown before the first frame
     */
    int run(RtsGame game, int fps, long stopAtNanos) throws WindowUnavailableException;
}
