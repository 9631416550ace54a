/**
 * The demo's window: GLFW + OpenGL 3.3 core drawing, camera and mouse input, and an imgui overlay with the
 * ecs-loop counters, rate sliders and an in-game console.
 *
 * <p>It knows nothing of the simulation. The game implements {@link dev.ecsloop.demo.window.WindowGame} (a
 * {@code GameLoop}, a {@code Console}, {@code fill(RenderSnapshot)}, {@code onSelect}, {@code onOrder}) and fills
 * a {@link dev.ecsloop.demo.window.RenderSnapshot} of plain arrays each frame;
 * {@link dev.ecsloop.demo.window.GameWindow} is the one class that owns GLFW and the GL context and runs the loop
 * through ecs-loop's {@code LoopRunner}:
 *
 * <pre>{@code
 * try (GameWindow window = GameWindow.open(WindowOptions.defaults(), game)) {
 *     for (String spec : screenshotSpecs) window.screenshotAt(Screenshot.parse(spec));   // --screenshot FILE@SECONDS
 *     if (!screenshotSpecs.isEmpty()) window.exitAfterScreenshots();
 *     window.run(new FramePacer(Clock.system(), 0));   // vsync paces; returns on close, Escape or 'quit'
 * }
 * }</pre>
 *
 * <p>Drawing costs a fixed handful of draw calls per frame whatever the unit count: one textured quad for the map,
 * three instanced draws for units (bodies, rings, health bars), one {@code GL_LINES} draw for paths and the drag
 * rectangle, plus imgui's. Everything that can be tested without GL (camera, gestures, history, completion,
 * control-to-command mapping, screenshot queue) lives in plain classes.
 */
package dev.ecsloop.demo.window;
