/**
 * Parallel ticks whose result does not depend on the number of threads: {@link dev.ecsloop.parallel.Parallel}
 * runs a system's entities in fixed-size chunks on the loop's workers, folds per-chunk results and applies
 * per-chunk {@link dev.ecsloop.parallel.ChunkCommands} in chunk order, and runs
 * {@link dev.ecsloop.parallel.AsyncJobs} delivered a fixed number of ticks after submission. Calls that would
 * make the outcome depend on thread timing (changing the world's structure, controlling the loop) throw inside
 * a chunk or job.
 */
package dev.ecsloop.parallel;
