package dev.ecsloop.demo.window;

import dev.ecsloop.pace.FramePacer;
import dev.ecsloop.pace.LoopRunner;
import dev.ecsloop.time.Clock;

import java.nio.file.Path;
import java.util.Objects;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.glFinish;

/**
 * The GL shell of the game: {@link #open} brings up GLFW, the window and its context ({@link GlfwContext}: X11, or
 * GLFW's Null platform with an EGL context when {@linkplain WindowOptions#offscreen() offscreen}), installs the
 * input callbacks, then the renderer and the imgui overlay; {@link #run} drives the game's loop through an ecs-loop {@link LoopRunner}
 * (pump: poll events and drain the console; frame: {@code loop.frame()}; frame end: fill the snapshot, draw,
 * overlay, screenshots, swap); {@link #close()} frees everything in reverse order of creation.
 *
 * <pre>{@code
 * try (GameWindow window = GameWindow.open(WindowOptions.defaults(), game)) {
 *     window.screenshotAt(Path.of("shot.png"), 2_000_000_000L);   // optional
 *     window.run(new FramePacer(Clock.system(), 0));               // returns on close, Escape or 'quit'
 * }
 * }</pre>
 *
 * <p>Keys ({@link KeyBindings}): WASD/arrows pan (so does the cursor at a screen edge), the wheel zooms toward the
 * cursor, left-drag selects, right-click orders, a click on the minimap looks there, F1 toggles the panel, F2
 * cycles interpolation, F3 toggles the fog of war, T toggles the tick timeline, B follows the battle, H goes to
 * the player's base, F5 restarts (when the game can), backquote toggles the console, Escape closes the console or
 * else the window. The console gets {@code look} and {@code quit} ({@link WindowCommands}).
 *
 * <p>View: the map fills the window and the overlay floats over it; the camera stays on the map. Until the player
 * steers, the {@link CameraDirector} directs it: the player's army first, then the first engagement, followed.
 *
 * <p>Threads: everything, from {@code open} to {@code close}, on one thread (the loop's); only
 * {@link #requestClose()} may be called from elsewhere. Not reentrant: one {@code run} at a time.
 */
public final class GameWindow implements AutoCloseable {

    /** Real time for frame intervals, the frame profile and the X11 retry deadline; ecs-loop's one real clock. */
    private static final Clock REAL = Clock.system();

    /** What the panel's stall button holds one frame back by, in real milliseconds. */
    static final long STALL_MILLIS = 200;

    private final WindowOptions options;
    private WindowGame game;
    private final GlfwContext glfw;
    private final long window;
    private final Camera camera = new Camera();
    private final CameraControl control = new CameraControl(camera);
    private final CameraDirector director = new CameraDirector(camera);
    private final SteeringWatch steering = new SteeringWatch(camera, director);
    private final CursorScale cursorScale = new CursorScale();
    private MouseGestures gestures;
    private final RenderSnapshot snapshot = new RenderSnapshot();
    private final ScreenshotQueue screenshots = new ScreenshotQueue();
    private final FrameTimes frameTimes = new FrameTimes();
    private OverlayConsole overlayConsole;
    private TickTimeline timeline;
    private boolean restartPending;
    private final DrawCosts profile = new DrawCosts();
    private SceneRenderer renderer;
    private Overlay overlay;
    private volatile boolean closeRequested;
    private LoopRunner runner;
    private boolean exitAfterScreenshots;
    private boolean finishBeforeSwap;
    private boolean closed;
    private float cursorX = -1;
    private float cursorY = -1;
    private boolean cursorInside;
    private long lastFrameReal;

