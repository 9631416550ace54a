package dev.ecsloop.demo;

import dev.ecsloop.pace.FrameCapCommand;
import dev.ecsloop.demo.replay.ReplayPlayback;
import dev.ecsloop.demo.sim.RtsGame;
import dev.ecsloop.demo.window.GameWindow;
import dev.ecsloop.demo.window.Screenshot;
import dev.ecsloop.demo.window.WindowOptions;
import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.time.Clock;

/**
 * Runs the RTS in an LWJGL window ({@link GameWindow}): X11 where a display exists, or GLFW's Null platform with
 * EGL when {@linkplain WindowRequest#offscreen() offscreen}. The console's {@code fps} command retunes the
 * window's frame cap; vsync is on only when the cap is off.
 */
public final class GlWindowLauncher implements WindowLauncher {

    @Override
    public int run(RtsGame game, WindowRequest request, Runnable opened) throws WindowUnavailableException {
        WindowOptions options = WindowOptions.defaults()
                .withOffscreen(request.offscreen())
                .withFitScreen(true) // X11 only: offscreen keeps 1280x720
                .withVsync(request.fps() == 0);
        FramePacer pacer = new FramePacer(Clock.system(), request.fps());
        game.pacedBy(pacer);
        RtsWindowGame shown = new RtsWindowGame(game, request.stopAtNanos(), g -> {
            FrameCapCommand.register(g.console(), pacer);
            g.pacedBy(pacer);
        });
        return show(shown, options, pacer, request, opened);
    }

    @Override
    public int replay(ReplayPlayback playback, WindowRequest request, Runnable opened)
            throws WindowUnavailableException {
        WindowOptions options = WindowOptions.defaults()
                .withOffscreen(request.offscreen())
                .withFitScreen(true)
                .withVsync(request.fps() == 0);
        FramePacer pacer = new FramePacer(Clock.system(), request.fps());
        return show(RtsWindowGame.replaying(playback, request.stopAtNanos()), options, pacer, request, opened);
    }

    private static int show(RtsWindowGame shown, WindowOptions options, FramePacer pacer, WindowRequest request,
                            Runnable opened) throws WindowUnavailableException {
        GameWindow window;
        try {
            window = GameWindow.open(options, shown);
        } catch (IllegalStateException | LinkageError e) { // no display or GL context; natives missing
            throw new WindowUnavailableException(e.getMessage(), e);
        }
        try (window) {
            shown.attach(window);
            window.showTimeline(false); // the map gets the screen; T shows the timeline
            opened.run();
            for (Screenshot s : request.screenshots()) {
                window.screenshotAt(s);
            }
            FrameCapCommand.register(shown.console(), pacer);
            window.run(pacer);
        }
        return 0;
    }
}
