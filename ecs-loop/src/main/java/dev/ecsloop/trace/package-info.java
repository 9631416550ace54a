/**
 * Traces of a running {@link dev.ecsloop.GameLoop} for the tools people already use: Chrome trace-event JSON
 * (Perfetto UI, {@code chrome://tracing}, Tracy's importer) and JDK Flight Recorder events (JDK Mission Control,
 * IDE profilers).
 *
 * <p>Public type: {@link dev.ecsloop.trace.Trace} (a trace window, Flight Recorder events, the console command
 * {@code trace}). Everything else is package-private: the loop's probe ({@code Tap}), the preallocated event
 * buffer, the JSON writer and the Flight Recorder event classes ({@code dev.ecsloop.Tick},
 * {@code dev.ecsloop.Frame}, {@code dev.ecsloop.CatchUpBoundHit}).
 *
 * <p>Invariants: while nothing traces, no probe is attached to the loop; while a window is open, the loop
 * thread allocates nothing and does no I/O for it; the JSON is written by one writer thread per window, after
 * the window ended; every slice is a complete event and one lane's slices never overlap.
 */
package dev.ecsloop.trace;
