/**
 * A debug console for a running {@link dev.ecsloop.GameLoop}: retune rates, pause, single-step, scale time and
 * read the counters while the game runs.
 *
 * <p>Public types: {@link dev.ecsloop.console.Console} (registry, parser, frame-boundary queue),
 * {@link dev.ecsloop.console.Command} and {@link dev.ecsloop.console.Args} (how a command is written),
 * {@link dev.ecsloop.console.ConsoleReader} (standard input) and {@link dev.ecsloop.console.ConsoleServer}
 * (localhost TCP). Everything else is package-private.
 *
 * <p>Threading: transports read on their own daemon threads and only submit lines; the loop thread runs them in
 * {@link dev.ecsloop.console.Console#drain()} between frames, so a command sees and changes the loop exactly at
 * a frame boundary and never races a tick. The loop thread never does I/O for a transport.
 *
 * <p>Layering: this package depends on the loop and nothing above it. Features add their own commands with
 * {@link dev.ecsloop.console.Console#register}, exactly as the built-ins are added and as a game adds its own:
 * {@code dev.ecsloop.pace.FrameCapCommand} ({@code fps}), {@code dev.ecsloop.interpolate.InterpolationCommand}
 * ({@code interp}), {@code dev.ecsloop.state.HashCommand} ({@code hash}) and
 * {@code dev.ecsloop.replay.RecordingCommands} ({@code record}, {@code stop}, {@code replay}). A command whose
 * work is file I/O hands it to {@link dev.ecsloop.console.Console#offLoop}, so it never blocks a frame.
 */
package dev.ecsloop.console;
