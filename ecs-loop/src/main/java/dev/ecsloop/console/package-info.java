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
 * <p>Other packages add their commands ({@code fps}, {@code interp}, {@code hash}, {@code record}, ...) with
 * {@link dev.ecsloop.console.Console#register}, exactly as the built-ins are added, and they appear in
 * {@code help} at once.
 */
package dev.ecsloop.console;
