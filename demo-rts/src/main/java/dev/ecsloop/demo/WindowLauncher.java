package dev.ecsloop.demo;

import dev.ecsloop.demo.replay.ReplayPlayback;

import dev.ecsloop.demo.sim.RtsGame;

/**
 * The seam between the command line and the window. {@link GlWindowLauncher} is the real one (LWJGL, through
 * {@code dev.ecsloop.demo.window}); tests of the command line pass their own, so its fallbacks (no display, no
 * GL context) are checked without opening anything.
 */
public interface WindowLauncher {

    /**
     * Opens a window and runs the game in it until the window closes, {@code quit} is typed, or simulated time
     * reaches {@link WindowRequest#stopAtNanos()}. The game was built on the system clock and has not run a
     * frame yet.
     *
     * @param game    the game to show, at simulated time 0
     * @param request frame cap, stop time, platform and screenshots
     * @param opened  called once the window is open, before the first frame (the caller starts its console
     *                transports there, so a window that cannot open leaves nothing behind)
     * @return the process exit status, normally 0
     * @throws WindowUnavailableException if no window or GL context can be created; thrown before the first frame
     */
    int run(RtsGame game, WindowRequest request, Runnable opened) throws WindowUnavailableException;

    /**
     * Opens a window that plays a recording through {@code playback} (at its current instant) until the window
     * closes, {@code quit} is typed, or the replay reaches {@link WindowRequest#stopAtNanos()}.
     *
     * @param playback the replay to show, on its game's manual clock
     * @param request  frame cap, stop time, platform and screenshots
     * @param opened   called once the window is open, before the first frame
     * @return the process exit status, normally 0
     * @throws WindowUnavailableException if no window can be created, or this launcher plays no replays (the
     *                                    default); thrown before the first frame
     */
    default int replay(ReplayPlayback playback, WindowRequest request, Runnable opened)
            throws WindowUnavailableException {
        throw new WindowUnavailableException("this window plays no replays", null);
    }
}
