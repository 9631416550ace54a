/**
 * The simulation's state as a value: {@link dev.ecsloop.state.StateHash} hashes every component of a world
 * exactly, and {@link dev.ecsloop.state.Presentation} marks what is not simulation state (render caches,
 * animation) and so is left out. Replays, interpolation and lockstep all depend on this package, and it on
 * nothing of theirs.
 */
package dev.ecsloop.state;
