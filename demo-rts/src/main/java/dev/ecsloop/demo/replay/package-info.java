/**
 * Watching a recording in the window: {@link dev.ecsloop.demo.replay.ReplayPlayback} plays a replay at real speed
 * through the core's {@code ReplaySeeker}, pauses, and seeks to any instant (the console's {@code seek}, the
 * window's scrubber); the window only draws what it reaches.
 */
package dev.ecsloop.demo.replay;