    private GameWindow(WindowOptions options, WindowGame game) {
        this.options = options;
        this.game = game;
        this.gestures = new MouseGestures(camera, game);
        this.overlayConsole = new OverlayConsole(game.console(), game.loop());
        this.glfw = new GlfwContext(options, REAL);
        this.window = glfw.window;
        try {
            installCallbacks();
            if (!options.offscreen()) {
                glfwFocusWindow(window); // keys work at once, also where no window manager hands out focus
            }
            timeline = new TickTimeline(game.loop(), REAL);
            renderer = new SceneRenderer();
            if (options.overlay()) {
                overlay = new Overlay(window, game, overlayConsole, frameTimes, timeline); // chains our callbacks
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Opens the window and its GL 3.3 core context; nothing runs until {@link #run}.
     *
     * @param options size, title, platform, vsync and overlay
     * @param game    what to show and drive
     * @return the open window; close it when done
     * @throws IllegalStateException if GLFW cannot start (no display for X11, no EGL offscreen) or the context
     *                               cannot be created; nothing is left allocated
     */
    public static GameWindow open(WindowOptions options, WindowGame game) {
        return new GameWindow(Objects.requireNonNull(options, "options"), Objects.requireNonNull(game, "game"));
    }

    private void installCallbacks() {
        int[] w = new int[1];
        int[] h = new int[1];
        glfwGetFramebufferSize(window, w, h);
        onFramebufferSize(window, w[0], h[0]);
        int[] ww = new int[1];
        int[] wh = new int[1];
        glfwGetWindowSize(window, ww, wh);
        cursorScale.windowSize(ww[0], wh[0]);
        glfwSetFramebufferSizeCallback(window, this::onFramebufferSize);
        glfwSetWindowSizeCallback(window, (win, width, height) -> cursorScale.windowSize(width, height));
        glfwSetKeyCallback(window, this::onKey);
        glfwSetMouseButtonCallback(window, this::onMouseButton);
        glfwSetCursorPosCallback(window, this::onCursor);
        glfwSetCursorEnterCallback(window, (win, entered) -> cursorInside = entered);
        glfwSetScrollCallback(window, this::onScroll);
    }

    /**
     * Queues a screenshot of the first frame drawn at or after {@code simNanos} of simulated time (the overlay
     * included). Call before or during {@link #run}.
     *
     * @param file     where the PNG goes
     * @param simNanos simulated time, in nanoseconds since the loop was built
     */
    public void screenshotAt(Path file, long simNanos) {
        screenshots.add(new Screenshot(file, simNanos));
    }

    /**
     * Queues a parsed {@code --screenshot FILE@SECONDS}.
     *
     * @param screenshot where and when
     */
    public void screenshotAt(Screenshot screenshot) {
        screenshots.add(Objects.requireNonNull(screenshot, "screenshot"));
    }

    /** Makes {@link #run} return once the last queued screenshot is written (for CI and {@code --screenshot}). */
    public void exitAfterScreenshots() {
        exitAfterScreenshots = true;
    }

    /**
     * Screenshots written so far.
     *
     * @return how many
     */
    public int screenshotsTaken() {
        return screenshots.taken();
    }

    /**
     * Shows or hides the tick timeline along the bottom (T toggles it too). The demo opens without it, so that
     * the map has the screen; tests of the timeline open with it (the default).
     *
     * @param open whether to show it
     */
    public void showTimeline(boolean open) {
        if (overlay != null) {
            overlay.setTimelineOpen(open);
        }
    }

    /** Asks {@link #run} to return after the current frame. Safe from any thread. */
    public void requestClose() {
        closeRequested = true;
        LoopRunner r = runner;
        if (r != null) {
            r.stop();
        }
    }

    /**
     * Runs the game until the window is closed, Escape is pressed, {@code quit} is typed or
     * {@link #requestClose()} is called: one {@code loop.frame()} and one drawn frame per iteration, paced by
     * {@code pacer} (0 FPS = uncapped, e.g. when vsync paces). Registers {@code quit} on the game's console unless
     * that name is taken.
     *
     * @param pacer paces the frames
     * @throws dev.ecsloop.TickFailedException if a system throws; the window stays open and usable
     * @throws IllegalStateException           if the window is closed
     */
    public void run(FramePacer pacer) {
        if (closed) {
            throw new IllegalStateException("window is closed");
        }
        try {
            while (true) {
                WindowCommands.register(game.console(), director, this::requestClose);
                runner = new LoopRunner(pacer, this::pump, this::frameEnd);
                lastFrameReal = REAL.nanoTime();
                game.loop().run(runner);
                if (!restartPending || closeRequested) {
                    return;
                }
                restartPending = false;
                WindowGame next = game.restart();
                if (next != null) {
                    swapGame(next);
                }
            }
        } finally {
            runner = null;
            restartPending = false;
            closeRequested = false; // a close asked before or during this run ends this run only
        }
    }

    /** Puts a fresh game in the old one's place: new console view, gestures, timeline and overlay; same view. */
    private void swapGame(WindowGame next) {
        timeline.detach();
        game = next;
        gestures = new MouseGestures(camera, next);
        overlayConsole = new OverlayConsole(next.console(), next.loop());
        timeline = new TickTimeline(next.loop(), REAL);
        if (overlay != null) {
            boolean timelineOpen = overlay.isTimelineOpen();
            overlay.free();
            overlay = new Overlay(window, next, overlayConsole, frameTimes, timeline);
            overlay.setTimelineOpen(timelineOpen);
        }
        director.reset();
        snapshot.clear();
        snapshot.mapWidth = 0;
    }

    /** Ends the current game's run and starts {@link WindowGame#restart()}'s game, if it offers one. */
    void requestRestart() {
        restartPending = true;
        LoopRunner r = runner;
        if (r != null) {
            r.stop();
        }
    }

    /** Before each frame: input events, then the pending console lines, both at the frame boundary. */
    private void pump() {
        glfwPollEvents();
        game.console().drain();
        game.beforeFrame();
        if (closeRequested || glfwWindowShouldClose(window)) {
            runner.stop();
        }
    }

    /** After each frame: fill, draw, overlay, screenshots due by now, swap. */
    private void frameEnd() {
        timeline.endFrame();
        long start = REAL.nanoTime();
        float seconds = (start - lastFrameReal) / 1e9f;
        lastFrameReal = start;
        frameTimes.add(seconds * 1000f);
        control.edgePan = cursorInside && (overlay == null || !overlay.wantsMouse());
        control.update(Math.min(seconds, 0.1f));
        snapshot.clear();
        game.fill(snapshot);
        if (overlay != null) {
            overlay.setStatusLine(game.statusLine());
            overlay.showMode(game.interpolation());
        }
        long filled = REAL.nanoTime();
        steering.update(snapshot, seconds, game.framesUnitsFirst(), overlay != null,
                overlay != null && overlay.isPanelOpen(), overlay != null && overlay.isTimelineOpen(),
                timeline.shownLanes());
        gestures.publish(snapshot);
        renderer.draw(snapshot, camera);
        long scene = REAL.nanoTime();
        if (overlay != null) {
            if (screenshots.isDue(game.loop().simulatedNanos())) {
                overlay.refreshNow(); // the panel shows the time the screenshot was asked for, not a second ago
            }
            overlay.render(start, camera, snapshot);
            if (overlay.takeRestart()) {
                requestRestart();
            }
            if (overlay.takeStall()) {
                stall();
            }
        }
        long drawn = REAL.nanoTime();
        if (finishBeforeSwap) {
            glFinish();
        }
        long finished = REAL.nanoTime();
        for (Screenshot s = screenshots.due(game.loop().simulatedNanos()); s != null;
                s = screenshots.due(game.loop().simulatedNanos())) {
            FramebufferCapture.writePng(s.file(), cursorScale.framebufferWidth(), cursorScale.framebufferHeight());
            if (exitAfterScreenshots && screenshots.isEmpty()) {
                requestClose();
            }
        }
        long captured = REAL.nanoTime();
        glfwSwapBuffers(window);
        profile.record(filled - start, scene - filled, drawn - scene, finished - drawn, REAL.nanoTime() - captured);
    }

    /** Holds the loop thread back once, so the next frame must catch up: a demonstration for the timeline. */
    private void stall() {
        try {
            Thread.sleep(STALL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void onKey(long win, int key, int scancode, int action, int mods) {
        boolean typing = overlay != null && overlay.wantsKeyboard();
        if (action == GLFW_PRESS && overlay != null) {
            overlay.keyPressed(key);
        }
        if (action == GLFW_PRESS) {
            act(KeyBindings.pressed(key, typing));
        }
        if (action != GLFW_REPEAT) {
            KeyBindings.pan(control, key, action == GLFW_PRESS, typing);
        }
    }

    private void act(KeyBindings.Action action) {
        if (overlay != null && overlay.act(action)) {
            return;
        }
        switch (action) {
            case RESTART -> requestRestart();
            case FOG -> {
                game.toggleFog();
                snapshot.fog = new byte[0]; // a game that stops drawing fog leaves none behind
            }
            case ESCAPE -> requestClose();
            case INTERPOLATION -> game.setInterpolation(InterpolationCycle.next(game.interpolation()));
            case BATTLE -> director.followBattle();
            case BASE -> {
                director.goHome(snapshot);
                steering.remember();
            }
            default -> { }
        }
    }

    private void onMouseButton(long win, int button, int action, int mods) {
        if (action == GLFW_PRESS && overlay != null) {
            overlay.buttonPressed(button);
        }
        if (action == GLFW_PRESS && overlay != null && overlay.wantsMouse()) {
            return;
        }
        if (button == GLFW_MOUSE_BUTTON_LEFT) {
            if (action == GLFW_PRESS) {
                gestures.leftPress(cursorX, cursorY);
            } else {
                gestures.leftRelease(cursorX, cursorY);
            }
        } else if (button == GLFW_MOUSE_BUTTON_RIGHT && action == GLFW_PRESS) {
            gestures.rightPress(cursorX, cursorY);
        }
    }

    /** Cursor positions come in window coordinates; everything else works in framebuffer pixels. */
    private void onCursor(long win, double x, double y) {
        cursorX = cursorScale.pixelX(x);
        cursorY = cursorScale.pixelY(y);
        control.cursorX = cursorX;
        control.cursorY = cursorY;
        gestures.move(cursorX, cursorY);
    }

    private void onScroll(long win, double dx, double dy) {
        if (overlay == null || !overlay.wantsMouse()) {
            control.wheel((float) dy);
        }
    }

    private void onFramebufferSize(long win, int w, int h) {
        cursorScale.framebufferSize(w, h);
        camera.setViewport(cursorScale.framebufferWidth(), cursorScale.framebufferHeight());
    }

    /** Measuring aid: call {@code glFinish} before the swap so {@link #profile()} splits CPU submit from GPU time. */
    void setFinishBeforeSwap(boolean on) {
        finishBeforeSwap = on;
    }

    DrawCosts profile() {
        return profile;
    }

    Camera camera() {
        return camera;
    }

    /** The overlay, or null without one: window tests read its layout. */
    Overlay overlay() {
        return overlay;
    }

    CameraDirector director() {
        return director;
    }

    TickTimeline timeline() {
        return timeline;
    }

    /** The window's top-left corner on the screen, in screen coordinates: where real input events must land. */
    int[] position() {
        int[] x = new int[1];
        int[] y = new int[1];
        glfwGetWindowPos(window, x, y);
        return new int[] {x[0], y[0]};
    }

    OverlayConsole overlayConsole() {
        return overlayConsole;
    }

    /** Frees the overlay, the renderer, the callbacks, the context and window, then GLFW: reverse of creation. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (timeline != null) {
            timeline.detach();
        }
        if (overlay != null) {
            overlay.free();
            overlay = null;
        }
        if (renderer != null) {
            renderer.free();
            renderer = null;
        }
        glfw.close();
    }
}
